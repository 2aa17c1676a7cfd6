/** `GET /dev/outbox`: mails and SMS kept locally; answers only while the demo seed is active. */
import { z } from "zod";
import { allow } from "../../access/policy.ts";
import { answers } from "../../http/answers.ts";
import { listResultSchema } from "../../../../sync/envelope.ts";
import type { Deps } from "../../deps.ts";
import { listOf, ok } from "../../http/envelope.ts";
import { notFound } from "../../http/errors.ts";
import { createRouter } from "../../http/router.ts";
import { valid, validate } from "../../http/validate.ts";
import { emailSchema } from "../../../../sync/rules/personal.ts";

const querySchema = z.object({
  channel: z.enum(["email", "sms"]).optional(),
  to: z.union([emailSchema, z.string().regex(/^\+\d{6,15}$/, "Use an email or an E.164 phone")]).optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** A kept mail or SMS (platform/outbox.ts `OutboxMessage`), newest first. */
const outboxMessageSchema = z.object({
  id: z.number().int(),
  channel: z.enum(["email", "sms"]),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.iso.datetime(),
}).strict();

export function devRoutes(deps: Pick<Deps, "outbox" | "demoMode">) {
  const r = createRouter();
  r.get("/dev/outbox", allow.public, answers(listResultSchema(outboxMessageSchema)), validate({ query: querySchema }), async (c) => {
    if (!deps.demoMode) throw notFound();
    const q = valid(c, querySchema);
    const { list, totalCount }: { list: z.output<typeof outboxMessageSchema>[]; totalCount: number } = await deps.outbox.list(q);
    return ok(c, listOf(list, q.offset, q.limit, totalCount));
  });
  return r.app;
}
