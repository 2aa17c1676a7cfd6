/**
 * The commerce domain's jobs (edge/docs/jobs.md), defined here once; their handlers are registered by
 * `registerCommerceJobs` (./pending-sweep.ts) and `createRefundNotice` (./refund-notice.ts).
 *
 * - `commerce.expire-pending`: the sweep of abandoned 3-D Secure service charges, every 15 minutes. A failed
 *   run is covered by the next tick (every request still pending is looked at again): no retries.
 * - `payments.refundMail`: the patient's mail of a refund, queued in the refund's transaction.
 */
import { z } from "zod";
import { defineJob } from "../../jobs/queue.ts";

export const PENDING_SWEEP_JOB = defineJob("commerce.expire-pending", z.object({}).passthrough(), { retryLimit: 0 });
export const REFUND_MAIL_JOB = defineJob("payments.refundMail", z.object({ refundId: z.string().min(1).max(255) }));
