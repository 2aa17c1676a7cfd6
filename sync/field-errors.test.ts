import assert from "node:assert/strict";
import { z } from "zod";
import { readFieldErrors, validate, zodFieldErrors } from "./field-errors.ts";

const card = z.strictObject({
  name: z.string().min(1, "Name is required").max(3, "Too long"),
  allergies: z.array(z.object({ name: z.string().min(1, "Allergy name is required") })),
}).refine((v) => v.name !== "bad", "Not this card");

Deno.test("field errors: the first message per dotted path, the whole input under _", () => {
  const parsed = card.safeParse({ name: "", allergies: [{ name: "" }, { name: "dust" }] });
  assert.equal(parsed.success, false);
  assert.deepEqual(zodFieldErrors(parsed.error!), { name: "Name is required", "allergies.0.name": "Allergy name is required" });
  assert.deepEqual(validate(card, { name: "bad", allergies: [] }), { ok: false, errors: { _: "Not this card" } });
  assert.deepEqual(validate(card, { name: "ok", allergies: [] }), { ok: true, data: { name: "ok", allergies: [] } });
});

Deno.test("field errors: each unknown key of a strict object is named", () => {
  assert.deepEqual(validate(card, { name: "ok", allergies: [], extra: 1, other: 2 }), {
    ok: false,
    errors: { extra: "Unknown field", other: "Unknown field" },
  });
});

Deno.test("field errors read from an envelope keep only string messages", () => {
  assert.deepEqual(readFieldErrors({ email: "Taken", count: 3, "a.0.b": "Bad" }), { email: "Taken", "a.0.b": "Bad" });
  assert.deepEqual(readFieldErrors(undefined), {});
  assert.deepEqual(readFieldErrors(["x"]), {});
});
