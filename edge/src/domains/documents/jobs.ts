/**
 * The documents domain's jobs (edge/docs/jobs.md, edge/docs/documents.md), defined here once; their handlers
 * are in ./faxes.ts (`registerDocumentJobs`).
 *
 * - `documents.fax-send` {documentId}: hands a queued fax to the vendor once.
 * - `documents.fax-event` {key}: applies one stored webhook event of the fax vendor.
 */
import { z } from "zod";
import { defineJob } from "../../jobs/queue.ts";

/** Retries of a send the vendor could not take (network, 5xx); after the last the fax shows as failed. */
export const FAX_SEND_RETRIES = 5;

export const FAX_SEND_JOB = defineJob("documents.fax-send", z.object({ documentId: z.uuid() }), {
  retryLimit: FAX_SEND_RETRIES,
  retryDelaySeconds: 30,
});
export const FAX_EVENT_JOB = defineJob("documents.fax-event", z.object({ key: z.string().min(1).max(200) }), {
  retryLimit: 5,
  retryDelaySeconds: 10,
});
