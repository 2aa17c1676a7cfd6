import assert from "node:assert/strict";
import { asString, parseForm, StripeError } from "./form.ts";
import { addIntervals } from "./periods.ts";

Deno.test("form bodies: nested objects, indexed and empty-bracket arrays, empty values kept as ''", () => {
  const params = parseForm(
    "items[0][price]=price_1&items[0][quantity]=2&items[1][price]=price_2&expand[]=a.b&expand[]=c&metadata[k]=v&metadata[gone]=&customer=cus_1",
  );
  assert.deepEqual(params, {
    items: [{ price: "price_1", quantity: "2" }, { price: "price_2" }],
    expand: ["a.b", "c"],
    metadata: { k: "v", gone: "" },
    customer: "cus_1",
  });
  assert.deepEqual(parseForm("expand[0]=x&expand[1]=y"), { expand: ["x", "y"] });
  assert.deepEqual(parseForm(""), {});
});

Deno.test("strings with NUL are refused with Stripe's invalid_request_error", () => {
  assert.throws(() => asString("a\u0000b", "name"), (e: unknown) => e instanceof StripeError && e.status === 400 && e.body.param === "name");
});

Deno.test("periods keep the anchor day, clamped to short months", () => {
  const jan31 = Date.UTC(2027, 0, 31, 12) / 1000;
  const month = { interval: "month" as const, interval_count: 1 };
  assert.equal(new Date(addIntervals(jan31, month, 1) * 1000).toISOString(), "2027-02-28T12:00:00.000Z");
  assert.equal(new Date(addIntervals(jan31, month, 2) * 1000).toISOString(), "2027-03-31T12:00:00.000Z");
  assert.equal(new Date(addIntervals(jan31, { interval: "year", interval_count: 1 }, 1) * 1000).toISOString(), "2028-01-31T12:00:00.000Z");
  assert.equal(addIntervals(jan31, { interval: "week", interval_count: 2 }, 1) - jan31, 14 * 86_400);
});
