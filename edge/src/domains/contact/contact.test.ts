/** `POST /contactus` through the HTTP API. */
import assert from "node:assert/strict";
import { apiTest, type TestContext } from "../../test/harness.ts";

const message = (overrides: Record<string, unknown> = {}) => ({
  name: "Casey Guest",
  email: `guest.${crypto.randomUUID().slice(0, 8)}@example.test`,
  subject: "Question about memberships",
  message: "Do you accept patients in Nevada?",
  ...overrides,
});

async function rowsFor(ctx: TestContext, email: string) {
  return await ctx.sql<{ name: string; subject: string; message: string; user_id: string | null; address: string | null }[]>`
    select name, subject, message, user_id, address from contact_messages where email = ${email}`;
}

apiTest("contact us", async (t, ctx) => {
  await t.step("a guest's valid message is stored", async () => {
    const input = message({ name: "  Casey Guest  " });
    const res = await ctx.call("POST", "/contactus", { body: input, address: "10.1.1.1" });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.deepEqual(res.body, { status: "success", result: { received: true } });
    const rows = await rowsFor(ctx, input.email);
    assert.deepEqual(rows.map((r) => ({ ...r })), [{
      name: "Casey Guest",
      subject: input.subject,
      message: input.message,
      user_id: null,
      address: "10.1.1.1",
    }]);
  });

  await t.step("a signed-in user's message names them", async () => {
    const patient = await ctx.createUser("patient");
    const input = message();
    const res = await ctx.call("POST", "/contactus", { body: input, token: patient.token, address: "10.1.1.2" });
    assert.equal(res.status, 201);
    const [row] = await rowsFor(ctx, input.email);
    assert.equal(row.user_id, patient.id);
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ["a bad email", { email: "not-an-email" }, "email"],
    ["an empty message", { message: "   " }, "message"],
    ["a missing subject", { subject: undefined }, "subject"],
    ["a message over 5000 symbols", { message: "x".repeat(5001) }, "message"],
  ];
  for (const [name, overrides, field] of invalid) {
    await t.step(`${name} is refused and nothing is stored`, async () => {
      const input = message(overrides);
      const res = await ctx.call("POST", "/contactus", { body: input, address: "10.1.1.3" });
      assert.equal(res.status, 400);
      assert.ok(res.body.details.fields[field], JSON.stringify(res.body.details));
      const [{ count }] = await ctx.sql<{ count: number }[]>`
        select count(*)::int as count from contact_messages where address = '10.1.1.3'`;
      assert.equal(count, 0);
    });
  }
});

apiTest("contact us is rate-limited per address", async (t, ctx) => {
  await t.step("invalid input does not use up the budget", async () => {
    const res = await ctx.call("POST", "/contactus", { body: message({ email: "bad" }), address: "10.2.2.2" });
    assert.equal(res.status, 400);
  });

  await t.step("the second message from one address within the hour is refused", async () => {
    const first = await ctx.call("POST", "/contactus", { body: message(), address: "10.2.2.2" });
    assert.equal(first.status, 201);
    const second = message();
    const res = await ctx.call("POST", "/contactus", { body: second, address: "10.2.2.2" });
    assert.equal(res.status, 429);
    assert.equal(res.body.details.reason, "RATE_LIMITED");
    assert.ok(Number(res.headers.get("retry-after")) > 0);
    assert.equal((await rowsFor(ctx, second.email)).length, 0);
  });

  await t.step("another address may still write", async () => {
    const res = await ctx.call("POST", "/contactus", { body: message(), address: "10.2.2.3" });
    assert.equal(res.status, 201);
  });

  await t.step("after the hour the first address may write again", async () => {
    ctx.clock.advance(3_600_000 + 1000);
    const res = await ctx.call("POST", "/contactus", { body: message(), address: "10.2.2.2" });
    assert.equal(res.status, 201);
  });
}, { limits: { contactUsPerAddress: { limit: 1, windowSeconds: 3600 } } });

apiTest("contact us: the admins' support queue", async (t, ctx) => {
  const admin = await ctx.createUser("admin");
  const doctor = await ctx.createUser("doctor");
  const patient = await ctx.createUser("patient", { doctor_id: doctor.id });

  await t.step("a guest's message is in the queue and every admin gets a site notification", async () => {
    const input = message({ subject: "Do you take Medicare?" });
    await ctx.call("POST", "/contactus", { body: input, address: "10.4.4.1" });
    const queue = await ctx.call("GET", "/admin/contactus", { token: admin.token });
    assert.equal(queue.status, 200);
    assert.deepEqual(queue.body.result.list.map((m: any) => [m.subject, m.userId, m.handledAt]), [[input.subject, null, null]]);
    const notes = await ctx.call("GET", "/siteNotifications", { token: admin.token });
    assert.deepEqual(notes.body.result.list.map((n: any) => [n.kind, n.payload.subject]), [["contactUs.received", input.subject]]);
    assert.equal(notes.body.result.list[0].payload.contactMessageId, queue.body.result.list[0].id);
  });

  await t.step("a signed-in patient's message also opens the conversation in their support chat", async () => {
    const input = message({ subject: "Billing", message: "I was charged twice" });
    await ctx.call("POST", "/contactus", { body: input, token: patient.token, address: "10.4.4.2" });
    const chats = await ctx.call("GET", "/messages/chats", { token: admin.token });
    const support = chats.body.result.list.find((c: any) => c.kind === "support");
    assert.ok(support, "the admin sees the support chat");
    assert.equal(support.isUnread, true);
    assert.equal(support.lastMessage.text, "Contact us: Billing\n\nI was charged twice");
    assert.equal(support.lastMessage.authorId, patient.id);
  });

  await t.step("search, status and marking handled", async () => {
    const found = await ctx.call("GET", "/admin/contactus?search=billing", { token: admin.token });
    assert.equal(found.body.result.totalCount, 1);
    const id = found.body.result.list[0].id;
    const handled = await ctx.call("PUT", `/admin/contactus/${id}`, { token: admin.token, body: { handled: true } });
    assert.equal(handled.status, 200);
    assert.equal(handled.body.result.handledBy, admin.id);
    assert.equal((await ctx.call("GET", "/admin/contactus", { token: admin.token })).body.result.totalCount, 1);
    assert.equal((await ctx.call("GET", "/admin/contactus?status=handled", { token: admin.token })).body.result.totalCount, 1);
    assert.equal((await ctx.call("GET", "/admin/contactus?status=all", { token: admin.token })).body.result.totalCount, 2);
    const reopened = await ctx.call("PUT", `/admin/contactus/${id}`, { token: admin.token, body: { handled: false } });
    assert.equal(reopened.body.result.handledAt, null);
  });

  await t.step("admins only; bad input refused", async () => {
    for (const token of [patient.token, doctor.token]) {
      assert.equal((await ctx.call("GET", "/admin/contactus", { token })).status, 403);
    }
    assert.equal((await ctx.call("GET", "/admin/contactus")).status, 401);
    assert.equal((await ctx.call("GET", "/admin/contactus?status=lost", { token: admin.token })).status, 400);
    assert.equal((await ctx.call("GET", "/admin/contactus?limit=0", { token: admin.token })).status, 400);
    const id = crypto.randomUUID();
    assert.equal((await ctx.call("PUT", `/admin/contactus/${id}`, { token: admin.token, body: { handled: true } })).status, 404);
    assert.equal((await ctx.call("PUT", "/admin/contactus/x", { token: admin.token, body: { handled: true } })).status, 400);
    assert.equal((await ctx.call("PUT", `/admin/contactus/${id}`, { token: admin.token, body: { handled: "yes" } })).status, 400);
  });
});
