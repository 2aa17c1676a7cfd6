/** `POST /contactus`: a public message for the support team, rate-limited per address. */
import { allow } from "../../access/policy.ts";
import type { Deps } from "../../deps.ts";
import { ok } from "../../http/envelope.ts";
import { jsonBody, metaOf } from "../../http/input.ts";
import { createRouter } from "../../http/router.ts";
import { parse } from "../../http/validate.ts";
import { contactUsSchema } from "../../../../sync/schemas/contact-us.ts";

export function contactRoutes(deps: Pick<Deps, "sql" | "rateLimiter" | "limits">) {
  const r = createRouter();
  r.post("/contactus", allow.public, async (c) => {
    const input = parse(contactUsSchema, await jsonBody(c));
    const meta = metaOf(c);
    await deps.rateLimiter.hit(`contactus:address:${meta.address ?? "unknown"}`, deps.limits.contactUsPerAddress);
    await deps.sql`insert into contact_messages (name, email, subject, message, user_id, address)
      values (${input.name}, ${input.email}, ${input.subject}, ${input.message}, ${c.get("actor")?.userId ?? null}, ${meta.address})`;
    return ok(c, { received: true }, 201);
  });
  return r.app;
}
