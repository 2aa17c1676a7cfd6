import assert from "node:assert/strict";
import { isCommonPassword, useFullCommonPasswordList } from "./common-passwords.ts";
import { TOP_COMMON_PASSWORDS } from "./common-passwords-top.ts";
import { passwordSchema } from "./personal.ts";

Deno.test("common passwords: the bundled top list, then the full list once registered", () => {
  assert.ok(TOP_COMMON_PASSWORDS.length > 3000);
  assert.ok(TOP_COMMON_PASSWORDS.every((p) => p.length >= 8));
  assert.equal(isCommonPassword("qwerty123"), true);
  // Rank ~30,000 of the source list: not in the clients' top list, refused once the server registered the full list.
  assert.equal(isCommonPassword("bioshock"), false);
  assert.equal(passwordSchema.safeParse("bioshock").success, true);
  useFullCommonPasswordList(["Bioshock"]);
  assert.equal(isCommonPassword("BIOSHOCK"), true);
  assert.equal(passwordSchema.safeParse("bioshock").success, false);
});
