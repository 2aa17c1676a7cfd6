/**
 * What every synced collection declares. Access is data, not code: the edge
 * turns each scope kind into SQL in one module (edge/src/domains/sync/scopes.ts)
 * and the PWA may use the same facts to hide what the server would refuse.
 */
import type { z } from "zod";
import type { Role } from "../roles.ts";
import type { SyncDoc } from "../protocol.ts";

/**
 * Who may read a row, decided from the value of its `scopeField`:
 * - `chatMember`: the users listed as members of the chat;
 * - `careTeam`: the patient's doctor (approved) and that doctor's VMAs;
 * - `careTeamOrPatient`: the care team and the patient themself;
 * - `consultationParty` (the value is a consultation id): its patient, its doctor,
 *   and that doctor's VMAs while the doctor is approved;
 * - `practice` (the value is a doctor id): that doctor while approved and the
 *   VMAs acting for them (tasks, macros).
 * Admins are in no scope: they see no clinical content (only chats they are a member of).
 */
export type ScopeKind = "chatMember" | "careTeam" | "careTeamOrPatient" | "consultationParty" | "practice";

/**
 * Who may create a row: a read scope, or
 * - `chatWriter`: a member of the chat who may write to every other member
 *   (sync/rules/chat-write.ts), the same check `POST /messages/{chatId}` makes;
 * - `nobody`: pull-only.
 */
export type CreateKind = ScopeKind | "chatWriter" | "nobody";

export type AccessScope<F extends string = string> = {
  read: ScopeKind;
  /** The field whose value the scope is decided on (a chat id, a patient id, a consultation id). */
  scopeField: F;
  /** Who may create a row, evaluated on the new row's scope field. */
  create: CreateKind;
  /** Fields an edit may change (besides `_deleted` when listed). Any other change is refused. */
  writableFields: readonly F[];
  /** Fields the server sets; what a client sends for them is ignored (e.g. authorId, uploadedBy). */
  serverFields: readonly F[];
  /** The field naming the row's owner (author, uploader). */
  ownerField?: F;
  /** Roles that may edit or delete only the rows they own. */
  ownerOnlyEdits: readonly Role[];
  /** Per role, the values a field may take on create and edit (e.g. patients upload into PatientUploaded only). */
  roleConstraints?: Partial<Record<Role, Partial<Record<F, readonly string[]>>>>;
  /** The roles that may delete (soft), when fewer than those who may edit (e.g. notes: the doctor). */
  deleters?: readonly Role[];
  /** A deleted row stays deleted: a push clearing `_deleted` is refused (answered with the master). */
  deleteIsFinal?: boolean;
};

/**
 * - `server-wins`: a conflict answers the master; the client keeps it (RxDB's default handler).
 * - `field-merge`: the client merges three ways (assumed, local, master) with the
 *   collection's `resolveConflict` and pushes the result again.
 * Either way the device settles an answer through `resolvePushConflict` (merge.ts), whose
 * rules come first: a refused tombstone or a refused change takes the master.
 */
export type ConflictPolicy = "server-wins" | "field-merge";

export type ConflictInput<D> = { assumedMasterState: D | null; newDocumentState: D; realMasterState: D };

export type SyncCollection<D extends SyncDoc = SyncDoc> = {
  name: string;
  /** Server table (edge/migrations/0002_sync.sql). */
  table: string;
  schema: z.ZodType<D>;
  /** RxDB JSON schema; `_deleted` is RxDB's own field and is not listed. */
  rxSchema: RxJsonSchemaLiteral;
  access: AccessScope<Extract<keyof D, string>>;
  conflict: ConflictPolicy;
  /** How the client resolves a conflict; server-wins collections answer the master. */
  resolveConflict(input: ConflictInput<D>): D;
  /**
   * Rows per push batch (at most PUSH_ROWS_MAX). The device sends a batch as one request, split in
   * order into several only where its JSON would pass half of PUSH_BODY_MAX_BYTES (large documents).
   */
  pushBatchSize: number;
};

/** A collection with its document type erased (generic code on the edge and in the PWA's replication). */
export type AnyCollection = SyncCollection<SyncDoc & Record<string, unknown>>;

/** The subset of RxDB's JSON schema we use, kept literal (`as const`) in each collection file. */
export type RxJsonSchemaLiteral = {
  readonly version: number;
  readonly primaryKey: string;
  readonly type: "object";
  readonly properties: Readonly<Record<string, RxProperty>>;
  readonly required: readonly string[];
  readonly indexes: readonly (string | readonly string[])[];
};
export type RxProperty = {
  readonly type: string | readonly string[];
  readonly maxLength?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly multipleOf?: number;
  readonly maxItems?: number;
  readonly enum?: readonly (string | null)[];
  readonly items?: RxProperty;
  readonly additionalProperties?: RxProperty;
};

/** RxDB's number index needs bounds: the server's change sequence. */
export const RX_UPDATED_AT = { type: "number", minimum: 0, maximum: 9007199254740991, multipleOf: 1 } as const;
export const RX_ID = { type: "string", maxLength: 36 } as const;

/** Server wins: the client takes the master as it is. */
export const serverWins = <D>(input: ConflictInput<D>): D => input.realMasterState;
