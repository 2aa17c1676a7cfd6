/** `POST /contactus` (anyone) and the admins' support queue. */
import { allow } from "../../access/policy.ts";
import { ok } from "../../http/envelope.ts";
import { actorOf, jsonBody, metaOf } from "../../http/input.ts";
import { createRouter } from "../../http/router.ts";
import { parse } from "../../http/validate.ts";
import { idParamSchema } from "../../../../sync/schemas/auth.ts";
import { contactHandledSchema, contactQueueQuerySchema, contactUsSchema } from "../../../../sync/schemas/contact-us.ts";
import type { ContactService } from "./service.ts";

export function contactRoutes(contact: ContactService) {
  const r = createRouter();

  r.post("/contactus", allow.public, async (c) => {
    const input = parse(contactUsSchema, await jsonBody(c));
    return ok(c, await contact.submit(c.get("actor"), input, metaOf(c)), 201);
  });

  r.get("/admin/contactus", allow.roles("admin"), async (c) => {
    const query = parse(contactQueueQuerySchema, c.req.query());
    return ok(c, await contact.queue(query));
  });

  r.put("/admin/contactus/:id", allow.roles("admin"), async (c) => {
    const { id } = parse(idParamSchema, c.req.param());
    const { handled } = parse(contactHandledSchema, await jsonBody(c));
    return ok(c, await contact.setHandled(actorOf(c), id, handled));
  });

  return r.app;
}
