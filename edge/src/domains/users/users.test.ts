/** Users through the HTTP API: who sees whom, profile edits, admin lists, blocking, the medical card. */
import assert from "node:assert/strict";
import { apiTest } from "../../test/harness.ts";
import { emailOf, NOBODY } from "./test-helpers.ts";
apiTest("who may see whom (GET /users/{id})", async (t, ctx) => {
  const admin = await ctx.createUser("admin");
  const doctorA = await ctx.createUser("doctor", { specialty: "Family practice" });
  const doctorB = await ctx.createUser("doctor", { specialty: "Internal medicine" });
  const initialDoctor = await ctx.createUser("doctor", { application_status: "initial", specialty: "Med/Peds" });
  const blockedDoctor = await ctx.createUser("doctor", { specialty: "Med/Peds" });
  await ctx.sql`update users set is_blocked = true where id = ${blockedDoctor.id}`;
  const patientA = await ctx.createUser("patient", { doctor_id: doctorA.id });
  const patientA2 = await ctx.createUser("patient", { doctor_id: doctorA.id });
  const patientB = await ctx.createUser("patient", { doctor_id: doctorB.id });
  const loner = await ctx.createUser("patient");
  const vmaA = await ctx.createUser("vma", { doctor_id: doctorA.id });
  const vmaA2 = await ctx.createUser("vma", { doctor_id: doctorA.id });
  const vmaB = await ctx.createUser("vma", { doctor_id: doctorB.id });

  const missing = await ctx.call("GET", `/users/${NOBODY}`, { token: admin.token });
  await t.step("a nonexistent id is a 404", () => {
    assert.equal(missing.status, 404);
    assert.equal(missing.body.message, "User not found");
    assert.equal(missing.body.details.reason, "NOT_FOUND");
  });

  type Who = { name: string; token?: string };
  const cases: { viewer: Who; target: { name: string; id: string }; sees: "full" | "public" | "none" }[] = [
    { viewer: { name: "a patient", token: patientA.token }, target: { name: "themselves", id: patientA.id }, sees: "full" },
    { viewer: { name: "a doctor", token: doctorA.token }, target: { name: "themselves", id: doctorA.id }, sees: "full" },
    { viewer: { name: "an initial doctor", token: initialDoctor.token }, target: { name: "themselves", id: initialDoctor.id }, sees: "full" },
    { viewer: { name: "a VMA", token: vmaA.token }, target: { name: "themselves", id: vmaA.id }, sees: "full" },
    { viewer: { name: "an admin", token: admin.token }, target: { name: "another doctor's patient", id: patientB.id }, sees: "full" },
    { viewer: { name: "an admin", token: admin.token }, target: { name: "a patient without a doctor", id: loner.id }, sees: "full" },
    { viewer: { name: "an admin", token: admin.token }, target: { name: "a VMA", id: vmaB.id }, sees: "full" },
    { viewer: { name: "an admin", token: admin.token }, target: { name: "an initial doctor", id: initialDoctor.id }, sees: "full" },
    { viewer: { name: "a doctor", token: doctorA.token }, target: { name: "their own patient", id: patientA.id }, sees: "full" },
    { viewer: { name: "a doctor", token: doctorA.token }, target: { name: "their own VMA", id: vmaA.id }, sees: "full" },
    { viewer: { name: "a doctor", token: doctorA.token }, target: { name: "another doctor's patient", id: patientB.id }, sees: "none" },
    { viewer: { name: "a doctor", token: doctorA.token }, target: { name: "a patient without a doctor", id: loner.id }, sees: "none" },
    { viewer: { name: "a doctor", token: doctorA.token }, target: { name: "another doctor's VMA", id: vmaB.id }, sees: "none" },
    { viewer: { name: "a doctor", token: doctorA.token }, target: { name: "another approved doctor", id: doctorB.id }, sees: "public" },
    { viewer: { name: "a VMA", token: vmaA.token }, target: { name: "their doctor", id: doctorA.id }, sees: "full" },
    { viewer: { name: "a VMA", token: vmaA.token }, target: { name: "their doctor's patient", id: patientA.id }, sees: "full" },
    { viewer: { name: "a VMA", token: vmaA.token }, target: { name: "a fellow VMA of the same doctor", id: vmaA2.id }, sees: "none" },
    { viewer: { name: "a VMA", token: vmaA.token }, target: { name: "another doctor's VMA", id: vmaB.id }, sees: "none" },
    { viewer: { name: "a VMA", token: vmaA.token }, target: { name: "another doctor's patient", id: patientB.id }, sees: "none" },
    { viewer: { name: "a VMA", token: vmaA.token }, target: { name: "another approved doctor", id: doctorB.id }, sees: "public" },
    { viewer: { name: "a patient", token: patientA.token }, target: { name: "their approved doctor", id: doctorA.id }, sees: "public" },
    { viewer: { name: "a patient", token: patientA.token }, target: { name: "another patient of the same doctor", id: patientA2.id }, sees: "none" },
    { viewer: { name: "a patient", token: patientA.token }, target: { name: "another doctor's patient", id: patientB.id }, sees: "none" },
    { viewer: { name: "a patient", token: patientA.token }, target: { name: "their doctor's VMA", id: vmaA.id }, sees: "none" },
    { viewer: { name: "a patient", token: patientA.token }, target: { name: "an initial doctor", id: initialDoctor.id }, sees: "none" },
    { viewer: { name: "a guest" }, target: { name: "an approved doctor", id: doctorA.id }, sees: "public" },
    { viewer: { name: "a guest" }, target: { name: "an initial doctor", id: initialDoctor.id }, sees: "none" },
    { viewer: { name: "a guest" }, target: { name: "a blocked doctor", id: blockedDoctor.id }, sees: "none" },
    { viewer: { name: "a guest" }, target: { name: "a patient", id: patientA.id }, sees: "none" },
    { viewer: { name: "a guest" }, target: { name: "a VMA", id: vmaA.id }, sees: "none" },
  ];

  for (const c of cases) {
    const verb = c.sees === "none" ? "cannot see" : `sees ${c.sees}`;
    await t.step(`${c.viewer.name} ${verb} ${c.target.name}`, async () => {
      const res = await ctx.call("GET", `/users/${c.target.id}`, { token: c.viewer.token });
      if (c.sees === "none") {
        assert.equal(res.status, 404);
        // Same answer as for an id that does not exist: nothing reveals the account.
        assert.deepEqual(res.body, missing.body);
        return;
      }
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const user = res.body.result;
      assert.equal(user.id, c.target.id);
      if (c.sees === "full") {
        assert.equal(user.email, await emailOf(ctx, c.target.id));
        assert.ok("phoneNumber" in user);
        assert.ok("isBlocked" in user);
      } else {
        assert.equal(user.role, "doctor");
        assert.equal("email" in user, false, "no email in a public profile");
        assert.equal("phoneNumber" in user, false, "no phone in a public profile");
        assert.equal("birthDate" in user, false, "no birth date in a public profile");
        assert.equal("npi" in user, false, "no NPI in a public profile");
        assert.ok(typeof user.specialty === "string" && user.specialty.length > 0, "the specialty is shown");
      }
    });
  }

  await t.step("an invalid uuid is a 400", async () => {
    const res = await ctx.call("GET", "/users/not-a-uuid", { token: admin.token });
    assert.equal(res.status, 400);
    assert.ok(res.body.details.fields.id);
  });
});

apiTest("editing a profile (PUT /users/{id})", async (t, ctx) => {
  const admin = await ctx.createUser("admin");
  const patient = await ctx.createUser("patient");
  const other = await ctx.createUser("patient");
  const doctor = await ctx.createUser("doctor");
  const namesOf = async (id: string) => {
    const [row] = await ctx.sql<{ first_name: string; last_name: string; zip: string; role: string }[]>`
      select first_name, last_name, zip, role from users where id = ${id}`;
    return { ...row };
  };

  await t.step("a user edits their own names", async () => {
    const res = await ctx.call("PUT", `/users/${patient.id}`, { token: patient.token, body: { firstName: " Jane ", lastName: "Doe" } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.result.firstName, "Jane");
    assert.equal(res.body.result.lastName, "Doe");
    assert.equal(res.body.result.email, patient.email);
    assert.deepEqual(await namesOf(patient.id), { first_name: "Jane", last_name: "Doe", zip: "89501", role: "patient" });
  });

  await t.step("a bad zip is refused and nothing of the request is saved", async () => {
    const res = await ctx.call("PUT", `/users/${patient.id}`, { token: patient.token, body: { firstName: "Janet", zip: "123" } });
    assert.equal(res.status, 400);
    assert.equal(res.body.details.fields.zip, "Zip must be exactly five digits");
    assert.deepEqual(await namesOf(patient.id), { first_name: "Jane", last_name: "Doe", zip: "89501", role: "patient" });
  });

  await t.step("another user's profile answers 404 and is unchanged", async () => {
    const before = await namesOf(other.id);
    const res = await ctx.call("PUT", `/users/${other.id}`, { token: patient.token, body: { firstName: "Hacked" } });
    assert.equal(res.status, 404);
    assert.equal(res.body.message, "User not found");
    assert.deepEqual(await namesOf(other.id), before);
  });

  await t.step("a guest is a 401", async () => {
    const res = await ctx.call("PUT", `/users/${patient.id}`, { body: { firstName: "Guest" } });
    assert.equal(res.status, 401);
  });

  await t.step("an admin may edit anyone", async () => {
    const res = await ctx.call("PUT", `/users/${other.id}`, { token: admin.token, body: { lastName: "Edited", zip: "10001" } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.result.id, other.id);
    assert.equal((await namesOf(other.id)).last_name, "Edited");
    assert.equal((await namesOf(other.id)).zip, "10001");
  });

  for (const [name, body] of [["role", { role: "admin" }], ["email", { email: "new@example.test" }], ["isBlocked", { isBlocked: true }]] as const) {
    await t.step(`an unknown field (${name}) is refused`, async () => {
      const res = await ctx.call("PUT", `/users/${patient.id}`, { token: patient.token, body: { firstName: "Jo", ...body } });
      assert.equal(res.status, 400);
      assert.equal(res.body.details.reason, "VALIDATION_FAILED");
      assert.equal(res.body.details.fields[name], "Unknown field");
      const row = await namesOf(patient.id);
      assert.equal(row.role, "patient");
      assert.equal(row.first_name, "Jane");
      assert.equal(await emailOf(ctx, patient.id), patient.email);
    });
  }

  await t.step("a patient may not set a doctor's professional fields", async () => {
    const res = await ctx.call("PUT", `/users/${patient.id}`, { token: patient.token, body: { npi: "1234567890" } });
    assert.equal(res.status, 400);
    assert.ok(res.body.details.fields.npi);
    const [row] = await ctx.sql<{ npi: string | null }[]>`select npi from users where id = ${patient.id}`;
    assert.equal(row.npi, null);
  });

  await t.step("a doctor may set them", async () => {
    const res = await ctx.call("PUT", `/users/${doctor.id}`, { token: doctor.token, body: { npi: "1234567890", licensedStates: ["NV", "UT"] } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.result.npi, "1234567890");
    assert.deepEqual(res.body.result.licensedStates, ["NV", "UT"]);
  });
});

apiTest("admin lists of users by role (GET /users/role/{role})", async (t, ctx) => {
  const admin = await ctx.createUser("admin");
  const patients = [await ctx.createUser("patient"), await ctx.createUser("patient"), await ctx.createUser("patient")];
  await ctx.createUser("doctor");

  let firstPage: any;
  await t.step("an admin gets the list envelope with paging", async () => {
    const res = await ctx.call("GET", "/users/role/patient?limit=2", { token: admin.token });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    firstPage = res.body.result;
    assert.deepEqual(Object.keys(firstPage).sort(), ["limit", "list", "offset", "totalCount"]);
    assert.equal(firstPage.list.length, 2);
    assert.equal(firstPage.offset, 0);
    assert.equal(firstPage.limit, 2);
    assert.ok(firstPage.totalCount >= 3);
    for (const u of firstPage.list) assert.equal(u.role, "patient");
  });

  await t.step("offset moves through the list", async () => {
    const res = await ctx.call("GET", "/users/role/patient?limit=2&offset=1", { token: admin.token });
    assert.equal(res.status, 200);
    assert.equal(res.body.result.offset, 1);
    assert.equal(res.body.result.list[0].id, firstPage.list[1].id);
    assert.equal(res.body.result.totalCount, firstPage.totalCount);
    const all = await ctx.call("GET", "/users/role/patient?limit=100", { token: admin.token });
    const ids = all.body.result.list.map((u: { id: string }) => u.id).sort();
    assert.deepEqual(ids, patients.map((p) => p.id).sort());
  });

  await t.step("search by email filters", async () => {
    const target = patients[1];
    const res = await ctx.call("GET", `/users/role/patient?search=${encodeURIComponent(target.email.toUpperCase())}`, { token: admin.token });
    assert.equal(res.status, 200);
    assert.equal(res.body.result.totalCount, 1);
    assert.deepEqual(res.body.result.list.map((u: { email: string }) => u.email), [target.email]);
    const none = await ctx.call("GET", "/users/role/patient?search=%25", { token: admin.token });
    assert.equal(none.body.result.totalCount, 0, "% is searched literally");
  });

  await t.step("the role in the path selects the role", async () => {
    const res = await ctx.call("GET", "/users/role/doctor", { token: admin.token });
    assert.equal(res.body.result.totalCount, 1);
    assert.equal(res.body.result.list[0].role, "doctor");
  });

  await t.step("a non-admin is refused with 403", async () => {
    const res = await ctx.call("GET", "/users/role/patient", { token: patients[0].token });
    assert.equal(res.status, 403);
  });

  await t.step("a guest is refused with 401", async () => {
    const res = await ctx.call("GET", "/users/role/patient");
    assert.equal(res.status, 401);
    assert.equal(res.body.details.reason, "TOKEN_MISSING");
  });

  await t.step("an unknown role is a 400", async () => {
    const res = await ctx.call("GET", "/users/role/superuser", { token: admin.token });
    assert.equal(res.status, 400);
    assert.equal(res.body.details.fields.role, "Unknown role");
  });

  for (const limit of ["0", "101", "ten"]) {
    await t.step(`limit=${limit} is a 400`, async () => {
      const res = await ctx.call("GET", `/users/role/patient?limit=${limit}`, { token: admin.token });
      assert.equal(res.status, 400);
      assert.ok(res.body.details.fields.limit);
    });
  }

  await t.step("a negative offset is a 400", async () => {
    const res = await ctx.call("GET", "/users/role/patient?offset=-1", { token: admin.token });
    assert.equal(res.status, 400);
    assert.ok(res.body.details.fields.offset);
  });
});

apiTest("blocking and unblocking users", async (t, ctx) => {
  const admin = await ctx.createUser("admin");
  const otherAdmin = await ctx.createUser("admin");
  const superAdmin = await ctx.createUser("admin", { is_super_admin: true });
  const otherSuper = await ctx.createUser("admin", { is_super_admin: true });
  const patient = await ctx.createUser("patient");
  const doctor = await ctx.createUser("doctor");

  await t.step("an admin blocks a patient", async () => {
    const res = await ctx.call("PUT", `/users/block/${patient.id}`, { token: admin.token });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.result.isBlocked, true);
  });

  await t.step("the patient's existing token stops working at once", async () => {
    const res = await ctx.call("POST", "/users/loginByToken", { token: patient.token });
    assert.equal(res.status, 401);
    assert.equal(res.body.details.reason, "TOKEN_BLOCKED");
    assert.equal(res.body.message, "Account blocked by admin");
  });

  await t.step("the patient cannot sign in", async () => {
    const res = await ctx.call("POST", "/users/login", { body: { email: patient.email, password: patient.password } });
    assert.equal(res.status, 403);
    assert.equal(res.body.message, "Account blocked by admin");
  });

  await t.step("the patient's refresh token is refused", async () => {
    const res = await ctx.call("POST", "/users/refreshToken", { body: { refreshToken: patient.refreshToken } });
    assert.equal(res.status, 401);
    // The device tells its user why (the PWA shows this on / after the server's sign-out).
    assert.equal(res.body.message, "Account blocked by admin");
    assert.equal(res.body.details.reason, "BLOCKED");
  });

  await t.step("after unblocking the patient signs in again", async () => {
    const res = await ctx.call("PUT", `/users/unblock/${patient.id}`, { token: admin.token });
    assert.equal(res.status, 200);
    assert.equal(res.body.result.isBlocked, false);
    const login = await ctx.call("POST", "/users/login", { body: { email: patient.email, password: patient.password } });
    assert.equal(login.status, 200);
    const me = await ctx.call("POST", "/users/loginByToken", { token: login.body.result.accessToken });
    assert.equal(me.status, 200);
  });

  await t.step("the audit log names who blocked and unblocked whom", async () => {
    const rows = await ctx.sql<{ event: string; actor_id: string; subject_id: string }[]>`
      select event, actor_id, subject_id from audit_log
      where event in ('user.blocked', 'user.unblocked') and subject_id = ${patient.id} order by id`;
    assert.deepEqual(rows.map((r) => ({ ...r })), [
      { event: "user.blocked", actor_id: admin.id, subject_id: patient.id },
      { event: "user.unblocked", actor_id: admin.id, subject_id: patient.id },
    ]);
  });

  await t.step("a non-admin cannot block", async () => {
    const res = await ctx.call("PUT", `/users/block/${patient.id}`, { token: doctor.token });
    assert.equal(res.status, 403);
    const unblock = await ctx.call("PUT", `/users/unblock/${patient.id}`, { token: doctor.token });
    assert.equal(unblock.status, 403);
  });

  await t.step("a plain admin cannot block another admin", async () => {
    const res = await ctx.call("PUT", `/users/block/${otherAdmin.id}`, { token: admin.token });
    assert.equal(res.status, 403);
    const [row] = await ctx.sql<{ is_blocked: boolean }[]>`select is_blocked from users where id = ${otherAdmin.id}`;
    assert.equal(row.is_blocked, false);
  });

  await t.step("a super admin can block an admin", async () => {
    const res = await ctx.call("PUT", `/users/block/${otherAdmin.id}`, { token: superAdmin.token });
    assert.equal(res.status, 200);
    assert.equal(res.body.result.isBlocked, true);
    const login = await ctx.call("POST", "/users/login", { body: { email: otherAdmin.email, password: otherAdmin.password } });
    assert.equal(login.status, 403);
  });

  await t.step("nobody blocks a super admin", async () => {
    for (const actor of [admin, superAdmin]) {
      const res = await ctx.call("PUT", `/users/block/${otherSuper.id}`, { token: actor.token });
      assert.equal(res.status, 403);
    }
    const [row] = await ctx.sql<{ is_blocked: boolean }[]>`select is_blocked from users where id = ${otherSuper.id}`;
    assert.equal(row.is_blocked, false);
  });

  await t.step("nobody blocks themselves", async () => {
    for (const actor of [admin, superAdmin]) {
      const res = await ctx.call("PUT", `/users/block/${actor.id}`, { token: actor.token });
      assert.equal(res.status, 400);
    }
  });

  await t.step("an unknown id is a 404 and a bad id a 400", async () => {
    assert.equal((await ctx.call("PUT", `/users/block/${NOBODY}`, { token: admin.token })).status, 404);
    assert.equal((await ctx.call("PUT", "/users/block/123", { token: admin.token })).status, 400);
  });
});

apiTest("filling the profile with the medical card", async (t, ctx) => {
  const patient = await ctx.createUser("patient", { profile_filled_at: null });
  const other = await ctx.createUser("patient");
  const doctor = await ctx.createUser("doctor");
  const card = {
    allergies: [{ name: "Peanuts", reaction: "Hives" }],
    medications: [{ name: "Lisinopril", dose: "10 mg", frequency: "daily" }],
    pastMedicalHistory: [{ disease: "Hypertension", date: "2015-06" }],
    socialHistory: { tobacco: "never", alcohol: "occasionally", drugs: "never" },
  };
  const saved = {
    allergies: [{ name: "Peanuts", type: "", reaction: "Hives", comment: "" }],
    allergiesNoSignificant: false,
    medications: [{ name: "Lisinopril", dose: "10 mg", frequency: "daily" }],
    pastMedicalHistory: [{ disease: "Hypertension", date: "2015-06" }],
    surgicalHistory: [],
    familyHistory: [],
    familyHistoryNoSignificant: false,
    socialHistory: { tobacco: "never", alcohol: "occasionally", drugs: "never" },
  };

  await t.step("a new patient's profile is not filled", async () => {
    const res = await ctx.call("GET", "/users/profile/filled", { token: patient.token });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.result, { isFilled: false, stage: "medicalCard" });
  });

  await t.step("GET /patient/medicalCard is null before saving", async () => {
    const res = await ctx.call("GET", "/patient/medicalCard", { token: patient.token });
    assert.equal(res.status, 200);
    assert.equal(res.body.result, null);
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ["no known allergies ticked with allergies listed", { ...card, allergiesNoSignificant: true }, "allergiesNoSignificant"],
    ["family history marked empty with entries", {
      ...card,
      familyHistoryNoSignificant: true,
      familyHistory: [{ member: "Mother", condition: "Diabetes", status: "living" }],
    }, "familyHistoryNoSignificant"],
    ["missing social history", { allergies: [] }, "socialHistory"],
    ["an allergy without a name", { ...card, allergies: [{ name: "" }] }, "allergies.0.name"],
    ["an unknown tobacco answer", { ...card, socialHistory: { ...card.socialHistory, tobacco: "sometimes" } }, "socialHistory.tobacco"],
  ];
  for (const [name, body, field] of invalid) {
    await t.step(`an invalid card is refused: ${name}`, async () => {
      const res = await ctx.call("PUT", "/patient/medicalCard", { token: patient.token, body });
      assert.equal(res.status, 400);
      assert.ok(res.body.details.fields[field], JSON.stringify(res.body.details.fields));
      const [row] = await ctx.sql<{ count: number }[]>`select count(*)::int as count from medical_cards where patient_id = ${patient.id}`;
      assert.equal(row.count, 0);
    });
  }

  await t.step("a doctor cannot save a medical card", async () => {
    const res = await ctx.call("PUT", "/patient/medicalCard", { token: doctor.token, body: card });
    assert.equal(res.status, 403);
  });

  await t.step("a valid card fills the profile", async () => {
    const res = await ctx.call("PUT", "/patient/medicalCard", { token: patient.token, body: card });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.result.id, patient.id);
    assert.equal(res.body.result.profileNotFilledStage, null);
    const filled = await ctx.call("GET", "/users/profile/filled", { token: patient.token });
    assert.deepEqual(filled.body.result, { isFilled: true, stage: null });
    // Health data written: audited as a chart write by the patient.
    const audit = await ctx.deps.audit.forSubject(patient.id);
    assert.ok(audit.some((a) => a.event === "chart.write" && a.actor_id === patient.id && a.details.what === "medicalCard.save"), JSON.stringify(audit));
  });

  await t.step("the saved card is returned to that patient only", async () => {
    const mine = await ctx.call("GET", "/patient/medicalCard", { token: patient.token });
    assert.equal(mine.status, 200);
    assert.deepEqual(mine.body.result, saved);
    const theirs = await ctx.call("GET", "/patient/medicalCard", { token: other.token });
    assert.equal(theirs.status, 200);
    assert.equal(theirs.body.result, null);
    assert.equal((await ctx.call("GET", "/patient/medicalCard", { token: doctor.token })).status, 403);
    assert.equal((await ctx.call("GET", "/patient/medicalCard")).status, 401);
  });

  await t.step("saving again replaces the card", async () => {
    const res = await ctx.call("PUT", "/patient/medicalCard", {
      token: patient.token,
      body: { allergiesNoSignificant: true, socialHistory: card.socialHistory },
    });
    assert.equal(res.status, 200);
    const mine = await ctx.call("GET", "/patient/medicalCard", { token: patient.token });
    assert.deepEqual(mine.body.result.allergies, []);
    assert.equal(mine.body.result.allergiesNoSignificant, true);
  });
});
