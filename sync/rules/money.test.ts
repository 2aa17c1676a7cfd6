import assert from "node:assert/strict";
import { centsAsDecimal, dollarsToCents, formatUsd, positiveCents } from "./money.ts";

Deno.test("money reads the same everywhere: cents as dollars, to the cent", () => {
  assert.equal(formatUsd(4720), "$47.20");
  assert.equal(formatUsd(123456789), "$1,234,567.89");
  assert.equal(formatUsd(0), "$0.00");
  assert.equal(formatUsd(-2835), "-$28.35");
  assert.equal(centsAsDecimal(2836), "28.36");
  assert.equal(centsAsDecimal(5), "0.05");
  assert.equal(centsAsDecimal(100_000_00), "100000.00");
});

Deno.test("dollars typed become cents: one parser for every money field", () => {
  assert.equal(dollarsToCents("47.2"), 4720);
  assert.equal(dollarsToCents("$0.29"), 29);
  assert.equal(dollarsToCents("-3"), -300);
  assert.equal(dollarsToCents(" "), null);
  for (const bad of ["1.005", "abc", "1e3", "12,50"]) assert.ok(Number.isNaN(dollarsToCents(bad)), bad);
  assert.equal(positiveCents("$10"), 1000);
  assert.equal(positiveCents("0.01"), 1);
  for (const bad of ["", "0", "1.234", "-5", "abc", "1e3"]) assert.equal(positiveCents(bad), null, bad);
});
