/**
 * The memberships domain's jobs (edge/docs/jobs.md), defined here once; their handlers are registered by
 * `registerPaymentJobs` (./webhooks.ts) and `registerPriceJobs` (./price-change.ts).
 *
 * - `payments.event`: applies one stored webhook event of the processor (queued with the event, once per id).
 * - `payments.paymentFailedMail`: the mail of a failed payment, queued in the transaction that claims its notice.
 * - `memberships.undo`: cancels a refused first payment's subscription the processor could not cancel at once.
 * - `memberships.priceNotice`: tells the members of a price change once its undo window is over.
 * - `memberships.applyPrice`: moves those members to the new price when the notice ends.
 */
import { z } from "zod";
import { defineJob } from "../../jobs/queue.ts";

const eventPayload = z.object({ eventId: z.string().min(1).max(255) });

export const PAYMENT_EVENT_JOB = defineJob("payments.event", eventPayload, { retryLimit: 8, retryDelaySeconds: 5 });
export const PAYMENT_FAILED_MAIL_JOB = defineJob("payments.paymentFailedMail", eventPayload, { retryLimit: 8, retryDelaySeconds: 30 });
export const UNDO_JOB = defineJob("memberships.undo", z.object({ membershipId: z.uuid() }), { retryLimit: 10, retryDelaySeconds: 30 });
export const PRICE_NOTICE_JOB = defineJob("memberships.priceNotice", z.object({ changeId: z.uuid() }));
export const APPLY_PRICE_JOB = defineJob(
  "memberships.applyPrice",
  z.object({ planId: z.uuid(), doctorId: z.uuid().nullable(), amountCents: z.number().int().positive() }),
);
