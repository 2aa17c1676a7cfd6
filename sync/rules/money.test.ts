import assert from "node:assert/strict";
import { centsAsDecimal, formatUsd } from "./money.ts";

Deno.test("money reads the same everywhere: cents as dollars, to the cent", () => {
  assert.equal(formatUsd(4720), "$47.20");
  assert.equal(formatUsd(123456789), "$1,234,567.89");
  assert.equal(formatUsd(0), "$0.00");
  assert.equal(formatUsd(-2835), "-$28.35");
  assert.equal(centsAsDecimal(2836), "28.36");
  assert.equal(centsAsDecimal(5), "0.05");
  assert.equal(centsAsDecimal(100_000_00), "100000.00");
});
