/** The plans list's `sort` (02 §5): every listed field sorts, ascending or with `-` descending; nothing else does. */
import assert from "node:assert/strict";
import { PLAN_SORT_FIELDS, plansQuerySchema } from "./membership.ts";

Deno.test("plansQuerySchema accepts exactly the PLAN_SORT_FIELDS, each with or without '-'", () => {
  for (const field of PLAN_SORT_FIELDS) {
    for (const sort of [field, `-${field}`]) {
      const parsed = plansQuerySchema.safeParse({ sort });
      assert.ok(parsed.success, `${sort} should be accepted`);
      assert.equal(parsed.data.sort, sort);
    }
  }
  for (const sort of ["sort", "-sort", "password", "--name", "name-", "name,priceCents", ""]) {
    assert.equal(plansQuerySchema.safeParse({ sort }).success, false, `${sort} should be refused`);
  }
  assert.equal(plansQuerySchema.parse({}).sort, "-createdAt");
});
