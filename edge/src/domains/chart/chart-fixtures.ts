/** Test data for chart tests: two practices, each with a doctor, a VMA and a patient, plus an admin. */
import type { TestContext } from "../../test/harness.ts";

export async function createPractices(ctx: TestContext) {
  const doctor = await ctx.createUser("doctor");
  const vma = await ctx.createUser("vma", { doctor_id: doctor.id });
  const patient = await ctx.createUser("patient", { doctor_id: doctor.id, first_name: "Pat", last_name: "Mine" });
  const otherDoctor = await ctx.createUser("doctor");
  const otherVma = await ctx.createUser("vma", { doctor_id: otherDoctor.id });
  const otherPatient = await ctx.createUser("patient", { doctor_id: otherDoctor.id });
  const admin = await ctx.createUser("admin");
  return { doctor, vma, patient, otherDoctor, otherVma, otherPatient, admin };
}

/** A note type, an encounter, a note, a diagnosis, a problem and vitals for `patient`, written by `doctor`. */
export async function createChart(ctx: TestContext, doctor: { token: string }, patientId: string) {
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await ctx.call(method, path, { token: doctor.token, body });
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.result;
  };
  const noteType = await call("POST", "/noteTypes", { name: "SOAP", fieldNames: ["Subjective", "Objective", "Assessment", "Plan"] });
  const encounter = await call("POST", `/encounters/${patientId}`, { type: "video", reason: "Cough for a week", datetime: "2026-01-10T15:00:00Z" });
  const note = await call("POST", `/encounterNotes/${encounter.id}`, { noteTypeId: noteType.id, fields: { Subjective: "Dry cough" } });
  const diagnosis = await call("POST", `/diagnoses/create/${encounter.id}`, { code: "J20.9" });
  const problem = await call("POST", `/problems/patient/${patientId}`, { name: "Asthma", code: "J45.909" });
  const vitals = await call("POST", `/vitals/patient/${patientId}`, { encounterId: encounter.id, bloodPressure: "120/80", weight: 180, height: 70 });
  return { noteType, encounter, note, diagnosis, problem, vitals };
}
