/**
 * The spec's patient calls that were not served (issue 32; 02 §7, their bodies decided in sync/schemas/patient-record.ts):
 * `PUT /patient/{id}` (the contact phone) and `POST /patient/{id}` (a new medical-card record), and paths the spec
 * writes with a trailing slash (`POST /doctorMacros/`, `POST /doctorTasks/`) answered as the same routes.
 */
import assert from "node:assert/strict";
import { apiTest } from "../../test/harness.ts";
import { createPractice } from "../../test/sync-fixtures.ts";

apiTest("patient calls of 02 §7 and the spec's trailing slashes", async (t, ctx) => {
  const a = await createPractice(ctx);
  const b = await createPractice(ctx);
  const phoneOf = async (id: string) => (await ctx.sql<{ p: string | null }[]>`select phone_number as p from users where id = ${id}`)[0].p;

  await t.step("PUT /patient/{id}: the care team sets the contact phone; audited; bad input and strangers change nothing", async () => {
    const res = await ctx.call("PUT", `/patient/${a.patient.id}`, { token: a.vma.token, body: { phoneNumber: "+1 702 555 0142" } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.result.phoneNumber, "+1 702 555 0142");
    assert.equal(await phoneOf(a.patient.id), "+1 702 555 0142");
    const [audit] = await ctx.sql`select 1 from audit_log where event = 'chart.write' and details->>'what' = 'patient.editContact'
      and actor_id = ${a.vma.id} and subject_id = ${a.patient.id}`;
    assert.ok(audit, "audited");

    const bad = await ctx.call("PUT", `/patient/${a.patient.id}`, { token: a.doctor.token, body: { phoneNumber: "call me" } });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.details.fields.phoneNumber, "Enter a valid phone number");
    const email = await ctx.call("PUT", `/patient/${a.patient.id}`, { token: a.doctor.token, body: { phoneNumber: null, email: "x@example.com" } });
    assert.equal(email.status, 400, "the email is the patient's own");
    // Another practice: not found; the patient themself: not this call.
    assert.equal((await ctx.call("PUT", `/patient/${a.patient.id}`, { token: b.doctor.token, body: { phoneNumber: null } })).status, 404);
    assert.equal((await ctx.call("PUT", `/patient/${a.patient.id}`, { token: a.patient.token, body: { phoneNumber: null } })).status, 403);
    assert.equal(await phoneOf(a.patient.id), "+1 702 555 0142");

    const cleared = await ctx.call("PUT", `/patient/${a.patient.id}`, { token: a.doctor.token, body: { phoneNumber: null } });
    assert.deepEqual([cleared.status, await phoneOf(a.patient.id)], [200, null]);
  });

  await t.step("POST /patient/{id}: adds a medical-card record; one with an id is a change, for edit-record", async () => {
    const res = await ctx.call("POST", `/patient/${a.patient.id}`, {
      token: a.doctor.token, body: { type: "allergies", record: { name: "Penicillin", reaction: "Hives" } },
    });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const [added] = res.body.result.allergies;
    assert.deepEqual([added.name, added.reaction], ["Penicillin", "Hives"]);
    assert.match(added._id, /^[0-9a-f-]{36}$/);

    const withId = await ctx.call("POST", `/patient/${a.patient.id}`, {
      token: a.doctor.token, body: { type: "allergies", record: { _id: added._id, name: "Changed" } },
    });
    assert.equal(withId.status, 400);
    assert.match(withId.body.details.fields["record._id"], /edit-record/);
    const stranger = await ctx.call("POST", `/patient/${a.patient.id}`, { token: b.vma.token, body: { type: "allergies", record: { name: "Latex" } } });
    assert.equal(stranger.status, 404);
    const card = (await ctx.call("GET", `/patient/${a.patient.id}`, { token: a.doctor.token })).body.result;
    assert.deepEqual(JSON.stringify(card).match(/Penicillin|Changed|Latex/g), ["Penicillin"]);
  });

  await t.step("a card the patient saved (records without ids) keeps its record ids across reads, so the care team can edit one", async () => {
    const card = {
      allergies: [{ name: "Latex", reaction: "Hives", comment: "" }, { name: "Latex", reaction: "Hives", comment: "" }],
      medications: [{ name: "Lisinopril", dose: "10 mg", frequency: "Once daily" }],
      socialHistory: { tobacco: "never", alcohol: "occasionally", drugs: "never" },
    };
    const saved = await ctx.call("PUT", "/patient/medicalCard", { token: b.patient.token, body: card });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    const read = async () => (await ctx.call("GET", `/patient/${b.patient.id}`, { token: b.doctor.token })).body.result.medicalCard;
    const first = await read();
    const again = await read();
    assert.deepEqual(again.allergies.map((r: { _id: string }) => r._id), first.allergies.map((r: { _id: string }) => r._id));
    assert.notEqual(first.allergies[0]._id, first.allergies[1]._id, "two equal records are still two");
    const edit = await ctx.call("POST", `/patient/edit-record/${b.patient.id}`, {
      token: b.doctor.token, body: { type: "medications", record: { ...first.medications[0], dose: "20 mg" } },
    });
    assert.equal(edit.status, 200, JSON.stringify(edit.body));
    assert.deepEqual(edit.body.result.medications.map((r: { dose: string }) => r.dose), ["20 mg"]);

    // The patient changes the record meanwhile: the care team's edit of the old one is refused, not applied elsewhere.
    const before = await read();
    const changed = { ...card, allergies: [{ name: "Latex", reaction: "Anaphylaxis", comment: "" }] };
    assert.equal((await ctx.call("PUT", "/patient/medicalCard", { token: b.patient.token, body: changed })).status, 200);
    const stale = await ctx.call("POST", `/patient/edit-record/${b.patient.id}`, {
      token: b.doctor.token, body: { type: "allergies", record: { ...before.allergies[1], comment: "seen" } },
    });
    assert.equal(stale.status, 409);
    assert.deepEqual((await read()).allergies.map((r: { reaction: string }) => r.reaction), ["Anaphylaxis"]);
  });

  await t.step("a path written with a trailing slash is the same route", async () => {
    const macro = await ctx.call("POST", "/doctorMacros/", { token: a.doctor.token, body: { shortcut: ";bp", text: "Blood pressure rechecked" } });
    assert.ok(macro.status === 200 || macro.status === 201, JSON.stringify(macro.body));
    const task = await ctx.call("POST", "/doctorTasks/", {
      token: a.doctor.token, body: { assigneeId: a.vma.id, patientId: a.patient.id, description: "Call back", category: "Call back" },
    });
    assert.ok(task.status === 200 || task.status === 201, JSON.stringify(task.body));
    // Access is the route's own: a patient is still refused.
    assert.equal((await ctx.call("POST", "/doctorMacros/", { token: a.patient.token, body: { shortcut: ";x", text: "x" } })).status, 403);
  });
});
