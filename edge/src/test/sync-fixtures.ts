/** Test data and client calls for the sync tests: practices, chats, documents, pull and push. */
import type { TestContext } from "./harness.ts";
import { selectFrom, TABLES, toDoc } from "../domains/sync/tables.ts";
import type { ChatMessageDoc, CollectionName, EncounterNoteDoc, MedicalFileDoc, NoteDraftDoc } from "../../../sync/collections/index.ts";
import { type Checkpoint, syncPaths } from "../../../sync/protocol.ts";

export type TestUser = Awaited<ReturnType<TestContext["createUser"]>>;
export type Practice = { doctor: TestUser; vma: TestUser; patient: TestUser };

/** An approved doctor with one VMA and one patient. */
export async function createPractice(ctx: TestContext): Promise<Practice> {
  const doctor = await ctx.createUser("doctor");
  const vma = await ctx.createUser("vma", { doctor_id: doctor.id });
  const patient = await ctx.createUser("patient", { doctor_id: doctor.id });
  return { doctor, vma, patient };
}

/** A chat made the way the chat API will: through the sync writer, members first. */
export async function createChat(ctx: TestContext, memberIds: string[], kind: "direct" | "group" | "support" = "direct") {
  const id = crypto.randomUUID();
  await ctx.services.sync.write(["chats"], async (w) => {
    await w.insert("chats", { id, kind, title: "", lastMessageAt: null, _deleted: false }, ["id", "kind", "title", "lastMessageAt", "_deleted"]);
    for (const userId of memberIds) await w.tx`insert into chat_members (chat_id, user_id) values (${id}, ${userId})`;
  });
  return id;
}

/** Adds a member and re-exposes the chat's history to them (as the chat API will). */
export async function addChatMember(ctx: TestContext, chatId: string, userId: string) {
  await ctx.services.sync.write(["chats", "chat_messages"], async (w) => {
    await w.tx`insert into chat_members (chat_id, user_id) values (${chatId}, ${userId})`;
    await w.touchScope("chats", [chatId]);
    await w.touchScope("chat_messages", [chatId]);
  });
}

/**
 * A consultation row written the way the consultation API writes it: through
 * the sync writer (for sync tests that need one without booking rules).
 */
export async function createConsultationRow(ctx: TestContext, o: { doctorId: string; patientId: string; startAt?: Date; status?: string }) {
  const id = crypto.randomUUID();
  const startAt = o.startAt ?? new Date(Date.UTC(2030, 0, 1, 17) + Math.floor(Math.random() * 1e6) * 1_800_000);
  const doc = {
    id, doctorId: o.doctorId, patientId: o.patientId, type: "video", status: o.status ?? "accepted",
    startAt: startAt.toISOString(), endAt: new Date(startAt.getTime() + 1_800_000).toISOString(), reason: "Checkup",
    outOfStateReason: null, declineReason: null, cancelReason: null, encounterId: null, _deleted: false,
  };
  await ctx.services.sync.write(["consultations"], (w) => w.insert("consultations", doc, Object.keys(doc)));
  return id;
}

/**
 * Through the chart API as `doctor`: a note type (unless given), an encounter of the patient and,
 * unless `note: false`, a note in it. Answers their ids.
 */
export async function createEncounterWithNote(
  ctx: TestContext,
  doctor: { token: string },
  patientId: string,
  o: { noteTypeId?: string; note?: boolean } = {},
) {
  const call = async (method: string, path: string, body: unknown) => {
    const res = await ctx.call(method, path, { token: doctor.token, body });
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.result;
  };
  const noteTypeId = o.noteTypeId ?? (await call("POST", "/noteTypes", { name: "SOAP", fieldNames: ["Subjective", "Plan"] })).id as string;
  const encounterId = (await call("POST", `/encounters/${patientId}`, { type: "video", reason: "Cough", datetime: "2026-01-10T15:00:00Z" })).id as string;
  const noteId = o.note === false ? null : (await call("POST", `/encounterNotes/${encounterId}`, { noteTypeId, fields: { Subjective: "Dry cough" } })).id as string;
  return { noteTypeId, encounterId, noteId };
}

/** A note as a device makes it (the type's name and fields as the device knows them). */
export function newEncounterNote(o: { encounterId: string; patientId: string; noteTypeId: string; authorId: string }): EncounterNoteDoc {
  return {
    id: crypto.randomUUID(), ...o, typeName: "SOAP", fieldNames: ["Subjective", "Plan"], isShared: false,
    updatedBy: o.authorId, createdAt: new Date().toISOString(), updatedAt: 0, _deleted: false,
  };
}

export const nowIso = () => new Date().toISOString();

export function newMessage(chatId: string, authorId: string, text = `hello ${crypto.randomUUID().slice(0, 6)}`): ChatMessageDoc {
  return { id: crypto.randomUUID(), chatId, authorId, text, fileIds: [], createdAt: nowIso(), updatedAt: 0, _deleted: false };
}

export function newDraft(patientId: string, authorId: string, fields: Record<string, string> = { subjective: "feels well" }): NoteDraftDoc {
  return {
    id: crypto.randomUUID(), patientId, encounterId: null, noteTypeId: null, title: "Visit", fields,
    authorId, updatedBy: authorId, updatedAt: 0, _deleted: false,
  };
}

export function newFile(patientId: string, uploadedBy: string, over: Partial<MedicalFileDoc> = {}): MedicalFileDoc {
  return {
    id: crypto.randomUUID(), patientId, folder: "PatientUploaded", name: "scan.pdf", size: 100,
    contentType: "application/pdf", kind: null, uploadedBy, status: "pending", rejectReason: null,
    updatedAt: 0, _deleted: false, ...over,
  };
}

export const create = <D>(doc: D) => ({ assumedMasterState: null, newDocumentState: doc });
export const edit = <D>(master: D, changes: Partial<D>) => ({ assumedMasterState: master, newDocumentState: { ...master, ...changes } });

export async function push(ctx: TestContext, token: string, collection: string, rows: unknown[]) {
  return await ctx.call("POST", syncPaths.push(collection), { token, body: rows });
}

export async function pull(ctx: TestContext, token: string, collection: string, checkpoint?: Checkpoint | null, limit?: number) {
  const params = new URLSearchParams();
  if (checkpoint) params.set("updatedAt", String(checkpoint.updatedAt)), params.set("id", checkpoint.id);
  if (limit) params.set("limit", String(limit));
  return await ctx.call("GET", `${syncPaths.pull(collection)}?${params}`, { token });
}

/** Every document the user may read, paging until the checkpoint is null. */
export async function pullAll<D = any>(ctx: TestContext, token: string, collection: string, from: Checkpoint | null = null) {
  const docs: D[] = [];
  let checkpoint = from;
  for (let page = 0; page < 1000; page++) {
    const res = await pull(ctx, token, collection, checkpoint, 1000);
    if (res.status !== 200) throw new Error(`pull ${collection}: ${res.status} ${JSON.stringify(res.body)}`);
    docs.push(...res.body.result.documents);
    if (!res.body.result.checkpoint) return { docs, checkpoint };
    checkpoint = res.body.result.checkpoint;
  }
  throw new Error("pullAll did not finish");
}

/** The latest state of each document by id. */
export const byId = <D extends { id: string }>(docs: D[]) => new Map(docs.map((d) => [d.id, d]));

/** A document as stored, read past every scope (for assertions only). */
export async function stored<D = any>(ctx: TestContext, collection: CollectionName, id: string): Promise<D | null> {
  const def = TABLES[collection];
  const [row] = await ctx.sql`${selectFrom(ctx.sql, def)} where t.id = ${id}`;
  return row ? toDoc(def, row) as D : null;
}

/** Every synced row and the sequence, to prove that a refused push changed nothing. */
export async function snapshot(ctx: TestContext): Promise<string> {
  const parts: unknown[] = [(await ctx.sql`select last_value::text from sync_seq`)[0].last_value];
  for (const name of Object.keys(TABLES) as CollectionName[]) {
    parts.push(await ctx.sql`${selectFrom(ctx.sql, TABLES[name])} order by t.id`);
  }
  return JSON.stringify(parts);
}
