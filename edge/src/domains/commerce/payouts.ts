/**
 * Payouts as the processor reports them (`payout.created / updated / paid /
 * failed / canceled` on a doctor's connected account), applied by the payment
 * event job (stored once, edge/docs/jobs.md). Each event sets the stored
 * payout from its object; an event older than the one applied changes nothing.
 * A payout that turns `failed` notifies its doctor once (site + email): the
 * money is back in their balance and they should check their bank details.
 */
import type { Deps } from "../../deps.ts";
import { createNotificationsService } from "../notifications/service.ts";
import { formatUsd } from "../../../../sync/rules/money.ts";


type Obj = Record<string, any>;
export const PAYOUT_EVENTS = new Set(["payout.created", "payout.updated", "payout.paid", "payout.failed", "payout.canceled"]);

export type StoredPayout = { payout_id: string; status: string; failure_message: string | null };

export async function applyPayoutEvent(
  deps: Pick<Deps, "sql" | "audit" | "mailer" | "clock" | "events">,
  object: Obj,
  meta: { account: string | null; created: number },
): Promise<void> {
  const { sql, audit, mailer } = deps;
  if (typeof object.id !== "string") return;
  // The doctor: by the event's connected account, else by a payout they asked for here.
  const [doctor] = await sql<{ id: string; email: string; first_name: string }[]>`select id, email, first_name from users
    where (${meta.account}::text is not null and stripe_account = ${meta.account})
      or id = (select doctor_id from payout_requests where payout_id = ${object.id})
    limit 1`;
  if (!doctor) return; // The platform's own payouts, or an account not ours.
  const status = String(object.status ?? "pending");
  const failure = typeof object.failure_message === "string" ? object.failure_message : null;
  const created = new Date(meta.created * 1000);
  const arrival = typeof object.arrival_date === "number" ? new Date(object.arrival_date * 1000) : null;

  const change = await sql.begin(async (tx) => {
    const [before] = await tx<{ status: string }[]>`select status from payouts where payout_id = ${object.id} for update`;
    const [after] = await tx<{ status: string }[]>`insert into payouts (payout_id, doctor_id, account_id, amount_cents, status, failure_message,
        arrival_date, event_created)
      values (${object.id}, ${doctor.id}, ${meta.account ?? ""}, ${Number(object.amount ?? 0)}, ${status}, ${failure}, ${arrival}, ${created})
      on conflict (payout_id) do update set status = excluded.status, failure_message = excluded.failure_message,
        arrival_date = excluded.arrival_date, amount_cents = excluded.amount_cents, event_created = excluded.event_created, updated_at = now()
        where payouts.event_created <= excluded.event_created
      returning status`;
    return { before: before?.status ?? null, after: after?.status ?? null };
  });
  if (!change.after || change.before === change.after) return;
  await audit.record({
    event: "payment.write", actorId: null, subjectId: doctor.id,
    details: { what: "payout.status", payoutId: object.id, status: change.after, from: change.before },
  });
  if (change.after === "failed") {
    const amount = formatUsd(Number(object.amount ?? 0));
    await createNotificationsService(deps).notify([doctor.id], "payout.failed", { payoutId: object.id, amountCents: Number(object.amount ?? 0), reason: failure });
    await mailer.send({
      to: doctor.email,
      subject: "Your payout failed",
      text: `Hello ${doctor.first_name},\n\nYour payout of ${amount} could not be paid to your bank` +
        `${failure ? `: ${failure}` : "."}\nThe money is back in your balance. Please check your bank details in your payout ` +
        "account (Settings → Balance), then request the payout again.\n",
    });
  }
}

/** Stored statuses by payout id (the doctor's payout history shows them with the failure reason). */
export async function storedPayouts(sql: Deps["sql"], doctorId: string): Promise<Map<string, StoredPayout>> {
  const rows = await sql<StoredPayout[]>`select payout_id, status, failure_message from payouts where doctor_id = ${doctorId}`;
  return new Map(rows.map((r) => [r.payout_id, r]));
}
