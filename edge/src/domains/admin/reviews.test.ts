/** Doctor reviews: eligibility, rating, hiding. */
import assert from "node:assert/strict";
import { apiTest } from "../../test/harness.ts";
import { assertNoClinicalKeys, insertConsultation } from "./fixtures.ts";
import { ALREADY_REVIEWED, NOT_ELIGIBLE } from "./reviews.ts";

apiTest("reviews: eligibility, one per doctor, rating recomputed, hidden ones stop counting", async (t, ctx) => {
  const admin = await ctx.createUser("admin");
  const make = (fields: Record<string, unknown>) => ctx.createUser("doctor", { stripe_account: "a", is_active_stripe_account: true, ...fields });
  const ada = await make({ first_name: "Ada" });
  const bob = await make({ first_name: "Bob", rating: 4.0 });
  const p1 = await ctx.createUser("patient", { doctor_id: ada.id });
  const p2 = await ctx.createUser("patient", { doctor_id: ada.id });
  await insertConsultation(ctx, { doctorId: ada.id, patientId: p1.id, status: "finished" });
  await insertConsultation(ctx, { doctorId: ada.id, patientId: p2.id, status: "finished" });
  await insertConsultation(ctx, { doctorId: bob.id, patientId: p1.id, status: "canceled" });
  const firstNames = async () => (await ctx.call("GET", "/doctors")).body.result.list.map((d: { firstName: string }) => d.firstName);

  await t.step("only a patient with a finished consultation with that doctor may review", async () => {
    const res = await ctx.call("POST", `/doctors/review/${bob.id}`, { token: p1.token, body: { rating: 5, comment: "" } });
    assert.equal(res.status, 403);
    assert.equal(res.body.message, NOT_ELIGIBLE);
    assert.equal((await ctx.call("GET", `/doctors/review/${bob.id}`, { token: p1.token })).body.result.eligible, false);
    assert.equal((await ctx.call("GET", `/doctors/review/${ada.id}`, { token: p1.token })).body.result.eligible, true);
    assert.equal((await ctx.call("POST", `/doctors/review/${ada.id}`, { token: bob.token, body: { rating: 5 } })).status, 403);
    assert.equal((await ctx.call("POST", `/doctors/review/${ada.id}`, { body: { rating: 5 } })).status, 401);
    assert.equal((await ctx.call("POST", `/doctors/review/${crypto.randomUUID()}`, { token: p1.token, body: { rating: 5 } })).status, 404);
    for (const body of [{ rating: 0 }, { rating: 6 }, { rating: 4.5 }, {}, { rating: 5, comment: "x".repeat(2001) }, { rating: 5, comment: "a\u0000" }, { rating: 5, doctorId: ada.id }]) {
      assert.equal((await ctx.call("POST", `/doctors/review/${ada.id}`, { token: p1.token, body })).status, 400, JSON.stringify(body));
    }
    assert.deepEqual(await firstNames(), ["Bob", "Ada"]);
  });

  await t.step("reviews set the rating, which orders the doctors list; one review per doctor", async () => {
    const res = await ctx.call("POST", `/doctors/review/${ada.id}`, { token: p1.token, body: { rating: 5, comment: "Listened well" } });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal((await ctx.call("GET", `/doctors/${ada.id}`)).body.result.rating, 5);
    assert.deepEqual(await firstNames(), ["Ada", "Bob"]);
    const again = await ctx.call("POST", `/doctors/review/${ada.id}`, { token: p1.token, body: { rating: 1 } });
    assert.equal(again.status, 409);
    assert.equal(again.body.message, ALREADY_REVIEWED);
    await ctx.call("POST", `/doctors/review/${ada.id}`, { token: p2.token, body: { rating: 2 } });
    assert.equal((await ctx.call("GET", `/doctors/${ada.id}`)).body.result.rating, 3.5);
    assert.deepEqual(await firstNames(), ["Bob", "Ada"]);
  });

  await t.step("admins list, hide and restore; hidden reviews stop counting; audited", async () => {
    assert.equal((await ctx.call("GET", "/admin/reviews", { token: p1.token })).status, 403);
    const list = await ctx.call("GET", "/admin/reviews", { token: admin.token });
    assert.equal(list.body.result.totalCount, 2);
    assertNoClinicalKeys(list.body.result);
    const low = list.body.result.list.find((r: { rating: number }) => r.rating === 2);
    const hide = await ctx.call("PUT", `/admin/reviews/${low.id}`, { token: admin.token, body: { hidden: true } });
    assert.equal(hide.body.result.hidden, true);
    assert.equal((await ctx.call("GET", `/doctors/${ada.id}`)).body.result.rating, 5);
    assert.equal((await ctx.call("GET", "/admin/reviews?status=hidden", { token: admin.token })).body.result.totalCount, 1);
    await ctx.call("PUT", `/admin/reviews/${low.id}`, { token: admin.token, body: { hidden: false } });
    assert.equal((await ctx.call("GET", `/doctors/${ada.id}`)).body.result.rating, 3.5);
    assert.equal((await ctx.call("PUT", `/admin/reviews/${low.id}`, { token: admin.token, body: { hidden: "yes" } })).status, 400);
    assert.equal((await ctx.call("PUT", `/admin/reviews/${crypto.randomUUID()}`, { token: admin.token, body: { hidden: true } })).status, 404);
    const events = (await ctx.deps.audit.forSubject(ada.id)).map((e) => e.event);
    assert.ok(events.includes("review.hidden") && events.includes("review.restored"));
  });

  await t.step("anyone reads a listed doctor's visible reviews, newest first, reviewers by first name and initial (issue 32)", async () => {
    const low = (await ctx.call("GET", "/admin/reviews", { token: admin.token })).body.result.list.find((r: { rating: number }) => r.rating === 2);
    await ctx.call("PUT", `/admin/reviews/${low.id}`, { token: admin.token, body: { hidden: true } });
    const res = await ctx.call("GET", `/doctors/${ada.id}/reviews`);
    assert.equal(res.status, 200);
    assert.equal(res.body.result.totalCount, 1);
    const [only] = res.body.result.list;
    const [who] = await ctx.sql<{ first_name: string; last_name: string }[]>`select first_name, last_name from users where id = ${p1.id}`;
    assert.deepEqual([only.rating, only.comment, only.reviewer], [5, "Listened well", `${who.first_name} ${who.last_name.slice(0, 1)}.`]);
    // Nothing more of the patient than that: no id, no email.
    assert.deepEqual(Object.keys(only).sort(), ["comment", "createdAt", "id", "rating", "reviewer"]);
    assert.equal((await ctx.call("GET", `/doctors/${crypto.randomUUID()}/reviews`)).status, 404);
    assert.equal((await ctx.call("GET", `/doctors/${ada.id}/reviews?limit=500`)).status, 400);
    await ctx.call("PUT", `/admin/reviews/${low.id}`, { token: admin.token, body: { hidden: false } });
  });
});
