/** The commission split and the percentage discount with odd amounts (rounding: half up to the cent). */
import assert from "node:assert/strict";
import { commissionSchema, couponInputSchema, discountedCents, paidServiceInputSchema, splitCommission } from "./commerce.ts";

Deno.test("splitCommission: fee = gross × percent / 100 rounded half up; fee + net = gross", async (t) => {
  await t.step("odd amounts", () => {
    assert.deepEqual(splitCommission(5900, 15), { grossCents: 5900, feeCents: 885, netCents: 5015 });
    assert.deepEqual(splitCommission(4720, 15), { grossCents: 4720, feeCents: 708, netCents: 4012 });
    // 1 × 50 / 100 = 0.5 → 1 (half up); 1 × 49 / 100 = 0.49 → 0
    assert.deepEqual(splitCommission(1, 50), { grossCents: 1, feeCents: 1, netCents: 0 });
    assert.deepEqual(splitCommission(1, 49), { grossCents: 1, feeCents: 0, netCents: 1 });
    // 333 × 15 / 100 = 49.95 → 50; 3 × 17 / 100 = 0.51 → 1; 999 × 33 / 100 = 329.67 → 330
    assert.equal(splitCommission(333, 15).feeCents, 50);
    assert.equal(splitCommission(3, 17).feeCents, 1);
    assert.equal(splitCommission(999, 33).feeCents, 330);
  });
  await t.step("0 % and 100 %", () => {
    assert.deepEqual(splitCommission(5900, 0), { grossCents: 5900, feeCents: 0, netCents: 5900 });
    assert.deepEqual(splitCommission(5900, 100), { grossCents: 5900, feeCents: 5900, netCents: 0 });
  });
  await t.step("every cent from $0.00 to $20.00 and every percent: fee + net = gross, fee = the exact share rounded half up", () => {
    let checked = 0;
    for (let gross = 0; gross <= 2000; gross++) {
      for (let p = 0; p <= 100; p++) {
        const { feeCents, netCents } = splitCommission(gross, p);
        assert.equal(feeCents + netCents, gross);
        // In hundredths of a cent, exactly: the exact share lies in (fee − ½, fee + ½], i.e. a half rounds up.
        const diff = feeCents * 100 - gross * p;
        assert.ok(diff > -50 && diff <= 50, `${gross}¢ at ${p} %: fee ${feeCents}`);
        checked++;
      }
    }
    assert.equal(checked, 2001 * 101);
  });
  await t.step("refuses fractions, negatives and percents outside 0..100", () => {
    assert.throws(() => splitCommission(10.5, 10));
    assert.throws(() => splitCommission(-1, 10));
    assert.throws(() => splitCommission(100, 101));
    assert.throws(() => splitCommission(100, 12.5));
  });
});

Deno.test("discountedCents: 20 % off $59.00 is $47.20; odd amounts round half up", () => {
  assert.equal(discountedCents(5900, 20), 4720);
  assert.equal(discountedCents(4900, 15), 4165);
  assert.equal(discountedCents(3333, 15), 2833); // 499.95 → 500 off
  assert.equal(discountedCents(1, 50), 0);
});

Deno.test("schemas: commission 0..100 integer; percentage 1 < d < 100; names letters and digits; a service needs a price", () => {
  assert.ok(commissionSchema.safeParse({ commission: 0 }).success);
  assert.ok(commissionSchema.safeParse({ commission: 100 }).success);
  for (const c of [-1, 101, 10.5, "10", null]) assert.ok(!commissionSchema.safeParse({ commission: c }).success, String(c));
  const coupon = { name: "Abc123", percentageDiscount: 2, duration: "forever" };
  assert.ok(couponInputSchema.safeParse(coupon).success);
  assert.ok(couponInputSchema.safeParse({ ...coupon, percentageDiscount: 99 }).success);
  for (const d of [1, 100, 0, 1.5]) assert.ok(!couponInputSchema.safeParse({ ...coupon, percentageDiscount: d }).success, String(d));
  assert.ok(!couponInputSchema.safeParse({ ...coupon, name: "Ab_c" }).success);
  assert.ok(!couponInputSchema.safeParse({ ...coupon, name: "Ab\u0000c" }).success);
  assert.ok(!paidServiceInputSchema.safeParse({ name: "X" }).success);
  assert.ok(paidServiceInputSchema.safeParse({ name: "X", nonSubscriberPriceCents: 4900 }).success);
  assert.ok(!paidServiceInputSchema.safeParse({ name: "X\u0000", nonSubscriberPriceCents: 4900 }).success);
});
