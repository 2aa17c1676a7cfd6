/** The contact-us queue. */
import assert from "node:assert/strict";
import { apiTest } from "../../test/harness.ts";

apiTest("contact-us queue: the sender's support chat to answer in; admins only", async (_t, ctx) => {
  const admin = await ctx.createUser("admin");
  const patient = await ctx.createUser("patient");
  await ctx.call("POST", "/contactus", { token: patient.token, body: { name: "Pat", email: patient.email, subject: "Billing", message: "A question" } });
  await ctx.call("POST", "/contactus", { body: { name: "Guest", email: "guest@example.test", subject: "Hello", message: "Anonymous" } });
  const queue = (await ctx.call("GET", "/admin/contactus", { token: admin.token })).body.result.list;
  const mine = queue.find((m: { subject: string }) => m.subject === "Billing");
  const guest = queue.find((m: { subject: string }) => m.subject === "Hello");
  const chat = await ctx.call("GET", `/admin/contactus/${mine.id}/chat`, { token: admin.token });
  const [support] = await ctx.sql`select c.id from chats c join chat_members m on m.chat_id = c.id where c.kind = 'support' and m.user_id = ${patient.id}`;
  assert.equal(chat.body.result.chatId, support.id);
  assert.equal((await ctx.call("GET", `/admin/contactus/${guest.id}/chat`, { token: admin.token })).body.result.chatId, null);
  assert.equal((await ctx.call("GET", `/admin/contactus/${mine.id}/chat`, { token: patient.token })).status, 403);
  assert.equal((await ctx.call("GET", `/admin/contactus/${crypto.randomUUID()}/chat`, { token: admin.token })).status, 404);
  // Closing a message is an audited admin action.
  assert.equal((await ctx.call("PUT", `/admin/contactus/${mine.id}`, { token: admin.token, body: { handled: true } })).status, 200);
  const [audit] = await ctx.sql`select actor_id, details from audit_log where event = 'contact.handled'`;
  assert.equal(audit.actor_id, admin.id);
  assert.deepEqual(audit.details, { contactMessageId: mine.id, before: { handled: false }, after: { handled: true } });
});
