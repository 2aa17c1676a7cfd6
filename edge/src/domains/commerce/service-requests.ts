/**
 * Paid-service requests as people see them: the patient who bought, the doctor
 * it was bought from (and their full-access VMA) — answers with their
 * questions, and the attached medical files, which those same people may
 * download through the request (the doctor need not be the patient's doctor,
 * so the files' own chart access does not apply; the request is the grant).
 * Only purchases are shown (paid or refunded): a charge still waiting for
 * 3-D Secure is not a request yet.
 */
import type { Actor } from "../../access/actor.ts";
import type { Deps } from "../../deps.ts";
import { conflict, forbidden, notFound } from "../../http/errors.ts";
import { createUploadsRepo } from "../sync/uploads-repo.ts";
import type { ServiceRequestView } from "../../../../sync/schemas/commerce.ts";
import { requestScope } from "./access.ts";

type ViewRow = {
  id: string;
  service_id: string;
  service_name: string;
  patient_id: string;
  patient_name: string;
  doctor_id: string;
  doctor_name: string;
  status: ServiceRequestView["status"];
  amount_cents: number;
  field_answers: unknown;
  intake_answers: unknown;
  file_ids: string[];
  created_at: Date;
  done_at: Date | null;
  done_by_name: string | null;
};

const noSuchRequest = () => notFound("No such request");
const asArray = <T>(v: unknown): T[] => (Array.isArray(v) ? v as T[] : []);

export function createServiceRequests(deps: Pick<Deps, "sql" | "audit" | "clock">) {
  const { sql, audit, clock } = deps;
  const chunks = createUploadsRepo(sql);

  async function rows(actor: Actor, o: { id?: string; offset: number; limit: number }) {
    const scope = requestScope(actor);
    if (!scope) return [];
    return await sql<ViewRow[]>`select r.id, r.service_id, s.name as service_name, r.patient_id,
        p.first_name || ' ' || p.last_name as patient_name, r.doctor_id, d.first_name || ' ' || d.last_name as doctor_name,
        r.status, r.amount_cents, r.field_answers, r.intake_answers, r.file_ids, r.created_at, r.done_at,
        case when b.id is null then null when b.role = 'vma' then b.first_name || ' ' || b.last_name || ' for Dr. ' || d.last_name
          else 'Dr. ' || b.first_name || ' ' || b.last_name end as done_by_name
      from service_requests r join paid_services s on s.id = r.service_id
        join users p on p.id = r.patient_id join users d on d.id = r.doctor_id left join users b on b.id = r.done_by
      where r.status in ('paid', 'refunded')
        and ${"patientId" in scope ? sql`r.patient_id = ${scope.patientId}` : sql`r.doctor_id = ${scope.doctorId}`}
        ${o.id ? sql`and r.id = ${o.id}` : sql``}
      order by r.created_at desc, r.id desc offset ${o.offset} limit ${o.limit}`;
  }

  async function present(list: ViewRow[]): Promise<ServiceRequestView[]> {
    const ids = [...new Set(list.flatMap((r) => asArray<string>(r.file_ids)))];
    const files = ids.length
      ? await sql<{ id: string; name: string; size: number; content_type: string }[]>`select id, name, size, content_type
          from medical_files where id = any(${ids}::uuid[]) and status = 'uploaded'`
      : [];
    return list.map((r) => ({
      id: r.id,
      serviceId: r.service_id,
      serviceName: r.service_name,
      patientId: r.patient_id,
      patientName: r.patient_name,
      doctorId: r.doctor_id,
      doctorName: r.doctor_name,
      status: r.status,
      amountCents: r.amount_cents,
      fields: asArray(r.field_answers),
      intake: asArray(r.intake_answers),
      files: asArray<string>(r.file_ids).flatMap((id) => {
        const f = files.find((x) => x.id === id);
        return f ? [{ id: f.id, name: f.name, size: f.size, contentType: f.content_type }] : [];
      }),
      createdAt: r.created_at.toISOString(),
      doneAt: r.done_at?.toISOString() ?? null,
      doneBy: r.done_by_name,
    }));
  }

  return {
    /** `GET /paidServices/requests`: the actor's requests, newest first. */
    async list(actor: Actor, q: { offset: number; limit: number }) {
      const found = await present(await rows(actor, q));
      for (const patientId of new Set(found.map((r) => r.patientId))) {
        await audit.record({ event: "chart.read", actorId: actor.userId, subjectId: patientId, details: { what: "serviceRequest.list", role: actor.role } });
      }
      return found;
    },

    /**
     * `PUT /paidServices/requests/{id}/done` (not in the spec, issue 32): the doctor or their assistant marks a paid
     * request dealt with (the referral sent, the order placed), or not (`done: false`). The patient sees it.
     */
    async markDone(actor: Actor, id: string, done: boolean) {
      if (actor.role === "patient") throw forbidden("Only the care team marks a request done");
      const [row] = await rows(actor, { id, offset: 0, limit: 1 });
      if (!row) throw noSuchRequest();
      if (row.status !== "paid") throw conflict("A refunded request cannot be marked done", "REQUEST_REFUNDED");
      await sql`update service_requests set done_at = ${done ? clock.now() : null}, done_by = ${done ? actor.userId : null} where id = ${id}`;
      await audit.record({
        event: "chart.write", actorId: actor.userId, subjectId: row.patient_id, details: { what: done ? "serviceRequest.done" : "serviceRequest.undone", id },
      });
      const [after] = await present(await rows(actor, { id, offset: 0, limit: 1 }));
      return after;
    },

    /** `GET /paidServices/requests/{id}/files/{fileId}`: an attached file's bytes, for those who see the request. */
    async file(actor: Actor, requestId: string, fileId: string) {
      const [row] = await rows(actor, { id: requestId, offset: 0, limit: 1 });
      if (!row || !asArray<string>(row.file_ids).includes(fileId)) throw noSuchRequest();
      const [file] = await sql<{ name: string; size: number; content_type: string }[]>`select name, size, content_type
        from medical_files where id = ${fileId} and status = 'uploaded'`;
      if (!file) throw notFound("File not found");
      await audit.record({
        event: "chart.read", actorId: actor.userId, subjectId: row.patient_id,
        details: { what: "serviceRequest.file", role: actor.role, id: fileId, requestId },
      });
      const offsets = await chunks.chunkOffsets(fileId);
      let next = 0;
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (next >= offsets.length) return controller.close();
          controller.enqueue(await chunks.chunk(fileId, offsets[next++]));
        },
      });
      return { file: { name: file.name, size: file.size, contentType: file.content_type }, body };
    },
  };
}
export type ServiceRequests = ReturnType<typeof createServiceRequests>;
