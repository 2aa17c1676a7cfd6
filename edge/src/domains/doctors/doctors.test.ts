/** Doctors: the list (filters, rating order), count, dropdown, profile card, "my doctor", an admin choosing a doctor. */
import assert from "node:assert/strict";
import { apiTest } from "../../test/harness.ts";
import { create, newDraft, newFile, pull, pullAll, push } from "../../test/sync-fixtures.ts";
import { NOT_LICENSED } from "./service.ts";

apiTest("doctors list, count, dropdown, profile card, my doctor", async (t, ctx) => {
  const make = (fields: Record<string, unknown>) =>
    ctx.createUser("doctor", { stripe_account: "acct_x", is_active_stripe_account: true, specialty: "Family practice", ...fields });
  const ada = await make({ first_name: "Ada", last_name: "Zeller", rating: 4.9, licensed_states: ["NV", "CA"] });
  const bob = await make({ first_name: "Bob", last_name: "Young", rating: 3.5, specialty: "Internal medicine" });
  const cy = await make({ first_name: "Cy", last_name: "Adams", licensed_states: ["TX"] });
  // The best rated, but not bookable (no active payout account): listed after the bookable ones (issue 32).
  const di = await make({ first_name: "Di", last_name: "Brown", rating: 5, is_active_stripe_account: false });
  await make({ first_name: "Ed", last_name: "Initial", application_status: "initial" });
  await make({ first_name: "Flo", last_name: "Blocked", is_blocked: true });
  await make({ first_name: "Gus", last_name: "Banned", is_banned: true });
  const patient = await ctx.createUser("patient", { doctor_id: ada.id });
  const vma = await ctx.createUser("vma", { doctor_id: bob.id });
  const names = (res: { body: any }) => res.body.result.list.map((d: { firstName: string }) => d.firstName);

  await t.step("guests see approved, unblocked doctors, bookable first, by rating (no rating last), then by name", async () => {
    const res = await ctx.call("GET", "/doctors");
    assert.equal(res.status, 200);
    assert.deepEqual(names(res), ["Ada", "Bob", "Cy", "Di"]);
    assert.equal(res.body.result.totalCount, 4);
    const card = res.body.result.list[0];
    assert.deepEqual(card, {
      id: ada.id, firstName: "Ada", lastName: "Zeller", specialty: "Family practice", licensedStates: ["NV", "CA"],
      bio: null, timezone: null, rating: 4.9, acceptsBookings: true, acceptsNewPatients: true,
    });
    assert.equal(res.body.result.list.find((d: { id: string }) => d.id === di.id).acceptsBookings, false);
    assert.deepEqual(names(await ctx.call("GET", "/doctors?order=name")), ["Cy", "Di", "Bob", "Ada"]);
  });

  await t.step("filters: state, specialty, search; paging", async () => {
    assert.deepEqual(names(await ctx.call("GET", "/doctors?state=CA")), ["Ada"]);
    assert.deepEqual(names(await ctx.call("GET", "/doctors?state=TX")), ["Cy"]);
    assert.deepEqual(names(await ctx.call("GET", "/doctors?specialty=Internal%20medicine")), ["Bob"]);
    assert.deepEqual(names(await ctx.call("GET", "/doctors?search=ada")), ["Ada", "Cy"]);
    assert.deepEqual(names(await ctx.call("GET", "/doctors?search=%25")), []);
    const page = (await ctx.call("GET", "/doctors?offset=1&limit=2")).body.result;
    assert.deepEqual([page.list.length, page.offset, page.limit, page.totalCount], [2, 1, 2, 4]);
    for (const bad of ["?state=XX", "?specialty=Surgery", "?order=price", "?limit=500"]) {
      assert.equal((await ctx.call("GET", `/doctors${bad}`)).status, 400, bad);
    }
  });

  await t.step("count with the same filters", async () => {
    assert.deepEqual((await ctx.call("GET", "/doctors/count")).body.result, { count: 4 });
    assert.deepEqual((await ctx.call("GET", "/doctors/count?state=NV")).body.result, { count: 3 });
  });

  await t.step("dropdown: signed in, by name, searchable", async () => {
    const res = await ctx.call("GET", "/doctors/dropdown?search=b", { token: patient.token });
    assert.deepEqual(res.body.result.list.map((d: { firstName: string }) => d.firstName), ["Di", "Bob"]);
    assert.deepEqual(Object.keys(res.body.result.list[0]).sort(), ["firstName", "id", "lastName", "specialty"]);
    assert.equal((await ctx.call("GET", "/doctors/dropdown")).status, 401);
  });

  await t.step("a listed doctor's card by id; unlisted ones and non-doctors are not found", async () => {
    assert.equal((await ctx.call("GET", `/doctors/${cy.id}`)).body.result.lastName, "Adams");
    assert.equal((await ctx.call("GET", `/doctors/${patient.id}`)).status, 404);
    assert.equal((await ctx.call("GET", `/doctors/${crypto.randomUUID()}`)).status, 404);
  });

  await t.step("my doctor: a patient's, a VMA's; none for a patient without one; others may not ask", async () => {
    assert.equal((await ctx.call("GET", "/doctors/of/me", { token: patient.token })).body.result.id, ada.id);
    assert.equal((await ctx.call("GET", "/doctors/of/me", { token: vma.token })).body.result.id, bob.id);
    const loner = await ctx.createUser("patient");
    assert.equal((await ctx.call("GET", "/doctors/of/me", { token: loner.token })).body.result, null);
    assert.equal((await ctx.call("GET", "/doctors/of/me", { token: ada.token })).status, 403);
  });

  await t.step("a doctor with 400 patients takes no new ones", async () => {
    await ctx.sql`insert into users (role, email, first_name, last_name, doctor_id)
      select 'patient', 'full' || g || '@example.test', 'P', 'Q', ${cy.id} from generate_series(1, 400) g`;
    assert.equal((await ctx.call("GET", `/doctors/${cy.id}`)).body.result.acceptsNewPatients, false);
  });
});

apiTest("an admin chooses a patient's doctor", async (t, ctx) => {
  const admin = await ctx.createUser("admin");
  const oldDoctor = await ctx.createUser("doctor");
  const newDoctor = await ctx.createUser("doctor", { licensed_states: ["NV", "CA"] });
  const newVma = await ctx.createUser("vma", { doctor_id: newDoctor.id });
  const patient = await ctx.createUser("patient", { doctor_id: oldDoctor.id });
  const choose = (body: unknown, token = admin.token) => ctx.call("POST", "/doctors/choose/admin", { token, body });

  await t.step("bad input, unknown patient or doctor, unlisted doctor", async () => {
    assert.equal((await choose({ doctorId: "x" })).status, 400);
    assert.equal((await choose({ doctorId: newDoctor.id, patientId: crypto.randomUUID() })).status, 404);
    assert.equal((await choose({ doctorId: newDoctor.id, patientId: newVma.id })).status, 404);
    assert.deepEqual((await choose({ doctorId: patient.id, patientId: patient.id })).body.message, "No such doctor");
    const unapproved = await ctx.createUser("doctor", { application_status: "initial" });
    assert.equal((await choose({ doctorId: unapproved.id, patientId: patient.id })).status, 404);
  });

  await t.step("the doctor must be licensed in the patient's state", async () => {
    const texan = await ctx.createUser("patient", { state: "TX" });
    const res = await choose({ doctorId: newDoctor.id, patientId: texan.id });
    assert.deepEqual([res.status, res.body.details.reason, res.body.details.fields.doctorId], [400, "NOT_LICENSED_IN_STATE", NOT_LICENSED]);
  });

  await t.step("only admins", async () => {
    assert.equal((await choose({ doctorId: newDoctor.id, patientId: patient.id }, newDoctor.token)).status, 403);
    assert.equal((await choose({ doctorId: newDoctor.id, patientId: patient.id }, patient.token)).status, 403);
  });

  await t.step("assigned: the new care team receives the patient's drafts and files written before", async () => {
    const draft = newDraft(patient.id, oldDoctor.id);
    const file = newFile(patient.id, patient.id);
    assert.deepEqual((await push(ctx, oldDoctor.token, "note_drafts", [create(draft)])).body.result, []);
    assert.deepEqual((await push(ctx, patient.token, "medical_files", [create(file)])).body.result, []);
    // The new VMA's device is up to date before the assignment.
    const before = await pullAll(ctx, newVma.token, "note_drafts");
    assert.deepEqual(before.docs, []);
    const res = await choose({ doctorId: newDoctor.id, patientId: patient.id });
    assert.deepEqual([res.status, res.body.result.doctor.id], [200, newDoctor.id]);
    const after = await pull(ctx, newVma.token, "note_drafts", before.checkpoint);
    assert.deepEqual(after.body.result.documents.map((d: { id: string }) => d.id), [draft.id]);
    assert.deepEqual((await pullAll(ctx, newDoctor.token, "medical_files")).docs.map((d) => d.id), [file.id]);
    assert.deepEqual((await pullAll(ctx, oldDoctor.token, "note_drafts")).docs, [], "the old doctor no longer reads them");
    const audit = await ctx.deps.audit.forSubject(patient.id);
    assert.ok(audit.some((e) => e.event === "patient.doctor_assigned" && e.details.doctorId === newDoctor.id));
    assert.equal((await choose({ doctorId: newDoctor.id, patientId: patient.id })).status, 200, "again: no change");
  });

  await t.step("the 400-patient cap, also for concurrent assignments", async () => {
    const doctor = await ctx.createUser("doctor");
    await ctx.sql`insert into users (role, email, first_name, last_name, doctor_id)
      select 'patient', 'cap' || g || '@example.test', 'P', 'Q', ${doctor.id} from generate_series(1, 398) g`;
    const candidates = await Promise.all([1, 2, 3, 4].map(() => ctx.createUser("patient")));
    const answers = await Promise.all(candidates.map((p) => choose({ doctorId: doctor.id, patientId: p.id })));
    assert.deepEqual(answers.map((a) => a.status).sort(), [200, 200, 409, 409]);
    assert.ok(answers.filter((a) => a.status === 409).every((a) => a.body.details.reason === "PANEL_FULL"));
    const [{ n }] = await ctx.sql`select count(*)::int as n from users where doctor_id = ${doctor.id}`;
    assert.equal(n, 400);
  });
});
