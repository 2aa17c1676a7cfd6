/** A chart entry made on a device is a valid document, and stands for exactly the input it was made from. */
import assert from "node:assert/strict";
import { chartEntrySchema, entryInput, type NewChartEntry, newChartEntry } from "./index.ts";

const patientId = "1d3c8f4e-2f0a-4b7e-9a55-1f2e3d4c5b6a";
const encounterId = "2d3c8f4e-2f0a-4b7e-9a55-1f2e3d4c5b6a";
const by = { id: "3d3c8f4e-2f0a-4b7e-9a55-1f2e3d4c5b6a", firstName: "Grace", lastName: "Hopper", doctorId: "3d3c8f4e-2f0a-4b7e-9a55-1f2e3d4c5b6a" };
const now = "2026-11-28T10:00:00.000Z";

Deno.test("a device's chart entry round-trips to the API's input", async (t) => {
  const entries: NewChartEntry[] = [
    { kind: "vitals", patientId, input: { encounterId, bloodPressure: "128/82", heartRate: 72, weight: 180, height: 70, recordedAt: "2026-11-28T09:55:00+00:00" } },
    { kind: "problem", patientId, input: { name: "Asthma", code: "J45.909", status: "active", onset: "2015", comment: "" } },
    { kind: "encounter", patientId, input: { type: "other", reason: "Home visit", datetime: "2026-11-28T09:30:00.000Z", details: "At home" } },
    { kind: "diagnosis", patientId, encounterId, input: { code: "I10", comment: "Controlled" } },
  ];
  for (const entry of entries) {
    await t.step(entry.kind, () => {
      const doc = newChartEntry(entry, by, now, crypto.randomUUID());
      assert.equal(chartEntrySchema.safeParse(doc).success, true, JSON.stringify(chartEntrySchema.safeParse(doc).error?.issues));
      const back = entryInput(doc);
      assert.ok(back);
      assert.equal(back.kind, entry.kind);
      // What the API would store (the schema's output: a normalised time, defaults filled in).
      if (entry.kind === "vitals") assert.equal((back.input as { recordedAt: string }).recordedAt, "2026-11-28T09:55:00.000Z");
      // (Absent and undefined alike: JSON drops both.)
      else assert.deepEqual(JSON.parse(JSON.stringify(back.input)), entry.input);
    });
  }
  await t.step("the server's values are filled in as it will set them", () => {
    const vitals = newChartEntry(entries[0], by, now, crypto.randomUUID());
    assert.equal(vitals.kind === "vitals" && vitals.data?.bmi, 25.8);
    const diagnosis = newChartEntry(entries[3], by, now, crypto.randomUUID());
    assert.equal(diagnosis.kind === "diagnosis" && diagnosis.data?.description, "Essential (primary) hypertension");
  });
});
