/**
 * The patient's cards (`/stripe/account/paymentMethods…`) and transactions
 * (`GET /payments/transactions`) through the real SDK against the emulator.
 */
import assert from "node:assert/strict";
import { idempotencyKey, paymentsTest } from "../../test/payments-fixtures.ts";

type Card = { id: string; brand: string; last4: string; isDefault: boolean };
type TxPage = { list: { id: string; amountCents: number; status: string; description: string; createdAt: string }[]; hasMore: boolean; startingAfter: string | null };

paymentsTest("payments: cards and transactions", async (t, ctx) => {
  const patient = await ctx.createUser("patient");
  const other = await ctx.createUser("patient");
  const cards = async (token: string) => {
    const res = await ctx.call<{ result: Card[] }>("GET", "/stripe/account/paymentMethods", { token });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.result;
  };
  const add = (token: string, paymentMethodId: string) =>
    ctx.call("POST", "/stripe/account/paymentMethods", { token, body: { paymentMethodId } });

  await t.step("a patient with no card has an empty list; the first card added is the default", async () => {
    assert.deepEqual(await cards(patient.token), []);
    const visa = await add(patient.token, "pm_card_visa");
    assert.equal(visa.status, 201, JSON.stringify(visa.body));
    assert.equal(visa.body.result.last4, "4242");
    assert.equal(visa.body.result.isDefault, true);
    const master = await add(patient.token, "pm_card_mastercard");
    assert.equal(master.status, 201);
    assert.equal(master.body.result.isDefault, false);
    const list = await cards(patient.token);
    assert.deepEqual(list.map((c) => [c.last4, c.isDefault]).sort(), [["4242", true], ["4444", false]]);
  });

  await t.step("make default, then delete a card", async () => {
    const master = (await cards(patient.token)).find((c) => c.last4 === "4444")!;
    const res = await ctx.call<{ result: Card[] }>("POST", "/stripe/account/paymentMethods/default", {
      token: patient.token, body: { paymentMethodId: master.id },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body.result.filter((c) => c.isDefault).map((c) => c.id), [master.id]);
    const visa = (await cards(patient.token)).find((c) => c.last4 === "4242")!;
    const deleted = await ctx.call("DELETE", `/stripe/account/paymentMethods/${visa.id}`, { token: patient.token });
    assert.equal(deleted.status, 200, JSON.stringify(deleted.body));
    assert.deepEqual(deleted.body.result, { deleted: visa.id });
    assert.deepEqual((await cards(patient.token)).map((c) => c.id), [master.id]);
  });

  await t.step("another patient's card is not found: not deleted, not made default", async () => {
    const [mine] = await cards(patient.token);
    await add(other.token, "pm_card_amex");
    const del = await ctx.call("DELETE", `/stripe/account/paymentMethods/${mine.id}`, { token: other.token });
    assert.equal(del.status, 404, JSON.stringify(del.body));
    assert.equal(del.body.message, "No such payment method");
    const def = await ctx.call("POST", "/stripe/account/paymentMethods/default", { token: other.token, body: { paymentMethodId: mine.id } });
    assert.equal(def.status, 404);
    assert.deepEqual((await cards(patient.token)).map((c) => c.id), [mine.id]);
    assert.deepEqual((await cards(other.token)).map((c) => c.last4), ["0005"]);
    // An unknown id, and a patient with no processor customer at all, are the same 404.
    const stranger = await ctx.createUser("patient");
    assert.equal((await ctx.call("DELETE", `/stripe/account/paymentMethods/${mine.id}`, { token: stranger.token })).status, 404);
    assert.equal((await ctx.call("DELETE", "/stripe/account/paymentMethods/pm_nosuchcard", { token: patient.token })).status, 404);
  });

  await t.step("a raw card number is refused before the processor; a declined card answers 402; nothing is added", async () => {
    const before = await cards(patient.token);
    for (const raw of ["4242424242424242", "4242 4242 4242 4242"]) {
      const res = await add(patient.token, raw);
      assert.equal(res.status, 400, JSON.stringify(res.body));
      assert.equal(res.body.details.fields.paymentMethodId, "Invalid card");
      assert.ok(!JSON.stringify(res.body).includes("4242424242424242"), "the number is not echoed");
    }
    const extra = await ctx.call("POST", "/stripe/account/paymentMethods", {
      token: patient.token, body: { paymentMethodId: "pm_card_visa", number: "4242424242424242" },
    });
    assert.equal(extra.status, 400);
    assert.equal(extra.body.details.fields.number, "Unknown field");
    const declined = await add(patient.token, "pm_card_chargeDeclined");
    assert.equal(declined.status, 402, JSON.stringify(declined.body));
    assert.equal(declined.body.details.reason, "CARD_ERROR");
    assert.deepEqual(await cards(patient.token), before);
  });

  await t.step("only patients manage cards", async () => {
    const doctor = await ctx.createUser("doctor");
    assert.equal((await ctx.call("GET", "/stripe/account/paymentMethods", { token: doctor.token })).status, 403);
    assert.equal((await ctx.call("GET", "/stripe/account/paymentMethods")).status, 401);
  });

  await t.step("transactions: newest first, paged past one page with hasMore/startingAfter; other patients see none", async () => {
    const { doctor, plans } = await ctx.doctorWithPlans();
    const member = await ctx.createUser("patient");
    const sub = await ctx.call("POST", "/payments/stripe/subscribe", {
      token: member.token,
      body: { doctorId: doctor.id, planId: plans["Primary care — monthly"], paymentMethodId: "pm_card_visa", idempotencyKey: idempotencyKey() },
    });
    assert.equal(sub.status, 200, JSON.stringify(sub.body));
    await ctx.settle();
    // Earlier payments of this patient (two of the same second, so the id breaks the tie) and another patient's.
    const at = (iso: string) => new Date(iso);
    const insert = (patientId: string, amountCents: number, createdAt: Date) =>
      ctx.sql<{ id: string }[]>`insert into payment_transactions (patient_id, doctor_id, invoice_id, type, status, amount_cents, created_at)
        values (${patientId}, ${doctor.id}, ${`in_test_${crypto.randomUUID()}`}, 'service', 'succeeded', ${amountCents}, ${createdAt})
        returning id`.then((r) => r[0].id);
    await insert(member.id, 1000, at("2024-01-01T10:00:00Z"));
    await insert(member.id, 2000, at("2024-01-02T10:00:00Z"));
    await insert(member.id, 3000, at("2024-01-02T10:00:00Z"));
    await insert(member.id, 4000, at("2024-01-03T10:00:00Z"));
    const foreign = await insert(other.id, 9900, at("2024-01-04T10:00:00Z"));

    const page = async (token: string, query: string) => {
      const res = await ctx.call<{ result: TxPage }>("GET", `/payments/transactions?${query}`, { token });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      return res.body.result;
    };
    const seen: TxPage["list"] = [];
    let query = "limit=2";
    const pages: boolean[] = [];
    for (let i = 0; i < 5; i++) {
      const p = await page(member.token, query);
      seen.push(...p.list);
      pages.push(p.hasMore);
      if (!p.hasMore) break;
      assert.equal(p.startingAfter, p.list.at(-1)!.id);
      query = `limit=2&startingAfter=${p.startingAfter}`;
    }
    assert.deepEqual(pages, [true, true, false]);
    assert.equal(seen.length, 5);
    assert.equal(new Set(seen.map((s) => s.id)).size, 5, "no row twice");
    // The membership's first charge is the newest; then by date, newest first.
    // What it was for and with whom (issue 32: a service payment read just "Payment"), and what was refunded of it.
    assert.deepEqual(seen[0], { ...seen[0], amountCents: 5900, refundedCents: 0, status: "succeeded" });
    assert.match(seen[0].description, /^Primary care — monthly membership with Dr\. /);
    assert.deepEqual(seen.slice(1).map((s) => s.amountCents).slice(0, 1), [4000]);
    assert.deepEqual(seen.slice(2, 4).map((s) => s.amountCents).sort(), [2000, 3000]);
    assert.equal(seen[4].amountCents, 1000);
    assert.ok(seen.every((s, i) => i === 0 || s.createdAt <= seen[i - 1].createdAt));

    // Another patient's cursor gives nothing of theirs, and their own list holds only their row.
    const theirs = await page(other.token, "limit=20");
    assert.deepEqual(theirs.list.map((s) => s.id), [foreign]);
    const leaked = await page(member.token, `limit=20&startingAfter=${foreign}`);
    assert.deepEqual(leaked.list, []);
    assert.equal(leaked.hasMore, false);
    const probe = await page(other.token, `limit=20&startingAfter=${seen[0].id}`);
    assert.deepEqual(probe.list, []);

    // Bad paging input is a 400 naming the field.
    const bad = await ctx.call("GET", "/payments/transactions?limit=0&startingAfter=x", { token: member.token });
    assert.equal(bad.status, 400);
    assert.deepEqual(Object.keys(bad.body.details.fields).sort(), ["limit", "startingAfter"]);
  });
});
