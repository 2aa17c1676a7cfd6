/** Home path after sign-in (01 §2). */
import assert from "node:assert/strict";
import { type HomeUser, homePath } from "./home-path.ts";

Deno.test("homePath", async (t) => {
  const cases: [string, HomeUser, string][] = [
    ["a guest", null, "/"],
    ["an admin", { role: "admin", fullAccess: true, profileNotFilledStage: null }, "/admin"],
    ["a VMA with full access", { role: "vma", fullAccess: true, profileNotFilledStage: null }, "/messages"],
    ["a VMA without full access", { role: "vma", fullAccess: false, profileNotFilledStage: null }, "/messages"],
    ["a doctor without full access", { role: "doctor", fullAccess: false, profileNotFilledStage: null }, "/profile"],
    ["an approved doctor", { role: "doctor", fullAccess: true, profileNotFilledStage: null }, "/home"],
    ["a patient with an unfilled profile", { role: "patient", fullAccess: false, profileNotFilledStage: "medicalCard" }, "/fillProfile"],
    ["a patient with a doctor but an unfilled profile", { role: "patient", fullAccess: true, profileNotFilledStage: "medicalCard" }, "/fillProfile"],
    ["a patient with a filled profile and no doctor", { role: "patient", fullAccess: false, profileNotFilledStage: null }, "/home"],
    ["a patient with a filled profile and a doctor", { role: "patient", fullAccess: true, profileNotFilledStage: null }, "/home"],
  ];
  for (const [name, user, expected] of cases) {
    await t.step(`${name} → ${expected}`, () => {
      assert.equal(homePath(user), expected);
    });
  }
});
