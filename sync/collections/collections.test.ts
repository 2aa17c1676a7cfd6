/** The registry is consistent (zod ↔ RxDB schema ↔ access), and the conflict resolvers merge as documented. */
import assert from "node:assert/strict";
import { z } from "zod";
import {
  COLLECTION_NAMES, collectionOf, CONFLICT_END, CONFLICT_START, fitsUtf8, hasConflict, mergeNoteDraft, noteFieldsSchema, type MedicalFileDoc, NOTE_FIELDS_MAX_BYTES, type NoteDraftDoc, resolvePushConflict,
  sameValue, SYNC_COLLECTIONS,
} from "./index.ts";
import { parseContentRange, PULL_BULK_LIMIT_MAX, pullQuerySchema, refusedTombstone } from "../protocol.ts";
import { hasLoneSurrogate, UNSTORABLE_TEXT } from "../rules/storable-text.ts";

/** A document schema's fields: an object's, or every field of a union's options (chart entries: one per kind). */
function shapeOf(schema: unknown): Record<string, z.ZodType> {
  const s = schema as { shape?: Record<string, z.ZodType>; options?: unknown[] };
  if (s.shape) return s.shape;
  if (s.options) return Object.assign({}, ...s.options.map(shapeOf));
  throw new Error("not an object or a union of objects");
}

Deno.test("sync collections: each definition agrees with itself", async (t) => {
  for (const name of COLLECTION_NAMES) {
    const c = collectionOf(name);
    const shape = Object.keys(shapeOf(c.schema));
    const rx = c.rxSchema;
    await t.step(`${name}: the RxDB schema lists the zod fields (less RxDB's own _deleted)`, () => {
      assert.equal(c.name, name);
      assert.equal(rx.primaryKey, "id");
      assert.ok(Number.isInteger(rx.version) && rx.version >= 0);
      assert.deepEqual(Object.keys(rx.properties).sort(), shape.filter((f) => f !== "_deleted").sort());
      assert.deepEqual([...rx.required].sort(), Object.keys(rx.properties).sort());
      assert.ok(shape.includes("updatedAt") && shape.includes("_deleted"));
    });
    await t.step(`${name}: indexed fields are bounded as RxDB requires`, () => {
      const indexed = new Set(rx.indexes.flatMap((i) => (typeof i === "string" ? [i] : [...i])));
      for (const field of indexed) {
        const p = rx.properties[field];
        assert.ok(p, `${field} exists`);
        assert.equal(Array.isArray(p.type), false, `${field} is not nullable`);
        if (p.type === "string") assert.ok(p.maxLength, `${field} has maxLength`);
        if (p.type === "number") assert.ok(p.minimum !== undefined && p.maximum && p.multipleOf, `${field} has bounds`);
      }
    });
    await t.step(`${name}: access names real fields`, () => {
      const a = c.access;
      for (const f of [a.scopeField, ...a.writableFields, ...a.serverFields, ...(a.ownerField ? [a.ownerField] : [])]) {
        assert.ok(shape.includes(f), `${f} is a field`);
      }
      assert.ok(!a.writableFields.some((f) => a.serverFields.includes(f)), "server fields are not writable");
      assert.ok(!a.writableFields.includes(a.scopeField), "a row never moves to another scope");
      assert.ok(c.pushBatchSize >= 1 && c.pushBatchSize <= 500);
    });
  }
  await t.step("pull-only chats; admins and patients are in no clinical scope", () => {
    assert.equal(SYNC_COLLECTIONS.chats.access.create, "nobody");
    assert.equal(SYNC_COLLECTIONS.note_drafts.access.read, "careTeam");
    assert.equal(SYNC_COLLECTIONS.medical_files.access.read, "careTeamOrPatient");
  });
});

Deno.test("sync collections: every text refuses what PostgreSQL cannot store (NUL, a lone surrogate)", async (t) => {
  const bad = ["a\u0000b", "fever \ud83d", "\udc00"];
  const refuses = (schema: z.ZodType, value: unknown) => {
    const result = schema.safeParse(value);
    return !result.success && result.error.issues.some((issue) => issue.message === UNSTORABLE_TEXT);
  };
  for (const name of COLLECTION_NAMES) {
    const shape = shapeOf(collectionOf(name).schema);
    // A text field is one that takes a short plain string (ids, enums and timestamps do not).
    const texts = Object.keys(shape).filter((field) => shape[field].safeParse("ok").success);
    await t.step(`${name}: ${texts.join(", ") || "no text field"}`, () => {
      for (const field of texts) {
        assert.equal(shape[field].safeParse("a 🩺 b").success, true, `${field} takes a whole emoji`);
        for (const value of bad) assert.ok(refuses(shape[field], value), `${name}.${field} refuses ${JSON.stringify(value)}`);
      }
    });
  }
  await t.step("the check without String.prototype.isWellFormed (Firefox before 119) finds the same lone surrogates", () => {
    for (const text of ["fever \ud83d", "\udc00x", "a\ud83d\ud83d🩺", "🩺\udc00"]) assert.equal(hasLoneSurrogate(text), true, JSON.stringify(text));
    for (const text of ["", "plain", "a 🩺 b", "🩺🩺", "\u00e9t\u00e9"]) assert.equal(hasLoneSurrogate(text), false, JSON.stringify(text));
    for (const text of ["fever \ud83d", "\udc00x", "a 🩺 b", "🩺🩺"]) assert.equal(hasLoneSurrogate(text), !text.isWellFormed(), JSON.stringify(text));
  });
  await t.step("a note draft's field values and names, and an encounter note's field names", () => {
    for (const value of bad) {
      assert.ok(refuses(noteFieldsSchema, { plan: value }), JSON.stringify(value));
      // A refused record key is reported as the key's (zod nests the rule's message).
      assert.equal(noteFieldsSchema.safeParse({ [value]: "x" }).success, false, JSON.stringify(value));
      assert.ok(refuses(SYNC_COLLECTIONS.encounter_notes.schema, { fieldNames: [value] }), JSON.stringify(value));
    }
  });
  await t.step("a chart entry's data (a problem's name)", () => {
    const id = "7d3c8f4e-2f0a-4b7e-9a55-1f2e3d4c5b6a";
    const problem = { id, patientId: id, name: "Asthma", code: null, status: "active", onset: "", comment: "", isShared: false, createdBy: id, createdAt: "2026-01-31T12:00:00.000Z" };
    const entry = (data: unknown) => ({ id, patientId: id, kind: "problem", encounterId: null, data, updatedAt: 1, _deleted: false });
    assert.equal(SYNC_COLLECTIONS.chart_entries.schema.safeParse(entry(problem)).success, true);
    for (const value of bad) assert.equal(SYNC_COLLECTIONS.chart_entries.schema.safeParse(entry({ ...problem, name: value })).success, false, JSON.stringify(value));
    // Only a deleted entry may come without data.
    assert.equal(SYNC_COLLECTIONS.chart_entries.schema.safeParse(entry(null)).success, false);
    assert.equal(SYNC_COLLECTIONS.chart_entries.schema.safeParse({ ...entry(null), _deleted: true }).success, true);
  });
});

Deno.test("protocol inputs", async (t) => {
  await t.step("pull query defaults and bounds", () => {
    assert.deepEqual(pullQuerySchema.parse({}), { updatedAt: 0, id: "00000000-0000-0000-0000-000000000000", limit: 200 });
    assert.equal(pullQuerySchema.safeParse({ limit: String(PULL_BULK_LIMIT_MAX) }).success, true);
    assert.equal(pullQuerySchema.safeParse({ limit: String(PULL_BULK_LIMIT_MAX + 1) }).success, false);
    assert.equal(pullQuerySchema.safeParse({ updatedAt: "1.5" }).success, false);
  });
  await t.step("Content-Range", () => {
    assert.deepEqual(parseContentRange("bytes 0-99/200"), { start: 0, end: 99, total: 200 });
    for (const bad of [undefined, "", "bytes 0-200/200", "bytes 5-1/10", "bytes */10", "items 0-1/2", "bytes 0-1/x"]) {
      assert.equal(parseContentRange(bad), null, String(bad));
    }
  });
});

const draft = (over: Partial<NoteDraftDoc>): NoteDraftDoc => ({
  id: "7d3c8f4e-2f0a-4b7e-9a55-1f2e3d4c5b6a", patientId: "1d3c8f4e-2f0a-4b7e-9a55-1f2e3d4c5b6a", encounterId: null,
  noteTypeId: null, title: "Visit", fields: { s: "", o: "" }, authorId: "2d3c8f4e-2f0a-4b7e-9a55-1f2e3d4c5b6a",
  updatedBy: "2d3c8f4e-2f0a-4b7e-9a55-1f2e3d4c5b6a", updatedAt: 5, _deleted: false, ...over,
});

Deno.test("note draft conflicts merge field by field", async (t) => {
  const base = draft({});
  await t.step("edits to different fields both survive; server values come from the master", () => {
    const local = draft({ fields: { s: "mine", o: "" } });
    const master = draft({ fields: { s: "", o: "theirs" }, title: "Renamed", updatedAt: 9, updatedBy: "3d3c8f4e-2f0a-4b7e-9a55-1f2e3d4c5b6a" });
    const merged = mergeNoteDraft({ assumedMasterState: base, newDocumentState: local, realMasterState: master });
    assert.deepEqual(merged, { ...master, fields: { s: "mine", o: "theirs" } });
  });
  await t.step("the same field edited on both sides: both versions kept, the first written first, the other marked", () => {
    const merged = mergeNoteDraft({
      assumedMasterState: base, newDocumentState: draft({ fields: { s: "mine", o: "" } }),
      realMasterState: draft({ fields: { s: "theirs", o: "" }, updatedAt: 9 }),
    });
    assert.equal(merged.fields.s, `theirs\n\n${CONFLICT_START}\nmine\n${CONFLICT_END}`);
    assert.equal(hasConflict(merged.fields.s), true);
    // The same change on both sides, or one side clearing the field, is no conflict.
    const same = mergeNoteDraft({
      assumedMasterState: base, newDocumentState: draft({ fields: { s: "both", o: "" } }),
      realMasterState: draft({ fields: { s: "both", o: "" }, updatedAt: 9 }),
    });
    assert.equal(same.fields.s, "both");
    const cleared = mergeNoteDraft({
      assumedMasterState: draft({ fields: { s: "old", o: "" } }), newDocumentState: draft({ fields: { s: "", o: "" } }),
      realMasterState: draft({ fields: { s: "theirs", o: "" }, updatedAt: 9 }),
    });
    assert.equal(cleared.fields.s, "theirs");
  });
  await t.step("a field added locally and one removed by the master", () => {
    const merged = mergeNoteDraft({
      assumedMasterState: base, newDocumentState: draft({ fields: { s: "", o: "", p: "plan" } }),
      realMasterState: draft({ fields: { s: "" }, updatedAt: 9 }),
    });
    assert.deepEqual(merged.fields, { s: "", p: "plan" });
  });
  await t.step("deleting never discards the other side's work; both deleting deletes", () => {
    const editedMaster = draft({ fields: { s: "new", o: "" }, updatedAt: 9 });
    assert.equal(mergeNoteDraft({ assumedMasterState: base, newDocumentState: draft({ _deleted: true }), realMasterState: editedMaster })._deleted, false);
    const deletedMaster = draft({ _deleted: true, updatedAt: 9 });
    const localEdit = draft({ title: "kept" });
    const kept = mergeNoteDraft({ assumedMasterState: base, newDocumentState: localEdit, realMasterState: deletedMaster });
    assert.deepEqual([kept._deleted, kept.title], [false, "kept"]);
    assert.equal(mergeNoteDraft({ assumedMasterState: base, newDocumentState: draft({ _deleted: true }), realMasterState: deletedMaster })._deleted, true);
    assert.equal(mergeNoteDraft({ assumedMasterState: base, newDocumentState: draft({ _deleted: true }), realMasterState: draft({ updatedAt: 9 }) })._deleted, true);
  });
});

Deno.test("medical file conflicts keep a rename made while the upload completed", () => {
  const base: MedicalFileDoc = {
    id: "7d3c8f4e-2f0a-4b7e-9a55-1f2e3d4c5b6a", patientId: "1d3c8f4e-2f0a-4b7e-9a55-1f2e3d4c5b6a", folder: "PatientUploaded",
    name: "scan.pdf", size: 10, contentType: "application/pdf", kind: null, uploadedBy: "1d3c8f4e-2f0a-4b7e-9a55-1f2e3d4c5b6a",
    status: "pending", rejectReason: null, updatedAt: 3, _deleted: false,
  };
  const master = { ...base, status: "uploaded" as const, kind: "pdf" as const, updatedAt: 8 };
  const merged = SYNC_COLLECTIONS.medical_files.resolveConflict({ assumedMasterState: base, newDocumentState: { ...base, name: "x-ray.pdf" }, realMasterState: master });
  assert.deepEqual(merged, { ...master, name: "x-ray.pdf" });
  assert.ok(sameValue({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 }));
  assert.ok(!sameValue({ a: 1 }, { a: 1, b: undefined }));
});

Deno.test("a push's conflict answer settles: a refusal takes the master, a concurrent change merges", async (t) => {
  const files = SYNC_COLLECTIONS.medical_files;
  const drafts = SYNC_COLLECTIONS.note_drafts;
  const file: MedicalFileDoc = {
    id: "7d3c8f4e-2f0a-4b7e-9a55-1f2e3d4c5b6a", patientId: "1d3c8f4e-2f0a-4b7e-9a55-1f2e3d4c5b6a", folder: "PatientUploaded",
    name: "scan.pdf", size: 10, contentType: "application/pdf", kind: null, uploadedBy: "1d3c8f4e-2f0a-4b7e-9a55-1f2e3d4c5b6a",
    status: "pending", rejectReason: null, updatedAt: 3, _deleted: false,
  };
  await t.step("the master holds what the push assumed: the server refused the change, the master wins", () => {
    // A three-way merge alone would keep the local folder (only the local side changed it) and push it again.
    const input = { assumedMasterState: file, newDocumentState: { ...file, folder: "Labs" as const }, realMasterState: file };
    assert.equal(files.resolveConflict(input).folder, "Labs");
    assert.deepEqual(resolvePushConflict(files, input), file);
    // The same content under a newer number (changed and changed back) is still what the push assumed.
    const renumbered = { ...file, updatedAt: 7 };
    assert.deepEqual(resolvePushConflict(files, { ...input, realMasterState: renumbered }), renumbered);
  });
  await t.step("the master moved on: the collection's merge keeps both sides", () => {
    const master = { ...file, name: "by-doctor.pdf", updatedAt: 8 };
    const merged = resolvePushConflict(files, { assumedMasterState: file, newDocumentState: { ...file, folder: "Labs" }, realMasterState: master });
    assert.deepEqual(merged, { ...master, folder: "Labs" });
  });
  await t.step("a refused tombstone drops the local copy; a create answered with a master takes it", () => {
    const local = { ...file, updatedAt: 0, name: "new.pdf" };
    assert.deepEqual(resolvePushConflict(files, { assumedMasterState: null, newDocumentState: local, realMasterState: refusedTombstone(local) }), refusedTombstone(local));
    const master = { ...file, updatedAt: 9 };
    assert.deepEqual(resolvePushConflict(files, { assumedMasterState: null, newDocumentState: local, realMasterState: master }), master);
  });
  await t.step("a merge the shared schema refuses (two drafts' fields past 100 KB) takes the master", () => {
    const big = "x".repeat(Math.floor(NOTE_FIELDS_MAX_BYTES * 0.6));
    const base = draft({ fields: { a: "", b: "" } });
    const master = draft({ fields: { a: big, b: "" }, updatedAt: 9 });
    const input = { assumedMasterState: base, newDocumentState: draft({ fields: { a: "", b: big } }), realMasterState: master };
    assert.equal(drafts.schema.safeParse(mergeNoteDraft(input)).success, false);
    assert.deepEqual(resolvePushConflict(drafts, input), master);
  });
});

Deno.test("fitsUtf8 counts UTF-8 bytes, deciding by length where it can", () => {
  const bytes = (text: string) => new TextEncoder().encode(text).length;
  const cases = [
    "", "x".repeat(100), "x".repeat(101), "é".repeat(50), "é".repeat(51), "€".repeat(33), "€".repeat(34),
    "😀".repeat(25), "😀".repeat(26), "x".repeat(33) + "€", "x".repeat(98) + "€", "€".repeat(20) + "x".repeat(40),
  ];
  for (const text of cases) {
    for (const max of [0, 1, 99, 100, 101, 300]) assert.equal(fitsUtf8(text, max), bytes(text) <= max, `${text.length} units, max ${max}`);
  }
  // A draft whose fields are 100 KB of three-byte characters is refused, one of 100 KB of ASCII kept.
  const fields = (value: string) => noteFieldsSchema.safeParse({ a: value }).success;
  assert.equal(fields("€".repeat(Math.floor(NOTE_FIELDS_MAX_BYTES / 3) + 1)), false);
  assert.equal(fields("€".repeat(Math.floor(NOTE_FIELDS_MAX_BYTES / 3) - 10)), true);
  assert.equal(fields("x".repeat(NOTE_FIELDS_MAX_BYTES - 20)), true);
  assert.equal(fields("x".repeat(NOTE_FIELDS_MAX_BYTES)), false);
});
