/**
 * Paid services (02 §3, §4, §7 "Paid services"): the admin creates, edits,
 * activates, deactivates and puts them on the homepage; each doctor enables or
 * disables each for themselves. A patient sees a doctor's active, enabled ones.
 */
import type { Actor } from "../../access/actor.ts";
import type { Deps } from "../../deps.ts";
import type { Queryable } from "../../db/connect.ts";
import { listOf } from "../../http/envelope.ts";
import { notFound } from "../../http/errors.ts";
import type { DoctorPaidService, PaidService, PaidServiceInput, PaidServicesQuery, ServiceField } from "../../../../sync/schemas/commerce.ts";
import type { PaidServiceChoice } from "../../../../sync/schemas/commerce-answers.ts";
import { listedDoctor } from "../doctors/reads.ts";

export type PaidServiceRow = {
  id: string;
  name: string;
  description: string;
  subscriber_price_cents: number | null;
  non_subscriber_price_cents: number | null;
  fields: ServiceField[];
  attachable_files: boolean;
  intake_form: boolean;
  additional_price_cents: number | null;
  additional_max: number | null;
  additional_within_days: number | null;
  refund_window_days: number | null;
  is_active: boolean;
  is_homepage: boolean;
  created_at: Date;
  updated_at: Date;
};

/** 02 §8 wording. */
export const noSuchService = () => notFound("No such service!");

export const toPaidService = (r: PaidServiceRow): PaidService => ({
  id: r.id,
  name: r.name,
  description: r.description,
  subscriberPriceCents: r.subscriber_price_cents,
  nonSubscriberPriceCents: r.non_subscriber_price_cents,
  fields: typeof r.fields === "string" ? JSON.parse(r.fields) : r.fields,
  attachableFiles: r.attachable_files,
  intakeForm: r.intake_form,
  additional: r.additional_price_cents !== null && r.additional_max !== null && r.additional_within_days !== null
    ? { priceCents: r.additional_price_cents, max: r.additional_max, withinDays: r.additional_within_days }
    : null,
  refundWindowDays: r.refund_window_days,
  isActive: r.is_active,
  isHomepage: r.is_homepage,
  createdAt: r.created_at.toISOString(),
});

export async function serviceById(sql: Queryable, id: string): Promise<PaidServiceRow | null> {
  const [row] = await sql<PaidServiceRow[]>`select * from paid_services where id = ${id}`;
  return row ?? null;
}

/** Whether a doctor offers a service right now (active and enabled by them). */
export async function doctorOffers(sql: Queryable, doctorId: string, serviceId: string): Promise<boolean> {
  const [row] = await sql<{ ok: boolean }[]>`select true as ok from paid_services s
    join doctor_paid_services d on d.service_id = s.id and d.doctor_id = ${doctorId} and d.enabled
    where s.id = ${serviceId} and s.is_active`;
  return !!row;
}

export function createPaidServicesService(deps: Pick<Deps, "sql" | "audit" | "clock">) {
  const { sql, audit, clock } = deps;

  async function record(actor: Actor, what: string, details: Record<string, unknown>) {
    await audit.record({ event: "payment.write", actorId: actor.userId, subjectId: actor.userId, details: { what, ...details } });
  }
  async function need(id: string) {
    const row = await serviceById(sql, id);
    if (!row) throw noSuchService();
    return row;
  }
  async function setFlags(actor: Actor, id: string, flags: { is_active?: boolean; is_homepage?: boolean }, what: string) {
    await need(id);
    const [row] = await sql<PaidServiceRow[]>`update paid_services set ${sql(flags)}, updated_at = ${clock.now()} where id = ${id} returning *`;
    await record(actor, what, { serviceId: id });
    return toPaidService(row);
  }
  async function mine(doctorId: string, serviceId?: string): Promise<DoctorPaidService[]> {
    const rows = await sql<(PaidServiceRow & { enabled: boolean | null })[]>`
      select s.*, d.enabled from paid_services s
      left join doctor_paid_services d on d.service_id = s.id and d.doctor_id = ${doctorId}
      where s.is_active ${serviceId ? sql`and s.id = ${serviceId}` : sql``}
      order by s.name, s.id`;
    return rows.map((r) => ({ ...toPaidService(r), enabled: !!r.enabled }));
  }

  return {
    async list(_actor: Actor, q: PaidServicesQuery) {
      const rows = await sql<PaidServiceRow[]>`select * from paid_services order by created_at desc, id desc offset ${q.offset} limit ${q.limit}`;
      const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from paid_services`;
      return listOf(rows.map(toPaidService), q.offset, q.limit, n);
    },
    async dropdown(): Promise<PaidServiceChoice[]> {
      return await sql<PaidServiceChoice[]>`select id, name from paid_services where is_active order by name, id`;
    },
    async home() {
      return (await sql<PaidServiceRow[]>`select * from paid_services where is_active and is_homepage order by name, id`).map(toPaidService);
    },
    async create(actor: Actor, input: PaidServiceInput) {
      const [row] = await sql<PaidServiceRow[]>`insert into paid_services
        (name, description, subscriber_price_cents, non_subscriber_price_cents, fields, attachable_files, intake_form,
          additional_price_cents, additional_max, additional_within_days, refund_window_days)
        values (${input.name}, ${input.description}, ${input.subscriberPriceCents}, ${input.nonSubscriberPriceCents},
          ${sql.json(input.fields)}, ${input.attachableFiles}, ${input.intakeForm}, ${input.additional?.priceCents ?? null},
          ${input.additional?.max ?? null}, ${input.additional?.withinDays ?? null}, ${input.refundWindowDays ?? null}) returning *`;
      await record(actor, "service.create", { serviceId: row.id });
      return toPaidService(row);
    },
    /** Replaces the service; `additional` and `refundWindowDays` left out keep their values (forms that do not show them). */
    async update(actor: Actor, id: string, input: PaidServiceInput) {
      await need(id);
      const [row] = await sql<PaidServiceRow[]>`update paid_services set name = ${input.name}, description = ${input.description},
        subscriber_price_cents = ${input.subscriberPriceCents}, non_subscriber_price_cents = ${input.nonSubscriberPriceCents},
        fields = ${sql.json(input.fields)}, attachable_files = ${input.attachableFiles}, intake_form = ${input.intakeForm},
        ${input.additional === undefined ? sql`` : sql`additional_price_cents = ${input.additional?.priceCents ?? null},
          additional_max = ${input.additional?.max ?? null}, additional_within_days = ${input.additional?.withinDays ?? null},`}
        ${input.refundWindowDays === undefined ? sql`` : sql`refund_window_days = ${input.refundWindowDays},`}
        updated_at = ${clock.now()} where id = ${id} returning *`;
      await record(actor, "service.update", { serviceId: id });
      return toPaidService(row);
    },
    setActive: (actor: Actor, id: string, active: boolean) =>
      setFlags(actor, id, { is_active: active }, active ? "service.activate" : "service.deactivate"),
    setHomepage: (actor: Actor, id: string, homepage: boolean) =>
      setFlags(actor, id, { is_homepage: homepage }, homepage ? "service.homepage.add" : "service.homepage.remove"),

    /** The doctor's settings: every active service, enabled for them or not. */
    mySettings: (actor: Actor) => mine(actor.userId),
    async setEnabled(actor: Actor, serviceId: string, enabled: boolean): Promise<DoctorPaidService> {
      if (!(await mine(actor.userId, serviceId)).length) throw noSuchService();
      await sql`insert into doctor_paid_services (doctor_id, service_id, enabled, updated_at)
        values (${actor.userId}, ${serviceId}, ${enabled}, ${clock.now()})
        on conflict (doctor_id, service_id) do update set enabled = excluded.enabled, updated_at = excluded.updated_at`;
      await record(actor, enabled ? "service.enable" : "service.disable", { serviceId });
      return (await mine(actor.userId, serviceId))[0];
    },
    /** A listed doctor's services on offer (active and enabled), for their profile. */
    async ofDoctor(doctorId: string): Promise<PaidService[]> {
      await listedDoctor(sql, doctorId);
      return (await mine(doctorId)).filter((s) => s.enabled).map(({ enabled: _e, ...s }) => s);
    },
  };
}
export type PaidServicesService = ReturnType<typeof createPaidServicesService>;
