import assert from "node:assert/strict";
import { isValidNpi } from "./npi.ts";

Deno.test("NPI: Luhn check digit over the 80840 prefix", () => {
  // CMS's worked example: 123456789 has check digit 3.
  assert.equal(isValidNpi("1234567893"), true);
  assert.equal(isValidNpi("1234567890"), false);
  assert.equal(isValidNpi("1234567894"), false);
  assert.equal(isValidNpi("123456789"), false);
  assert.equal(isValidNpi("12345678933"), false);
  assert.equal(isValidNpi("12345678a3"), false);
  assert.equal(isValidNpi(null), false);
});
