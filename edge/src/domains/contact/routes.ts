/** `POST /contactus` (anyone) and the admins' support queue. */
import { allow } from "../../access/policy.ts";
import { ok } from "../../http/envelope.ts";
import { actorOf, metaOf } from "../../http/input.ts";
import { createRouter } from "../../http/router.ts";
import { valid, validate } from "../../http/validate.ts";
import { idParamSchema } from "../../../../sync/schemas/auth.ts";
import {
  contactHandledSchema,
  contactMessageViewSchema,
  contactQueueQuerySchema,
  contactReceivedSchema,
  contactUsSchema,
} from "../../../../sync/schemas/contact-us.ts";
import { listResultSchema } from "../../../../sync/envelope.ts";
import { answers } from "../../http/answers.ts";
import { idempotent } from "../../http/idempotency.ts";
import type { ContactService } from "./service.ts";

export function contactRoutes(contact: ContactService) {
  const r = createRouter();

  r.post("/contactus", allow.public, answers(contactReceivedSchema, 201), validate({ json: contactUsSchema }), idempotent(), async (c) => {
    const input = valid(c, contactUsSchema);
    return ok(c, await contact.submit(c.get("actor"), input, metaOf(c)), 201);
  });

  r.get("/admin/contactus", allow.roles("admin"), answers(listResultSchema(contactMessageViewSchema)), validate({ query: contactQueueQuerySchema }), async (c) => {
    const query = valid(c, contactQueueQuerySchema);
    return ok(c, await contact.queue(query));
  });

  r.put("/admin/contactus/:id", allow.roles("admin"), answers(contactMessageViewSchema), validate({ param: idParamSchema, json: contactHandledSchema }), async (c) => {
    const { id } = valid(c, idParamSchema);
    const { handled } = valid(c, contactHandledSchema);
    return ok(c, await contact.setHandled(actorOf(c), id, handled));
  });

  return r.app;
}
