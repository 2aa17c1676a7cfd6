/**
 * An encounter's orders on the care team's devices (chart_entries kinds lab, imaging, referral, prescription;
 * issue 31): each reaches the doctor's and the VMA's devices exactly as the orders API answers it (a prescription
 * once the device adds its pharmacy and allergy flags, `prescriptionOf`); a deleted encounter takes its orders;
 * nobody else holds them. A prescription drafted on a device offline is created once under the API's rules and
 * refused where the API would refuse (a VMA, a plan's day limit, a refused medication, a sent status, a deleted encounter).
 */
import assert from "node:assert/strict";
import { apiTest } from "../../test/harness.ts";
import { form, pdfFile } from "../../test/chat-fixtures.ts";
import { create, createPractice, pullAll, push } from "../../test/sync-fixtures.ts";
import { chartEntrySchema, type ChartEntryDoc, prescriptionOf } from "../../../../sync/collections/index.ts";
import { MEDICATIONS } from "../../../../sync/data/medications.ts";
import { PHARMACIES } from "../../../../sync/data/pharmacies.ts";

const rxcui = (display: string) => MEDICATIONS.find((m) => m.display === display)!.rxcui;
const AMOXICILLIN = rxcui("amoxicillin 500 mg oral capsule");

apiTest("chart entries: an encounter's orders on the devices, and a prescription drafted offline", async (t, ctx) => {
  const a = await createPractice(ctx);
  const b = await createPractice(ctx);
  const admin = await ctx.createUser("admin");
  const ok = async (method: string, path: string, token: string, body?: unknown, asForm?: FormData) => {
    const res = await ctx.call(method, path, { token, body, form: asForm });
    assert.ok(res.status === 200 || res.status === 201, `${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.result;
  };
  const pulled = async (token: string) =>
    ((await pullAll(ctx, token, "chart_entries", null)).docs as unknown[]).map((d) => chartEntrySchema.parse(d)) as ChartEntryDoc[];
  await ok("POST", `/patient/edit-record/${a.patient.id}`, a.vma.token,
    { type: "allergies", record: { name: "Penicillin", reaction: "Hives", comment: "" } });
  const encounter = await ok("POST", `/encounters/${a.patient.id}`, a.doctor.token,
    { type: "office", reason: "Sore throat", datetime: "2026-11-20T09:30:00.000Z" });
  const e = encounter.id as string;

  await t.step("labs, imaging, referrals and prescriptions reach both devices exactly as the API answers them", async () => {
    const lab = await ok("POST", `/encounterLabs/${e}`, a.vma.token, { code: "2345-7", comment: "Fasting" });
    await ctx.call("POST", `/encounterLabs/results/${lab.id}`, { token: a.vma.token, form: form({}, [pdfFile("glucose.pdf")]) });
    await ok("POST", `/encounterImagings/${e}`, a.vma.token, undefined,
      form({ type: "X-Ray", bodyPart: "knee", laterality: "left", contrast: "no", clinicalHistory: "Twisted knee" }, []));
    await ok("POST", `/encounterReferrals/${e}`, a.vma.token, { specialty: "Cardiology", reason: "Murmur", urgency: "urgent" });
    await ok("POST", `/encounterPrescriptions/${e}`, a.doctor.token, {
      medicationId: AMOXICILLIN, instructions: "1 capsule three times a day", quantity: 30, unit: "capsule", days: 10, refills: 0,
      pharmacyId: PHARMACIES[0].ncpdp,
    });
    const api = {
      lab: await ok("GET", `/encounterLabs/list/${e}`, a.doctor.token),
      imaging: (await ok("POST", `/encounterImagings/list/${e}`, a.doctor.token, { offset: 0, limit: 100 })).list,
      referral: (await ok("GET", `/encounterReferrals/${e}?limit=100`, a.doctor.token)).list,
      prescription: await ok("GET", `/encounterPrescriptions/list/${e}`, a.doctor.token),
    };
    for (const user of [a.doctor, a.vma]) {
      const docs = await pulled(user.token);
      for (const kind of ["lab", "imaging", "referral", "prescription"] as const) {
        const mine = docs.filter((d) => d.kind === kind);
        assert.equal(mine.length, 1, `${kind}: ${mine.length}`);
        const [doc] = mine;
        assert.equal(doc.encounterId, e);
        const answer = (api[kind] as { id: string }[]).find((x) => x.id === doc.id);
        const data = doc.kind === "prescription" ? prescriptionOf(doc.data!, [{ name: "Penicillin" }]) : doc.data;
        assert.deepEqual(data, answer, kind);
      }
      assert.equal(docs.find((d) => d.kind === "lab")!.kind === "lab" && (docs.find((d) => d.kind === "lab")!.data as { state: string }).state, "resulted");
    }
    for (const user of [b.doctor, b.vma, admin]) assert.deepEqual(await pulled(user.token), []);
    // The patient: nothing shared yet, so bare tombstones; a shared lab then shows, its results only once shared.
    assert.ok((await pulled(a.patient.token)).every((d) => d._deleted && d.data === null));
    await ok("PUT", `/encounterLabs/share/${lab.id}`, a.doctor.token);
    const shown = (await pulled(a.patient.token)).find((d) => d.id === lab.id)!;
    assert.deepEqual(shown.data, (await ok("GET", `/encounterLabs/list/${e}`, a.patient.token))[0]);
    assert.deepEqual(shown.kind === "lab" && [shown.data!.results, shown.data!.state], [[], "resulted"]);
  });

  const at = "2026-11-27T10:00:00.000Z";
  const draft = (over: Record<string, unknown> = {}, encounterId = e, patientId = a.patient.id) => {
    const id = crypto.randomUUID();
    return {
      id, patientId, kind: "prescription", encounterId, updatedAt: 0, _deleted: false,
      data: {
        id, encounterId, patientId, doctorId: a.doctor.id, medicationId: AMOXICILLIN, medication: "amoxicillin", instructions: "1 cap tid",
        quantity: 21, unit: "capsule", days: 7, refills: 0, substitutionAllowed: true, daw: false, additionalSig: "", pharmacistMessage: "",
        pharmacyId: null, status: "draft", isDraft: true, erxStatus: 0, erxSubstatus: "S", archived: "N", transmission: "none",
        transmissionError: null, sentAt: null, transmittedAt: null, createdBy: a.doctor.id, createdAt: at, updatedAt: at, ...over,
      },
    };
  };

  await t.step("a prescription drafted on the doctor's device offline is created once, as a draft, by the doctor", async () => {
    const d = draft();
    const res = await push(ctx, a.doctor.token, "chart_entries", [create(d)]);
    assert.deepEqual([res.status, res.body.result], [200, []], JSON.stringify(res.body));
    const got = await ok("GET", `/encounterPrescriptions/${d.id}`, a.vma.token);
    assert.deepEqual([got.status, got.medication, got.createdBy, got.days, got.allergyMatches.length > 0],
      ["draft", "amoxicillin 500 mg oral capsule", a.doctor.id, 7, true]);
    const again = await push(ctx, a.doctor.token, "chart_entries", [create(d)]);
    assert.deepEqual(again.body.result.map((x: { id: string }) => x.id), [d.id]);
    const [{ count }] = await ctx.sql<{ count: number }[]>`select count(*)::int as count from prescriptions where id = ${d.id}`;
    assert.equal(count, 1);
    const [audit] = await ctx.sql`select 1 from audit_log where event = 'chart.write' and details->>'id' = ${d.id} and details->>'via' = 'sync'`;
    assert.ok(audit, "the draft made by push is audited");
  });

  await t.step("what the API would refuse is refused: a VMA, over the plan's days, a controlled drug, a sent status, a deleted encounter", async () => {
    const doomed = await ok("POST", `/encounters/${a.patient.id}`, a.doctor.token, { type: "office", reason: "x", datetime: at });
    await ok("DELETE", `/encounters/${doomed.id}`, a.doctor.token);
    const cases: [string, ReturnType<typeof draft>][] = [
      [a.vma.token, draft({ createdBy: a.vma.id })],
      [a.doctor.token, draft({ days: 90 })],
      [a.doctor.token, draft({ medicationId: rxcui("alprazolam 0.5 mg oral tablet") })],
      [a.doctor.token, draft({ status: "current", isDraft: false })],
      [a.doctor.token, draft({}, doomed.id)],
      [b.doctor.token, draft({}, e, b.patient.id)],
    ];
    for (const [token, d] of cases) {
      const res = await push(ctx, token, "chart_entries", [create(d)]);
      assert.equal(res.status, 200);
      assert.equal(res.body.result[0]?._deleted, true, JSON.stringify(res.body));
      const [row] = await ctx.sql`select 1 from prescriptions where id = ${d.id}`;
      assert.equal(row, undefined);
    }
  });

  await t.step("a referral drafted on the VMA's device offline is created once; a sent one is refused", async () => {
    const referral = (over: Record<string, unknown> = {}) => {
      const id = crypto.randomUUID();
      return {
        id, patientId: a.patient.id, kind: "referral", encounterId: e, updatedAt: 0, _deleted: false,
        data: {
          id, encounterId: e, patientId: a.patient.id, specialty: "Dermatology", reason: "Changing mole", urgency: "routine",
          contactName: "", contactId: null, status: "draft", isShared: false, createdBy: a.vma.id, createdAt: at, updatedAt: at, ...over,
        },
      };
    };
    const made = referral();
    const res = await push(ctx, a.vma.token, "chart_entries", [create(made)]);
    assert.deepEqual([res.status, res.body.result], [200, []], JSON.stringify(res.body));
    const list = (await ok("GET", `/encounterReferrals/${e}?limit=100`, a.doctor.token)).list as { id: string; status: string; specialty: string }[];
    assert.deepEqual(list.filter((r) => r.id === made.id).map((r) => [r.status, r.specialty]), [["draft", "Dermatology"]]);
    for (const bad of [referral({ status: "sent" }), referral({ isShared: true }), referral({ specialty: "" })]) {
      const refused = await push(ctx, a.vma.token, "chart_entries", [create(bad)]);
      assert.equal(refused.body.result[0]?._deleted, true, JSON.stringify(refused.body));
    }
  });

  await t.step("a deleted encounter takes its orders off the devices", async () => {
    await ok("DELETE", `/encounters/${e}`, a.doctor.token);
    const docs = (await pulled(a.vma.token)).filter((d) => d.encounterId === e);
    assert.ok(docs.length >= 5);
    assert.ok(docs.every((d) => d._deleted && d.data === null), JSON.stringify(docs.map((d) => [d.kind, d._deleted])));
  });
});
