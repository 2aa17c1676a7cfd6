/**
 * Pull and push for every registered collection (RxDB's replication protocol,
 * see sync/protocol.ts). Writes go through the writer, which serialises them per
 * collection, hands out the change sequence and announces committed changes.
 */
import type { Actor } from "../../access/actor.ts";
import type { Sql } from "../../db/connect.ts";
import { parse } from "../../http/validate.ts";
import type { Clock } from "../../platform/clock.ts";
import type { ChangeFeed } from "../../realtime/change-feed.ts";
import {
  type CollectionName,
  collectionOf,
  sameValue,
  type ScopeKind,
} from "../../../../sync/collections/index.ts";
import {
  type AccessRevoked,
  type PullQuery,
  type PullResult,
  pushBodySchema,
  type PushRow,
  refusedTombstone,
  type SyncDoc,
} from "../../../../sync/protocol.ts";
import { createSyncRepo } from "./repo.ts";
import { mayEdit, meetsRoleConstraints, serverValuesOnCreate, serverValuesOnEdit } from "./rules.ts";
import { mayCreate, scopePredicate } from "./scopes.ts";
import { contentFields, TABLES } from "./tables.ts";
import { createSyncWriter, type SyncWrite, type SyncWriter } from "./writer.ts";

/** Collections a push may write: a new message also moves its chat's lastMessageAt. */
const WRITES: Record<CollectionName, CollectionName[]> = {
  chats: ["chats"],
  chat_messages: ["chats", "chat_messages"],
  note_drafts: ["note_drafts"],
  medical_files: ["medical_files"],
  consultations: ["consultations"],
  encounter_notes: ["encounter_notes"],
  tasks: ["tasks"],
  macros: ["macros"],
  patients: ["patients"],
  chart_entries: ["chart_entries"],
  note_types: ["note_types"],
  practice_members: ["practice_members"],
};

type Doc = SyncDoc & Record<string, unknown>;
/** A document a push changed, as written, with the fields it changed (server-set ones included). */
export type EditedDoc = { doc: Doc; fields: string[] };

/**
 * What a feature does around a new document of its collection, the same for a
 * push and for the feature's own API (e.g. messages: domains/messages/effects.ts).
 */
export type CreateEffects = {
  /** Checks beyond the create kind (e.g. the files a message names); false refuses the row. */
  accepts?(w: SyncWrite, actor: Actor, doc: Doc): Promise<boolean>;
  /** Writes that belong with the new row, in its transaction (a message moves its chat). */
  created?(w: SyncWrite, actor: Actor, doc: Doc): Promise<void>;
  /** After commit, with the documents one push created (live events). Must not throw. */
  committed?(actor: Actor, docs: Doc[]): Promise<void>;
  /** After commit, with the documents one push changed (edits, deletes), as written, and the fields each changed (e.g. audit). Must not throw. */
  edited?(actor: Actor, edits: EditedDoc[]): Promise<void>;
  /** With the documents a pull page answers (e.g. the audit of health data read). Must not throw. */
  pulled?(actor: Actor, docs: SyncDoc[]): Promise<void>;
  /**
   * Stores a new document instead of the insert into the collection's table (chart entries: into the entry's own
   * table, whose trigger tracks it). Called in the push's transaction, after `accepts`.
   */
  insert?(w: SyncWrite, actor: Actor, doc: Doc): Promise<void>;
  /** Before a pull page is read: brings tracked rows up to date (the panel's missing rows, marked chart entries). */
  beforePull?(actor: Actor, write: SyncWriter): Promise<void>;
};
export type Effects = Partial<Record<CollectionName, CreateEffects>>;

export function createSyncService(deps: { sql: Sql; changes: ChangeFeed; clock: Clock; effects?: Effects }) {
  const repo = createSyncRepo(deps.sql);
  const write = createSyncWriter(deps);

  type Found = { doc: SyncDoc; readable: boolean } | null;
  type Edit = { id: string; doc: Doc; fields: string[] };

  /**
   * One push row under the collection's lock, against its master as loaded (`found`); returns the
   * conflict answer, or null when written, to be written (`edits`), or already there.
   */
  async function pushRow(
    w: SyncWrite,
    actor: Actor,
    name: CollectionName,
    row: PushRow<Doc>,
    found: Found,
    done: { created: Doc[]; edits: Edit[] },
  ): Promise<Doc | null> {
    const c = collectionOf(name);
    const { assumedMasterState: assumed, newDocumentState: next } = row;
    const fields = contentFields(TABLES[name]);

    // 3. The master (loaded for the whole batch). A document the actor may not read does not
    //    exist for them: the answer is the same refusal as for a create they may not make.
    if (found && !found.readable) return refusedTombstone(next);
    const master = found?.doc as Doc | undefined;

    // 4. Create: allowed into this scope and within the role's constraints, and by the
    //    collection's effects (e.g. a message's files); server fields forced.
    if (!master) {
      const scopeValue = next[c.access.scopeField] as string;
      const doc = { ...next, ...serverValuesOnCreate(name, actor, deps.clock.now()) };
      const effects = deps.effects?.[name];
      const allowed = c.access.create !== "nobody" &&
        meetsRoleConstraints(c.access, actor, next) &&
        await mayCreate(w.tx, actor, c.access.create, scopeValue) &&
        (!effects?.accepts || await effects.accepts(w, actor, doc));
      if (!allowed) return refusedTombstone(next);
      if (effects?.insert) await effects.insert(w, actor, doc);
      else await w.insert(name, doc, fields);
      await effects?.created?.(w, actor, doc);
      done.created.push(doc);
      return null;
    }

    // 5. Idempotency: the master already holds this state on every field the client
    //    writes (a push retried after its answer was lost, the same edit twice) →
    //    success, nothing written. (Success, not the master: the device may have
    //    edited again since, and must push that edit against this state.) When only
    //    server-set fields differ, nothing is written but the answer is the master,
    //    so the device takes the server's values.
    const changed = fields.filter((f) => !c.access.serverFields.includes(f) && !sameValue(master[f], next[f]));
    if (changed.length === 0) return fields.every((f) => sameValue(master[f], next[f])) ? null : master;

    // 6. Stale: the device edited a state other than the master → conflict, answer the master.
    //    Same content with an older updatedAt is not stale: the device had not yet
    //    heard back its own previous write.
    const stale = assumed === null ||
      (assumed.updatedAt !== master.updatedAt && !fields.every((f) => sameValue(assumed[f], master[f])));
    if (stale) return master;

    // 7. Access for an edit: writable fields only, owner-only roles on their own rows,
    //    role constraints. A refused edit answers the master, so the device reverts it.
    if (!mayEdit(c.access, actor, master, next, changed)) return master;

    // 8. The changed fields and the server-set ones, with a new seq: written with the batch's other edits.
    const forced = serverValuesOnEdit(name, actor);
    done.edits.push({ id: master.id, doc: { ...next, ...forced }, fields: [...changed, ...Object.keys(forced)] });
    return null;
  }

  return {
    write,

    async pull(actor: Actor, name: CollectionName, query: PullQuery): Promise<PullResult<SyncDoc>> {
      await deps.effects?.[name]?.beforePull?.(actor, write);
      const { documents, more } = await repo.pull(actor, name, query);
      if (documents.length > 0) await deps.effects?.[name]?.pulled?.(actor, documents);
      const last = documents.at(-1);
      return { documents, checkpoint: last ? { updatedAt: last.updatedAt, id: last.id } : null, ...(more ? { more: true as const } : {}) };
    },

    /** The stored document with this id as the actor reads it; null when there is none or they may not read it. */
    async document(actor: Actor, name: CollectionName, id: string): Promise<SyncDoc | null> {
      const found = await repo.master(deps.sql, actor, name, id);
      return found?.readable ? found.doc : null;
    },

    /**
     * Of the scopes a device holds rows of, those its user may no longer read (access ended: a patient moved to
     * another practice, a chat left, a VMA detached). The same scope rules as every pull (scopes.ts).
     */
    async revoked(actor: Actor, held: { patients: string[]; chats: string[]; practices: string[] }): Promise<AccessRevoked> {
      const lost = async (kind: ScopeKind, values: string[]) => {
        if (values.length === 0) return [];
        const rows = await deps.sql<{ v: string }[]>`select v::text from unnest(${values}::uuid[]) as v
          where not coalesce(${scopePredicate(deps.sql, actor, kind, deps.sql`v`)}, false)`;
        return rows.map((r) => r.v);
      };
      return {
        patients: await lost("careTeamOrPatient", held.patients),
        chats: await lost("chatMember", held.chats),
        practices: await lost("practice", held.practices),
      };
    },

    /** RxDB's push handler: the array of conflicting masters; empty when everything is stored. */
    async push(actor: Actor, name: CollectionName, body: unknown): Promise<SyncDoc[]> {
      // 1. Validate every row with the collection's schema; one bad row refuses the batch (400).
      const rows = parse(pushBodySchema(collectionOf(name).schema), body) as PushRow<Doc>[];
      const conflicts: Doc[] = [];
      const done = { created: [] as Doc[], edits: [] as Edit[] };
      const ids = rows.map((row) => row.newDocumentState.id);
      // A batch naming a document twice is applied row by row, each against the master as the row before left it.
      const once = new Set(ids).size === ids.length;
      // 2. One transaction holding the collection's lock; rows in the order sent.
      const edited: EditedDoc[] = [];
      const apply = async (w: SyncWrite) => {
        const edits = done.edits.splice(0);
        if (edits.length) await w.updateMany(name, edits);
        edited.push(...edits.map(({ doc, fields }) => ({ doc, fields })));
      };
      await write(WRITES[name], async (w) => {
        const masters = once ? await repo.masters(w.tx, actor, name, ids) : null;
        for (const row of rows) {
          const id = row.newDocumentState.id;
          const found = masters ? masters.get(id) ?? null : await repo.master(w.tx, actor, name, id);
          const answer = await pushRow(w, actor, name, row, found, done);
          if (answer) conflicts.push(answer);
          if (!masters) await apply(w);
        }
        // The batch's edits: one statement per set of changed fields.
        await apply(w);
      });
      if (done.created.length) await deps.effects?.[name]?.committed?.(actor, done.created);
      if (edited.length) await deps.effects?.[name]?.edited?.(actor, edited);
      return conflicts;
    },
  };
}
export type SyncService = ReturnType<typeof createSyncService>;
