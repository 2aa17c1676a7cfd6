/** `GET /dev/outbox`: answers only in demo mode. */
import assert from "node:assert/strict";
import { apiTest } from "../../test/harness.ts";

apiTest("the dev outbox in demo mode", async (t, ctx) => {
  assert.equal(ctx.deps.demoMode, true, "no DATABASE_URL in the test config means demo mode");
  const alice = `alice.${crypto.randomUUID().slice(0, 8)}@example.test`;
  const bob = `bob.${crypto.randomUUID().slice(0, 8)}@example.test`;
  await ctx.deps.mailer.send({ to: alice, subject: "First", text: "Hello Alice" });
  await ctx.deps.mailer.send({ to: bob, subject: "For Bob", text: "Hello Bob" });
  await ctx.deps.mailer.send({ to: alice, subject: "Second", text: "Hello again" });
  await ctx.deps.sms.send("+17025550141", "Your code is 123456");

  await t.step("lists every message, newest first, with to, subject, text and createdAt", async () => {
    const res = await ctx.call("GET", "/dev/outbox");
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const { list, totalCount, offset, limit } = res.body.result;
    assert.equal(totalCount, 4);
    assert.equal(offset, 0);
    assert.equal(limit, 20);
    assert.deepEqual(list.map((m: { to: string }) => m.to), ["+17025550141", alice, bob, alice]);
    const second = list[1];
    assert.equal(second.channel, "email");
    assert.equal(second.subject, "Second");
    assert.equal(second.text, "Hello again");
    assert.ok(!Number.isNaN(Date.parse(second.createdAt)));
  });

  await t.step("filters by recipient, in any case", async () => {
    const res = await ctx.call("GET", `/dev/outbox?to=${encodeURIComponent(alice.toUpperCase())}`);
    assert.equal(res.status, 200);
    assert.equal(res.body.result.totalCount, 2);
    assert.deepEqual(res.body.result.list.map((m: { subject: string }) => m.subject), ["Second", "First"]);
  });

  await t.step("filters by channel", async () => {
    const sms = await ctx.call("GET", "/dev/outbox?channel=sms");
    assert.equal(sms.body.result.totalCount, 1);
    assert.equal(sms.body.result.list[0].to, "+17025550141");
    assert.equal(sms.body.result.list[0].text, "Your code is 123456");
    const email = await ctx.call("GET", "/dev/outbox?channel=email");
    assert.equal(email.body.result.totalCount, 3);
  });

  await t.step("pages with offset and limit", async () => {
    const res = await ctx.call("GET", "/dev/outbox?channel=email&offset=1&limit=1");
    assert.equal(res.body.result.totalCount, 3);
    assert.deepEqual(res.body.result.list.map((m: { to: string }) => m.to), [bob]);
  });

  await t.step("bad filters are a 400", async () => {
    for (const query of ["channel=fax", "to=nobody", "limit=0", "limit=101"]) {
      const res = await ctx.call("GET", `/dev/outbox?${query}`);
      assert.equal(res.status, 400, query);
      assert.equal(res.body.details.reason, "VALIDATION_FAILED");
    }
  });
});

apiTest("the dev outbox outside demo mode", async (t, ctx) => {
  // Only the configuration sees this URL; the harness still uses its own test database.
  assert.equal(ctx.deps.demoMode, false);
  await ctx.deps.mailer.send({ to: "someone@example.test", subject: "Secret", text: "A reset link" });

  await t.step("answers 404 and shows nothing", async () => {
    const res = await ctx.call("GET", "/dev/outbox");
    assert.equal(res.status, 404);
    assert.equal(res.body.status, "error");
    assert.equal(JSON.stringify(res.body).includes("A reset link"), false);
  });

  await t.step("even for a signed-in admin", async () => {
    const admin = await ctx.createUser("admin");
    const res = await ctx.call("GET", "/dev/outbox", { token: admin.token });
    assert.equal(res.status, 404);
  });
}, { env: { DATABASE_URL: "postgres://x@127.0.0.1/x" } });
