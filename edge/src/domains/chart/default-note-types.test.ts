/**
 * Default note types (issue 31): a doctor registered through the API starts with them and can write a first note;
 * their VMAs see them; another practice's are out of reach; migration 0091 gives them to existing doctors with none.
 */
import assert from "node:assert/strict";
import { apiTest, type TestContext } from "../../test/harness.ts";
import { startPglite } from "../../db/connect.ts";
import { migrate } from "../../db/migrate.ts";
import type { Queryable } from "../../db/connect.ts";
import { randomEmail, tokenFrom } from "../registration/test-helpers.ts";
import { noteTypeCreateSchema } from "../../../../sync/schemas/note-type.ts";
import { addDefaultNoteTypes, DEFAULT_NOTE_TYPES } from "./default-note-types.ts";
import { DEMO_ACCOUNTS, seedDemo } from "../../seed/demo.ts";
import { createArgon2Hasher } from "../../platform/passwords.ts";
import { silentLogger } from "../../platform/log.ts";

const PASSWORD = "secret-123";
const MIGRATION = new URL("../../../migrations/0091_default_note_types.sql", import.meta.url);
/** The defaults as the lists order them (by name). */
const EXPECTED = [...DEFAULT_NOTE_TYPES].sort((a, b) => a.name.localeCompare(b.name))
  .map((t) => ({ name: t.name, fieldNames: t.fieldNames }));
/** A minimal PNG: the 8-byte signature followed by the start of an IHDR chunk. */
const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1]);

type Type = { id: string; doctorId: string; name: string; fieldNames: string[] };
const shape = (list: Type[]) => list.map((t) => ({ name: t.name, fieldNames: t.fieldNames }));

/** A doctor registered through `POST /users`, activated by the mailed link, approved (as an admin would), signed in. */
async function registerDoctor(ctx: TestContext, fax: string) {
  const fields: Record<string, string> = {
    role: "doctor", email: randomEmail("doc"), password: PASSWORD, repeatPassword: PASSWORD, firstName: "New",
    lastName: "Practice", birthDate: "1975-06-15", gender: "Female", phoneNumber: "7025550101", state: "NV", city: "Reno",
    zip: "89501", address: "2 Clinic Rd", agreements: JSON.stringify(["terms", "privacy", "prescription"]),
    npi: "1234567890", dea: "AB1234563", fax, timezone: "America/Los_Angeles", specialty: "Family practice",
    licensedStates: JSON.stringify(["NV"]),
  };
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append("sign", new File([PNG_BYTES], "sign.png", { type: "image/png" }));
  const registered = await ctx.call("POST", "/users", { form });
  assert.equal(registered.status, 201, JSON.stringify(registered.body));
  const id: string = registered.body.result.user.id;
  const mail = await ctx.lastMessage(fields.email);
  assert.equal((await ctx.call("POST", "/users/verify", { body: { token: tokenFrom(mail!.body, "verifyRegistration") } })).status, 200);
  await ctx.sql`update users set application_status = 'approved', approved_at = now() where id = ${id}`;
  const login = await ctx.call("POST", "/users/login", { body: { email: fields.email, password: PASSWORD } });
  assert.equal(login.status, 200, JSON.stringify(login.body));
  return { id, token: login.body.result.accessToken as string };
}

/** A doctor's note types in the database, deleted ones last, as plain objects. */
const typeRows = async (q: Queryable, doctorId: string) =>
  [...await q<{ name: string; fieldNames: string[]; deleted: boolean }[]>`select name, field_names as "fieldNames",
    deleted_at is not null as deleted from note_types where doctor_id = ${doctorId} order by deleted, name`];
const runMigration = async (q: Queryable) => await q.unsafe(await Deno.readTextFile(MIGRATION));

apiTest("default note types: a new practice starts with them, its own", async (t, ctx) => {
  const list = async (token: string) => {
    const res = await ctx.call("GET", "/noteTypes/list", { token });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.result as Type[];
  };

  await t.step("the defaults obey the note-type rules", () => {
    assert.equal(DEFAULT_NOTE_TYPES.length, 3);
    for (const type of DEFAULT_NOTE_TYPES) assert.deepEqual(noteTypeCreateSchema.parse(type), type);
  });

  const a = await registerDoctor(ctx, "7025550111");
  const b = await registerDoctor(ctx, "7025550112");
  const aTypes = await list(a.token);
  const bTypes = await list(b.token);

  await t.step("a registered doctor lists the three defaults and writes a first note with one", async () => {
    assert.deepEqual(shape(aTypes), EXPECTED);
    assert.ok(aTypes.every((type) => type.doctorId === a.id));
    const dropdown = await ctx.call("GET", `/noteTypes/list/dropdown/${a.id}`, { token: a.token });
    assert.deepEqual(dropdown.body.result.map((x: Type) => x.id), aTypes.map((x) => x.id));
    const patient = await ctx.createUser("patient", { doctor_id: a.id });
    const encounter = await ctx.call("POST", `/encounters/${patient.id}`, {
      token: a.token, body: { type: "video", reason: "First visit", datetime: "2026-01-10T15:00:00Z" },
    });
    const soap = aTypes.find((x) => x.name === "SOAP note")!;
    const note = await ctx.call("POST", `/encounterNotes/${encounter.body.result.id}`, {
      token: a.token, body: { noteTypeId: soap.id, fields: { Subjective: "Dry cough", Plan: "Fluids" } },
    });
    assert.equal(note.status, 201, JSON.stringify(note.body));
    assert.deepEqual(note.body.result.fieldNames, ["Subjective", "Objective", "Assessment", "Plan"]);
  });

  await t.step("the doctor's VMA sees them", async () => {
    const vma = await ctx.createUser("vma", { doctor_id: a.id });
    const seen = await list(vma.token);
    assert.deepEqual(shape(seen), EXPECTED);
    assert.deepEqual(seen, aTypes);
    const dropdown = await ctx.call("GET", `/noteTypes/list/dropdown/${a.id}`, { token: vma.token });
    assert.deepEqual(dropdown.body.result.map((x: Type) => x.id), aTypes.map((x) => x.id));
  });

  await t.step("each practice has its own: A cannot see or use B's", async () => {
    assert.deepEqual(shape(bTypes), EXPECTED);
    assert.ok(bTypes.every((type) => type.doctorId === b.id));
    const aIds = new Set(aTypes.map((x) => x.id));
    assert.ok(bTypes.every((x) => !aIds.has(x.id)));
    assert.equal((await ctx.call("GET", `/noteTypes/list/dropdown/${b.id}`, { token: a.token })).status, 404);
    const patient = await ctx.createUser("patient", { doctor_id: a.id });
    const encounter = await ctx.call("POST", `/encounters/${patient.id}`, {
      token: a.token, body: { type: "phone", reason: "Call back", datetime: "2026-01-11T15:00:00Z" },
    });
    const note = await ctx.call("POST", `/encounterNotes/${encounter.body.result.id}`, { token: a.token, body: { noteTypeId: bTypes[0].id } });
    assert.equal(note.status, 404);
    assert.equal((await ctx.call("DELETE", `/noteTypes/${bTypes[0].id}`, { token: a.token })).status, 404);
    assert.deepEqual(await list(b.token), bTypes);
  });

  await t.step("given once; afterwards ordinary types the doctor deletes", async () => {
    assert.equal((await typeRows(ctx.sql, a.id)).length, 3);
    assert.equal(await addDefaultNoteTypes(ctx.sql, a.id, ctx.clock.now()), 0);
    assert.equal((await typeRows(ctx.sql, a.id)).length, 3);
    const phone = aTypes.find((x) => x.name === "Phone call")!;
    assert.equal((await ctx.call("DELETE", `/noteTypes/${phone.id}`, { token: a.token })).status, 200);
    assert.deepEqual((await list(a.token)).map((x) => x.name), ["Progress note", "SOAP note"]);
  });
});

apiTest("default note types: migration 0091 gives them to existing doctors without types", async (t, ctx) => {
  // Doctors made straight in the database, as before this change: none has a type yet.
  const bare = await ctx.createUser("doctor");
  const vma = await ctx.createUser("vma", { doctor_id: bare.id });
  const own = await ctx.createUser("doctor");
  const cleared = await ctx.createUser("doctor");
  const patient = await ctx.createUser("patient", { doctor_id: bare.id });
  assert.equal((await ctx.call("GET", "/noteTypes/list", { token: bare.token })).body.result.length, 0);
  await ctx.call("POST", "/noteTypes", { token: own.token, body: { name: "Visit", fieldNames: ["Notes"] } });
  const gone = await ctx.call("POST", "/noteTypes", { token: cleared.token, body: { name: "Old", fieldNames: ["Notes"] } });
  await ctx.call("DELETE", `/noteTypes/${gone.body.result.id}`, { token: cleared.token });

  await runMigration(ctx.sql);

  await t.step("a doctor without types, and their VMA, list exactly the module's defaults", async () => {
    const listed = await ctx.call("GET", "/noteTypes/list", { token: bare.token });
    assert.deepEqual(shape(listed.body.result), EXPECTED);
    assert.deepEqual((await ctx.call("GET", "/noteTypes/list", { token: vma.token })).body.result, listed.body.result);
  });

  await t.step("a doctor with a type of their own gets nothing; one whose types are all deleted gets the defaults", async () => {
    assert.deepEqual(await typeRows(ctx.sql, own.id), [{ name: "Visit", fieldNames: ["Notes"], deleted: false }]);
    const rows = await typeRows(ctx.sql, cleared.id);
    assert.deepEqual(rows.filter((r) => !r.deleted).map(({ name, fieldNames }) => ({ name, fieldNames })), EXPECTED);
    assert.deepEqual(rows.filter((r) => r.deleted).map((r) => r.name), ["Old"]);
  });

  await t.step("only doctors get types, and running it again adds none", async () => {
    const [{ n }] = await ctx.sql<{ n: number }[]>`select count(*)::int as n from note_types where doctor_id in (${vma.id}, ${patient.id})`;
    assert.equal(n, 0);
    const [before] = await ctx.sql<{ n: number }[]>`select count(*)::int as n from note_types`;
    await runMigration(ctx.sql);
    const [after] = await ctx.sql<{ n: number }[]>`select count(*)::int as n from note_types`;
    assert.equal(after.n, before.n);
  });
});

Deno.test({ name: "default note types: migration 0091 and the demo seed on PGlite", sanitizeOps: false, sanitizeResources: false }, async (t) => {
  const db = await startPglite(null);
  const plain = (rows: { name: string; fieldNames: string[] }[]) => rows.map(({ name, fieldNames }) => ({ name, fieldNames }));
  try {
    await migrate(db.sql);
    await t.step("the migration gives a doctor without types the defaults, once", async () => {
      const [doctor] = await db.sql<{ id: string }[]>`insert into users (role, email, first_name, last_name)
        values ('doctor', 'pglite.doctor@example.test', 'A', 'B') returning id`;
      await runMigration(db.sql);
      await runMigration(db.sql);
      assert.deepEqual(plain(await typeRows(db.sql, doctor.id)), EXPECTED);
    });
    await t.step("the demo doctor starts with the defaults; seeding again adds none", async () => {
      const deps = { sql: db.sql, passwords: createArgon2Hasher({ memoryCost: 1024, timeCost: 1 }), log: silentLogger };
      assert.equal(await seedDemo(deps), true);
      const [doctor] = await db.sql<{ id: string }[]>`select id from users where email = ${DEMO_ACCOUNTS.doctor}`;
      assert.deepEqual(plain(await typeRows(db.sql, doctor.id)), EXPECTED);
      await db.sql`delete from availability where doctor_id = ${doctor.id}`; // the seed's transaction runs again
      assert.equal(await seedDemo(deps), true);
      assert.deepEqual(plain(await typeRows(db.sql, doctor.id)), EXPECTED);
    });
  } finally {
    await db.close();
  }
});
