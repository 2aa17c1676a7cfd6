/**
 * Faxes: sending a document or an encounter's export with a cover page to a
 * typed number, resending after a failure, and the vendor's webhooks (status
 * callbacks, received faxes). The work that talks to the vendor or follows a
 * webhook runs as jobs (defined in ./jobs.ts, handled by `registerDocumentJobs`)
 * with idempotent handlers:
 *
 * - `documents.fax-send` {documentId}: hands a queued fax to the vendor once
 *   (a fax with a vendor id is not sent again).
 * - `documents.fax-event` {key}: applies one stored webhook event. A status is
 *   applied only when it is newer (the vendor's time) than the one applied, so
 *   callbacks arriving late or out of order never move a fax backwards. A
 *   received fax becomes one document: the event key and a unique index on the
 *   vendor's id keep a webhook delivered three times stored once.
 *
 * A webhook's event row and its job are written in one transaction: a stored
 * event always has its job.
 */
import type { z } from "zod";
import type { Actor } from "../../access/actor.ts";
import type { Deps } from "../../deps.ts";
import { badRequest, conflict, notFound } from "../../http/errors.ts";
import type { JobContext, JobPayload, JobQueue } from "../../jobs/queue.ts";
import type { Queryable } from "../../db/connect.ts";
import { type Fax, FaxSendError, type FaxWebhookEvent } from "../../platform/fax/fax.ts";
import { concatPdfs, pageCount } from "../../platform/pdf.ts";
import { requireReadablePdf } from "./pdf-check.ts";
import {
  DOCUMENT_EVENTS,
  FINAL_STATUSES,
  type FaxStatus,
  type faxSendSchema,
  RESENDABLE_STATUSES,
} from "../../../../sync/schemas/document.ts";
import { documentAccess } from "./access.ts";
import { coverPage } from "./cover.ts";
import { createDocumentsRepo, type DocumentRow, toView } from "./repo.ts";
import type { DocumentsService } from "./service.ts";
import { FAX_EVENT_JOB, FAX_SEND_JOB, FAX_SEND_RETRIES } from "./jobs.ts";

export type FaxesDeps = Pick<Deps, "sql" | "clock" | "blobs" | "audit" | "log" | "config"> & {
  fax: Fax;
  documents: DocumentsService;
  /** An encounter's PDF as the actor may see it (the chart's own access decides; 404 otherwise). */
  encounterPdf: (actor: Actor, encounterId: string) => Promise<{ pdf: Uint8Array; patientId: string; title: string }>;
  jobs: Pick<JobQueue, "send">;
};

export function createFaxes(deps: FaxesDeps) {
  const { sql, clock, blobs, audit, log, fax, documents, jobs } = deps;
  const repo = createDocumentsRepo(sql);
  const webhookUrl = () => `${deps.config.publicOrigin}/api/v1/webhooks/fax`;

  const sendFax = (documentId: string) => jobs.send(FAX_SEND_JOB, { documentId }, { singletonKey: `fax-send:${documentId}` });
  const applyEvent = (key: string, tx: Queryable) => jobs.send(FAX_EVENT_JOB, { key }, { singletonKey: key, tx });

  async function setStatus(row: DocumentRow, fields: Record<string, unknown>) {
    await repo.update(sql, row.id, fields, clock.now());
    await documents.notify(row, DOCUMENT_EVENTS.changed, { status: fields.status ?? row.status });
  }

  const handlers = {
    /** Hands a queued fax to the vendor, once. */
    async send({ documentId }: JobPayload<typeof FAX_SEND_JOB>, job?: JobContext) {
      const [row] = await sql<DocumentRow[]>`select * from documents where id = ${documentId} and not deleted`;
      if (!row || row.doc_type !== "outgoing_faxes" || row.status !== "queued" || row.vendor_id) return;
      const blob = await blobs.get(row.blob_id);
      if (!blob) return;
      try {
        const { faxId } = await fax.send({ to: row.fax_number!, pdf: blob.data, fileName: row.name, callbackUrl: webhookUrl() });
        await repo.update(sql, row.id, { vendor_id: faxId }, clock.now());
        // A callback that came before the vendor's answer was stored waits for this.
        const waiting = await sql<{ key: string }[]>`select key from fax_events
          where processed_at is null and kind = 'status' and payload->>'faxId' = ${faxId}`;
        for (const e of waiting) await handlers.event({ key: e.key });
      } catch (e) {
        if (e instanceof FaxSendError && !e.retryable) {
          await setStatus(row, { status: "failed", status_message: `Fax send failed: ${e.message}` });
          return;
        }
        if ((job?.attempt ?? FAX_SEND_RETRIES + 1) <= FAX_SEND_RETRIES) throw e; // retried with backoff
        log.warn("fax send failed after its retries", { documentId: row.id });
        await setStatus(row, { status: "failed", status_message: "Fax send failed: the fax service could not be reached" });
      }
    },

    /** Applies one stored webhook event; a processed event changes nothing. */
    async event({ key }: JobPayload<typeof FAX_EVENT_JOB>) {
      const [event] = await sql<{ kind: string; payload: Record<string, string>; blob_id: string | null; processed_at: Date | null }[]>`
        select kind, payload, blob_id, processed_at from fax_events where key = ${key}`;
      if (!event || event.processed_at) return;
      const p = event.payload;
      if (event.kind === "status") {
        const row = await repo.byVendorId(p.faxId);
        if (!row) return; // the send's answer is not stored yet: applied then (see the send job)
        const at = new Date(p.at);
        const final = FINAL_STATUSES.includes(p.status as FaxStatus);
        // Decided by the update itself, not by the row read above: two callbacks applied at once (the send job runs the
        // waiting ones while the event worker runs, on one edge or several) cannot write an older status last, and a
        // final status is never followed by one that is not.
        const [applied] = await sql<DocumentRow[]>`update documents
          set status = ${p.status}, status_message = ${p.message ?? null}, status_at = ${at}, updated_at = ${clock.now()}
          where id = ${row.id} and (status_at is null or status_at < ${at})
            and (${final} or not (status = any(${FINAL_STATUSES as string[]})))
          returning *`;
        if (applied) await documents.notify(applied, DOCUMENT_EVENTS.changed, { status: applied.status });
      } else {
        await receiveFax(key, p, event.blob_id);
      }
      await sql`update fax_events set processed_at = ${clock.now()} where key = ${key}`;
    },
  };

  async function receiveFax(key: string, p: Record<string, string>, blobId: string | null) {
    if (!blobId) return;
    // The practice whose fax number it was sent to: an approved doctor's (a number is one practice's, `users/service.ts`).
    const [practice] = await sql<{ id: string }[]>`
      select id from users where role = 'doctor' and fax = ${p.to} and application_status = 'approved' order by created_at limit 1`;
    if (!practice) {
      log.warn("received fax for an unknown number", { key });
      return;
    }
    const blob = await blobs.get(blobId);
    if (!blob) return;
    const at = new Date(p.at);
    const id = await repo.insert(sql, {
      owner: "practice", practiceId: practice.id, docType: "incoming_faxes", box: "received",
      name: `Fax from ${p.from || "unknown"} ${at.toISOString().slice(0, 16).replace("T", " ")}.pdf`,
      blobId, contentType: "application/pdf", size: blob.size, status: "received", faxNumber: p.from || null,
      vendorId: p.faxId, isNew: true, createdBy: null, statusAt: at, at: clock.now(),
    });
    if (!id) return; // stored already
    const [row] = await sql<DocumentRow[]>`select * from documents where id = ${id}`;
    await documents.notify(row, DOCUMENT_EVENTS.created);
  }

  return {
    handlers,

    /** Outgoing: a stored PDF document or an encounter's export, with a cover page, to a typed number. */
    async send(actor: Actor, input: z.output<typeof faxSendSchema>) {
      const access = documentAccess(sql, actor);
      const practiceId = access.practiceId();
      if (!practiceId) throw notFound("Not found");
      let body: Uint8Array;
      let name: string;
      let patientId: string | null = null;
      if (input.documentId) {
        const source = await documents.visibleRow(actor, input.documentId);
        const blob = await blobs.get(source.blob_id);
        if (!blob || source.content_type !== "application/pdf") {
          throw badRequest("Only PDF documents can be faxed", { reason: "UNSUPPORTED_FILE" });
        }
        body = blob.data;
        name = source.name;
        patientId = source.patient_id;
      } else {
        const exported = await deps.encounterPdf(actor, input.encounterId!);
        body = exported.pdf;
        name = `${exported.title}.pdf`;
        patientId = exported.patientId;
      }
      // Stored before uploads were read (or damaged since): refused with the reason, never a failed fax.
      await requireReadablePdf(body);
      const [sender] = await sql<{ name: string; fax: string | null; phone: string | null }[]>`
        select 'Dr. ' || first_name || ' ' || last_name as name, fax, phone_number as phone from users where id = ${practiceId}`;
      const now = clock.now();
      const cover = await coverPage({
        fromName: sender?.name ?? "", fromFax: sender?.fax ?? null, fromPhone: sender?.phone ?? null,
        toName: input.recipientName, toFax: input.to, pages: await pageCount(body), note: input.coverNote, sentAt: now,
      });
      const pdf = await concatPdfs([cover, body]);
      const blobId = await blobs.put({ ownerId: practiceId, kind: "fax", contentType: "application/pdf", data: pdf });
      const id = await repo.insert(sql, {
        owner: "practice", practiceId, docType: "outgoing_faxes", box: "sent", name, blobId, contentType: "application/pdf",
        size: pdf.byteLength, status: "queued", faxNumber: input.to, recipientName: input.recipientName || null,
        coverNote: input.coverNote || null, patientId, isNew: false, createdBy: actor.userId, at: now,
      });
      const row = (await repo.one(access.visible(), id!))!;
      if (patientId) {
        await audit.record({ event: "chart.write", actorId: actor.userId, subjectId: patientId, details: { what: "fax.send", id, role: actor.role } });
      }
      await documents.notify(row, DOCUMENT_EVENTS.created);
      await sendFax(row.id);
      return toView((await repo.one(access.visible(), row.id))!);
    },

    /** Sends a fax again after it failed (busy, no answer, failed, canceled). */
    async resend(actor: Actor, id: string) {
      const row = await documents.visibleRow(actor, id);
      if (row.doc_type !== "outgoing_faxes" || !RESENDABLE_STATUSES.includes(row.status as FaxStatus)) {
        throw conflict("Only a fax that was not delivered can be sent again", "RESEND_NOT_ALLOWED");
      }
      await setStatus(row, { status: "queued", status_message: null, status_at: null, vendor_id: null });
      await sendFax(row.id);
      return toView((await documents.visibleRow(actor, id)));
    },

    /** A verified webhook: stored once per vendor event, then applied by a job. */
    async accept(event: FaxWebhookEvent) {
      if (event.kind === "status") {
        await sql.begin(async (tx) => {
          const [stored] = await tx<{ key: string }[]>`insert into fax_events (key, kind, payload)
            values (${event.key}, 'status', ${tx.json({ faxId: event.faxId, status: event.status, message: event.message, at: event.at.toISOString() })})
            on conflict do nothing returning key`;
          if (stored) await applyEvent(event.key, tx);
        });
        return;
      }
      // The bytes first: a redelivery finds the key taken and gives its copy back.
      const blobId = await blobs.put({ ownerId: null, kind: "fax", contentType: "application/pdf", data: event.pdf });
      const stored = await sql.begin(async (tx) => {
        const [row] = await tx<{ key: string }[]>`insert into fax_events (key, kind, payload, blob_id)
          values (${event.key}, 'received', ${tx.json({ faxId: event.faxId, from: event.from, to: event.to, pages: String(event.pages), at: event.at.toISOString() })}, ${blobId})
          on conflict do nothing returning key`;
        if (row) await applyEvent(event.key, tx);
        return Boolean(row);
      });
      if (!stored) await blobs.remove(blobId);
    },

    webhookUrl,
  };
}
export type Faxes = ReturnType<typeof createFaxes>;

/** Registers the fax jobs' handlers on the queue (edge/src/jobs/index.ts). */
export function registerDocumentJobs(jobs: JobQueue, faxes: Faxes) {
  jobs.define(FAX_SEND_JOB, (p, job) => faxes.handlers.send(p, job));
  jobs.define(FAX_EVENT_JOB, (p) => faxes.handlers.event(p));
}
