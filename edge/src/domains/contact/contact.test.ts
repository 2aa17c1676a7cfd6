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
