/**
 * The payout account is made once per doctor, even when the link is asked for
 * several times at once (two tabs, a double click): one account at the
 * processor, the same one stored and linked by every answer, one audit entry.
 * (Before the per-doctor lock, the processor's idempotency key kept the account
 * single here, but every racer stored and audited it as new: 4 audits of 8.)
 */
import assert from "node:assert/strict";
import { commerceTest } from "../../test/commerce-fixtures.ts";

commerceTest("payout account link: concurrent requests make one processor account", async (t, ctx) => {
  const doctor = await ctx.createUser("doctor", { specialty: "Family practice" });
  const other = await ctx.createUser("doctor", { specialty: "Family practice" });
  const accountsOf = async (userId: string) =>
    (await ctx.stripeGet("/v1/accounts?limit=100")).data.filter((a: { metadata: Record<string, string> }) => a.metadata.userId === userId);

  await t.step("8 link requests at once: all answer, one account at the processor, stored once", async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => ctx.call("GET", "/stripe/connect/provider/link", { token: doctor.token })));
    assert.deepEqual(answers.map((a) => a.status), Array(8).fill(200));
    const made = await accountsOf(doctor.id);
    assert.equal(made.length, 1, `accounts at the processor: ${made.map((a: { id: string }) => a.id)}`);
    const [{ s }] = await ctx.sql<{ s: string }[]>`select stripe_account as s from users where id = ${doctor.id}`;
    assert.equal(s, made[0].id);
    const audits = (await ctx.deps.audit.forSubject(doctor.id)).filter((a) => a.details.what === "payout.account.create");
    assert.equal(audits.length, 1);
    // Every answer's onboarding link is for that account: each CSRF token finalizes it.
    const back = await ctx.onboard(answers[5].body.result.url, "complete");
    const fin = await ctx.call("POST", "/stripe/connect/provider/finalize", { token: doctor.token, body: { csrfToken: new URL(back).searchParams.get("state") } });
    assert.deepEqual(fin.body.result, { active: true, detailsSubmitted: true, accountId: made[0].id });
  });

  await t.step("two doctors at once: one account each", async () => {
    const [a, b] = await Promise.all([other, other, doctor].map((d) => ctx.call("GET", "/stripe/connect/provider/link", { token: d.token })));
    assert.deepEqual([a.status, b.status], [200, 200]);
    assert.equal((await accountsOf(other.id)).length, 1);
    assert.equal((await accountsOf(doctor.id)).length, 1);
  });
});
