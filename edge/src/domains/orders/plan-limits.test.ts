/** Prescription maximums by plan (02 §5, §9), through the service with each plan kind passed as the dependency. */
import assert from "node:assert/strict";
import { apiTest } from "../../test/harness.ts";
import type { Actor } from "../../access/actor.ts";
import { MEDICATIONS } from "../../../../sync/data/medications.ts";
import { AppError } from "../../http/errors.ts";
import { createPractices } from "../chart/chart-fixtures.ts";
import { limitErrors, PLAN_KINDS, type PlanKind, prescriptionLimitsFor } from "./plan-limits.ts";
import { createOrdersServices } from "./service.ts";

Deno.test("limits per plan: one-time 30, monthly 30, 3-month 90, annual 90 with 3 refills; none = one-time", () => {
  const table = Object.fromEntries(PLAN_KINDS.map((p) => [p, [prescriptionLimitsFor(p).maxDays, prescriptionLimitsFor(p).maxRefills]]));
  assert.deepEqual(table, { "none": [30, 0], "one-time": [30, 0], "monthly": [30, 0], "3-month": [90, 0], "annual": [90, 3] });
  assert.equal(limitErrors(prescriptionLimitsFor("annual"), { days: 90, refills: 3 }), null);
  assert.deepEqual(Object.keys(limitErrors(prescriptionLimitsFor("annual"), { days: 91, refills: 4 }) ?? {}), ["days", "refills"]);
  assert.match(limitErrors(prescriptionLimitsFor("3-month"), { days: 90, refills: 1 })!.refills, /No refills under the 3-month plan/);
});

apiTest("the service asks planKindOf(patient, doctor) and enforces that plan's maximums", async (t, ctx) => {
  const u = await createPractices(ctx);
  const enc = await ctx.call("POST", `/encounters/${u.patient.id}`, {
    token: u.doctor.token, body: { type: "video", reason: "Cough", datetime: "2026-01-10T15:00:00Z" },
  });
  const actor: Actor = {
    userId: u.doctor.id, role: "doctor", fullAccess: true, doctorId: null, sessionId: "s", isSuperAdmin: false, impersonatorSessionId: null,
  };
  const amox = MEDICATIONS.find((m) => m.display === "amoxicillin 500 mg oral capsule")!.rxcui;
  const base = { medicationId: amox, instructions: "1 cap tid", quantity: 30, unit: "capsule" as const, substitutionAllowed: true, daw: false,
    additionalSig: "", pharmacistMessage: "", pharmacyId: null };
  const cases: [PlanKind, { days: number; refills: number }, boolean][] = [
    ["none", { days: 30, refills: 0 }, true], ["none", { days: 31, refills: 0 }, false],
    ["one-time", { days: 30, refills: 0 }, true], ["one-time", { days: 30, refills: 1 }, false],
    ["monthly", { days: 30, refills: 0 }, true], ["monthly", { days: 60, refills: 0 }, false],
    ["3-month", { days: 90, refills: 0 }, true], ["3-month", { days: 90, refills: 1 }, false],
    ["annual", { days: 90, refills: 3 }, true], ["annual", { days: 90, refills: 4 }, false], ["annual", { days: 120, refills: 0 }, false],
  ];
  for (const [plan, v, allowed] of cases) {
    await t.step(`${plan}: ${v.days} days, ${v.refills} refills → ${allowed ? "allowed" : "refused"}`, async () => {
      const asked: string[] = [];
      const s = createOrdersServices(ctx.deps, { planKindOf: (p, d) => (asked.push(`${p}/${d}`), Promise.resolve(plan)) });
      const run = s.prescriptions.create(actor, enc.body.result.id, { ...base, ...v });
      if (allowed) assert.equal((await run).days, v.days);
      else {
        await assert.rejects(run, (e: unknown) => e instanceof AppError && e.status === 422 && e.details.reason === "PLAN_LIMIT");
      }
      assert.deepEqual(asked, [`${u.patient.id}/${u.doctor.id}`]);
    });
  }
});
