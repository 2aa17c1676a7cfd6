/** Macro placeholders and the shortcut under the caret (02 §7 Macros; the syntax: edge/docs/team.md). */
import assert from "node:assert/strict";
import { fillMacro, shortcutAt } from "./macro-text.ts";

const today = new Date(2026, 2, 9);

Deno.test("fillMacro fills patient, doctor and today", () => {
  const out = fillMacro("Hi {patient.firstName} ({patient.age}), {doctor.fullName} on {today}", {
    patient: { firstName: "Ann", lastName: "Lee", birthDate: "1990-03-10" },
    doctor: { firstName: "Ada", lastName: "Zeller" },
    today,
  });
  assert.equal(out, "Hi Ann (35), Ada Zeller on 03/09/2026");
});

Deno.test("fillMacro keeps unknown placeholders and patient ones without a patient", () => {
  assert.equal(fillMacro("{patient.firstName} {foo} {patient.ssn}", { today }), "{patient.firstName} {foo} {patient.ssn}");
});

Deno.test("shortcutAt finds the shortcut before the caret", () => {
  assert.deepEqual(shortcutAt("note ;bp", 8), { start: 5, shortcut: ";bp" });
  assert.deepEqual(shortcutAt(";bp", 3), { start: 0, shortcut: ";bp" });
});

Deno.test("shortcutAt ignores a semicolon inside a word or a caret elsewhere", () => {
  assert.equal(shortcutAt("a;bp", 4), null);
  assert.equal(shortcutAt("note ;bp more", 13), null);
});
