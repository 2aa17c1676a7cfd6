/** A fax number is one practice's (`fax-number.ts`): received faxes go to the approved doctor whose number it is. */
import assert from "node:assert/strict";
import { apiTest } from "../../test/harness.ts";

apiTest("a doctor's fax number (PUT /users/{id})", async (t, ctx) => {
  const doctor = await ctx.createUser("doctor");
  await t.step("a fax number is one practice's: another doctor cannot take it (received faxes would go to them)", async () => {
    const mine = await ctx.call("PUT", `/users/${doctor.id}`, { token: doctor.token, body: { fax: "+13125550177" } });
    assert.equal(mine.status, 200, JSON.stringify(mine.body));
    const again = await ctx.call("PUT", `/users/${doctor.id}`, { token: doctor.token, body: { fax: "+13125550177" } });
    assert.equal(again.status, 200, "keeping one's own number");
    const other = await ctx.createUser("doctor");
    const taken = await ctx.call("PUT", `/users/${other.id}`, { token: other.token, body: { fax: "(312) 555-0177" } });
    assert.equal(taken.status, 409, JSON.stringify(taken.body));
    assert.equal(taken.body.details.reason, "FAX_TAKEN");
    const [row] = await ctx.sql<{ fax: string | null }[]>`select fax from users where id = ${other.id}`;
    assert.equal(row.fax, null);
    // An applicant (not approved) holding a number does not take it from a practice.
    const applicant = await ctx.createUser("doctor", { application_status: "initial", fax: "+13125550199" });
    assert.ok(applicant.id);
    const free = await ctx.call("PUT", `/users/${other.id}`, { token: other.token, body: { fax: "+13125550199" } });
    assert.equal(free.status, 200, JSON.stringify(free.body));
  });
});
