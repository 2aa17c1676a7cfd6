/** Promo codes: the 02 §5 rules, 'Coupon already exists', the processor mirror, check, delete, exact redemption limit. */
import assert from "node:assert/strict";
import { commerceTest } from "../../test/commerce-fixtures.ts";
import { apiTest } from "../../test/harness.ts";
import { redeemCoupon } from "./coupons.ts";

commerceTest("promo codes: admin creates, lists, deletes; rules; mirrored to the processor; checkout check", async (t, ctx) => {
  const admin = await ctx.createUser("admin");
  const patient = await ctx.createUser("patient");
  const doctor = await ctx.createUser("doctor");
  const good = { name: "SPRING20", percentageDiscount: 20, duration: "once", redemptionLimit: 5 };

  await t.step("only an admin creates or lists", async () => {
    assert.equal((await ctx.call("POST", "/coupons", { token: patient.token, body: good })).status, 403);
    assert.equal((await ctx.call("POST", "/coupons", { token: doctor.token, body: good })).status, 403);
    assert.equal((await ctx.call("POST", "/coupons", { body: good })).status, 401);
    assert.equal((await ctx.call("GET", "/coupons", { token: patient.token })).status, 403);
  });

  await t.step("bad input answers 400 and makes nothing", async () => {
    const bad = [
      { ...good, percentageDiscount: 1 }, { ...good, percentageDiscount: 100 }, { ...good, percentageDiscount: 20.5 },
      { ...good, name: "SPRING 20" }, { ...good, name: "spring-20" }, { ...good, name: "" }, { ...good, name: "A\u0000B" },
      { ...good, duration: "repeating" }, { ...good, redemptionLimit: -1 }, { ...good, extra: 1 }, { ...good, percentageDiscount: "20" },
    ];
    for (const body of bad) {
      const res = await ctx.call("POST", "/coupons", { token: admin.token, body });
      assert.equal(res.status, 400, JSON.stringify(body));
    }
    assert.equal((await ctx.call("GET", "/coupons", { token: admin.token })).body.result.totalCount, 0);
    assert.equal((await ctx.stripeGet("/v1/coupons")).data.length, 0);
  });

  let id = "";
  await t.step("created, mirrored as the processor's coupon + promotion code", async () => {
    const res = await ctx.call("POST", "/coupons", { token: admin.token, body: good });
    assert.equal(res.status, 201);
    id = res.body.result.id;
    assert.deepEqual({ ...res.body.result, id: undefined, createdAt: undefined }, {
      id: undefined, createdAt: undefined, name: "SPRING20", percentageDiscount: 20, duration: "once", redemptionLimit: 5, appliedTimes: 0,
    });
    const promos = (await ctx.stripeGet("/v1/promotion_codes")).data;
    assert.equal(promos.length, 1);
    assert.equal(promos[0].code, "SPRING20");
    assert.equal(promos[0].active, true);
    const coupon = await ctx.stripeGet(`/v1/coupons/${promos[0].promotion?.coupon ?? promos[0].coupon}`);
    assert.equal(coupon.percent_off, 20);
    assert.equal(coupon.duration, "once");
    const [row] = await ctx.sql`select processor_promotion_code_id from coupons where id = ${id}`;
    assert.equal(row.processor_promotion_code_id, promos[0].id);
  });

  await t.step("the same name again, in any case: 409 'Coupon already exists'", async () => {
    const res = await ctx.call("POST", "/coupons", { token: admin.token, body: { ...good, name: "spring20" } });
    assert.equal(res.status, 409);
    assert.equal(res.body.message, "Coupon already exists");
  });

  await t.step("empty or 0 redemption limit = unlimited; forever", async () => {
    const res = await ctx.call("POST", "/coupons", { token: admin.token, body: { name: "Loyal15", percentageDiscount: 15, duration: "forever", redemptionLimit: 0 } });
    assert.equal(res.status, 201);
    assert.equal(res.body.result.redemptionLimit, null);
    const list = (await ctx.call("GET", "/coupons", { token: admin.token })).body.result;
    assert.deepEqual(list.list.map((c: { name: string }) => c.name), ["Loyal15", "SPRING20"]);
  });

  await t.step("the checkout checks a code (any case); unknown ones are 'Invalid coupon'", async () => {
    const res = await ctx.call("GET", "/coupons/check/spring20", { token: patient.token });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.result, { name: "SPRING20", percentageDiscount: 20, duration: "once" });
    for (const code of ["NOPE", "has%20space"]) {
      const bad = await ctx.call("GET", `/coupons/check/${code}`, { token: patient.token });
      assert.equal(bad.status, 404, code);
      assert.equal(bad.body.message, "Invalid coupon");
    }
    assert.equal((await ctx.call("GET", "/coupons/check/SPRING20")).status, 401);
  });

  await t.step("deleted: gone from the list and the check, the promotion code deactivated; the name is free again", async () => {
    assert.equal((await ctx.call("DELETE", `/coupons/${id}`, { token: patient.token })).status, 403);
    assert.equal((await ctx.call("DELETE", `/coupons/${id}`, { token: admin.token })).status, 200);
    assert.equal((await ctx.call("DELETE", `/coupons/${id}`, { token: admin.token })).status, 404);
    assert.equal((await ctx.call("GET", "/coupons/check/SPRING20", { token: patient.token })).status, 404);
    const promo = (await ctx.stripeGet("/v1/promotion_codes")).data.find((p: { code: string }) => p.code === "SPRING20");
    assert.equal(promo.active, false);
    assert.equal((await ctx.call("POST", "/coupons", { token: admin.token, body: good })).status, 201);
  });

  await t.step("the processor failing: the code is not kept here either", async () => {
    // A 4xx: the SDK does not retry it (a 500 it would retry, and the retry would succeed).
    ctx.emulator.failNext(/\/v1\/promotion_codes/, { status: 400, type: "invalid_request_error", message: "boom-secret-detail" });
    const res = await ctx.call("POST", "/coupons", { token: admin.token, body: { ...good, name: "FAILS10" } });
    assert.ok(res.status >= 500, String(res.status));
    assert.ok(!JSON.stringify(res.body).includes("boom"), "the processor's words are not shown");
    const [{ n }] = await ctx.sql`select count(*)::int as n from coupons where name = 'FAILS10'`;
    assert.equal(n, 0);
  });
});

apiTest("redemption limit counted exactly: 20 simultaneous redemptions of a limit-5 code make 5", async (t, ctx) => {
  const patients = await Promise.all(Array.from({ length: 4 }, () => ctx.createUser("patient")));
  const [coupon] = await ctx.sql<{ id: string }[]>`insert into coupons (name, percentage_discount, duration, redemption_limit)
    values ('RACE5', 20, 'once', 5) returning id`;

  await t.step("each redemption in its own transaction, all at once", async () => {
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) =>
      ctx.sql.begin((tx) => redeemCoupon(tx, { couponId: coupon.id, patientId: patients[i % 4].id, purpose: "service" }))
    ));
    const won = results.filter((r) => r.status === "fulfilled").length;
    assert.equal(won, 5);
    for (const r of results) if (r.status === "rejected") assert.equal((r.reason as Error).message, "Invalid coupon");
    const [row] = await ctx.sql`select applied_times from coupons where id = ${coupon.id}`;
    assert.equal(row.applied_times, 5);
    const [{ n }] = await ctx.sql`select count(*)::int as n from coupon_redemptions where coupon_id = ${coupon.id}`;
    assert.equal(n, 5);
  });

  await t.step("a redemption in a transaction that rolls back is given back", async () => {
    await ctx.sql`update coupons set redemption_limit = 6 where id = ${coupon.id}`;
    await assert.rejects(ctx.sql.begin(async (tx) => {
      await redeemCoupon(tx, { couponId: coupon.id, patientId: patients[0].id, purpose: "service" });
      throw new Error("charge failed");
    }), /charge failed/);
    const [row] = await ctx.sql`select applied_times from coupons where id = ${coupon.id}`;
    assert.equal(row.applied_times, 5);
  });
});
