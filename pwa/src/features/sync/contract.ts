/**
 * The public face of the on-device data layer (issue 3), agreed before it was
 * built: screens use only these hooks and types, through `./index.ts`.
 *
 * - One RxDB database (Dexie storage) per signed-in user, encrypted at rest;
 *   replication of every collection of `sync/collections` starts after sign-in.
 * - After a reload with no network the data is "locked" until the user types
 *   their password (offline unlock); logout stops replication and wipes it.
 */
import type {
  ChatDoc,
  ChatMessageDoc,
  ConsultationDoc,
  EncounterNoteDoc,
  MacroDoc,
  MedicalFileDoc,
  MedicalFolder,
  NoteDraftDoc,
  PanelPatientDoc,
  ChartEntryDoc,
  ChartEntryKind,
  ChartEntryOf,
  NewChartEntry,
  NoteTypeDoc,
  PracticeMemberDoc,
  TaskDoc,
} from "../../../../sync/collections/index.ts";
import type { Doc as YDoc } from "yjs";
import type { TaskCreateInput } from "../../../../sync/schemas/team.ts";

export type LocalDataState =
  /** Signed out: nothing on the device. */
  | "none"
  /** Encrypted data exists but the key is not unlocked yet (reload while offline). */
  | "locked"
  /** Opening the database / unwrapping the key. */
  | "opening"
  | "ready"
  /** The server speaks a newer sync version: the app must update before writing. */
  | "outdated"
  | "error";

export type SyncStatus = {
  /** The browser reports a network. */
  online: boolean;
  /** The live channel (socket.io) is connected. */
  connected: boolean;
  /** Local changes (documents and file uploads) not yet acknowledged by the server. */
  pending: number;
  /** When the last pull or push round finished (ISO), or null. */
  lastSyncedAt: string | null;
  /** 01 §4: a request failed for lack of network. */
  internetFailure: boolean;
  state: LocalDataState;
};

/** A document as screens see it: `pending` until the server has acknowledged it. */
export type Local<T> = T & { pending: boolean };

export type UploadProgress = {
  fileId: string;
  /** 0..1 */
  progress: number;
  state: "queued" | "uploading" | "done" | "error" | "cancelled";
  error?: string;
};

export type LiveList<T> = { items: T[]; loading: boolean };

/**
 * An encounter note's Yjs document kept on the device, encrypted (AES-GCM,
 * bound to the note id): y-indexeddb's job. Every update of the document is
 * stored; the stored ones are applied on open; many are merged into one.
 */
export type NoteDocPersistence = {
  readonly noteId: string;
  /** True once the stored updates are applied to the document. */
  readonly synced: boolean;
  /** Resolves when the stored updates are applied; rejects when they cannot be opened (another key, damaged rows). */
  readonly whenSynced: Promise<void>;
  /** How many updates were stored when the note opened: 0 when nothing of it is on this device yet. */
  readonly storedOnOpen: number;
  on(event: "synced", listener: (persistence: NoteDocPersistence) => void): unknown;
  on(event: "error", listener: (error: unknown) => void): unknown;
  off(event: "synced", listener: (persistence: NoteDocPersistence) => void): void;
  off(event: "error", listener: (error: unknown) => void): void;
  /** Waits for the writes under way and stops storing; the stored updates stay. */
  destroy(): Promise<void>;
  /** Stops and deletes the note's stored updates. */
  clearData(): Promise<void>;
};

export type NoteDocStore = {
  /** Binds `doc` to the note's stored updates (loads them, then stores every update). */
  persist(noteId: string, doc: YDoc): Promise<NoteDocPersistence>;
  /** Deletes a note's stored updates (a deleted note). */
  remove(noteId: string): Promise<void>;
  /**
   * The note's text changed on this device while its connection was not synced (`true`: waiting for the server,
   * counted in the status and named at sign-out), or its connection has synced since (`false`: sent).
   */
  markText(noteId: string, waiting: boolean): void;
};

export type SyncHooks = {
  useSyncStatus(): SyncStatus;
  /** Unlocks the local data with the account password (works offline). */
  useUnlock(): (password: string) => Promise<void>;

  useChats(): LiveList<Local<ChatDoc>>;
  /** Oldest first (by createdAt, then id). */
  useChatMessages(chatId: string): LiveList<Local<ChatMessageDoc>>;
  /** Writes locally at once (works offline); resolves with the new message id. */
  useSendMessage(): (input: { chatId: string; text: string; fileIds?: string[] }) => Promise<string>;

  /** Drafts of one patient, newest first; not available to patients. */
  useNoteDrafts(patientId: string): LiveList<Local<NoteDraftDoc>>;
  /** Creates (no id) or updates a draft locally; resolves with its id. */
  useSaveNoteDraft(): (input: { id?: string; patientId: string; title: string; fields: Record<string, string> }) => Promise<string>;
  useDeleteNoteDraft(): (id: string) => Promise<void>;

  /** Files of one patient (all folders), newest first, with upload progress of this device. */
  useMedicalFiles(patientId: string): LiveList<Local<MedicalFileDoc> & { upload?: UploadProgress }>;
  /**
   * Checks size and type from the content (02 §5), keeps the bytes on the device
   * and queues the upload (at most 10 at once); resolves with the file id, or
   * rejects with a message for the user.
   */
  useAttachFile(): (input: { patientId: string; file: File; folder: MedicalFolder }) => Promise<string>;
  /** An object URL for a file's bytes (from the device, else downloaded), or null while loading. */
  useFileUrl(fileId: string | null): string | null;

  /**
   * Consultations kept on the device (read-only; the consultation API changes them), soonest first;
   * with `doctorId` only that doctor's. For the offline list and calendar.
   */
  useConsultations(query?: { doctorId?: string }): LiveList<Local<ConsultationDoc>>;

  /** The practice's tasks on the device (doctor, VMA), open first; issue 17. */
  useTasks(): LiveList<Local<TaskDoc>>;
  /** Closes or reopens a task locally (works offline). */
  useSetTaskStatus(): (id: string, status: "open" | "closed") => Promise<void>;
  /** The practice's macros on the device, for expansion offline. */
  useMacros(): LiveList<Local<MacroDoc>>;
  /** The practice's note types on the device, by name, so a note starts offline (issue 31). */
  useNoteTypes(): LiveList<Local<NoteTypeDoc>>;
  /** The practice's people on the device (its doctor, then its VMAs), a task's assignees offline (issue 31). */
  usePracticeMembers(): LiveList<Local<PracticeMemberDoc>>;
  /** Creates a task on the device (works offline); the server checks it like the tasks API. */
  useCreateTask(): (input: TaskCreateInput & { encounterId?: string | null }) => Promise<TaskDoc>;

  /**
   * The practice's patients on the device (doctor, VMA; issue 31), by last then first name; `loading` while empty
   * and the first pull is still running. Read-only: the profile and medical-card calls change them.
   */
  usePanelPatients(): LiveList<Local<PanelPatientDoc>>;
  /** One patient of the practice from the device, or null. */
  usePanelPatient(id: string): { patient: Local<PanelPatientDoc> | null; loading: boolean };
  /**
   * The patient's chart entries of one kind on the device (doctor, VMA; issue 31): encounters, diagnoses, problems,
   * vitals and an encounter's orders, each with the API's answer as `data`. Read-only: the APIs change them.
   */
  useChartEntries<K extends ChartEntryKind>(patientId: string, kind: K): LiveList<Local<ChartEntryOf<K>>>;
  /** One chart entry of that kind from the device, or null. */
  useChartEntry<K extends ChartEntryKind>(id: string, kind: K): { entry: Local<ChartEntryOf<K>> | null; loading: boolean };
  /** Records a new encounter, diagnosis, vitals, problem or prescription draft on the device (works offline); resolves with the stored entry. */
  useRecordChartEntry(): (entry: NewChartEntry) => Promise<ChartEntryDoc>;

  /** Notes of one encounter kept on the device, oldest first (createdAt, id). Care team only. */
  useEncounterNotes(encounterId: string): LiveList<Local<EncounterNoteDoc>>;
  /** Creates a note locally (works offline); resolves with its id. */
  useCreateEncounterNote(): (
    input: { encounterId: string; patientId: string; noteTypeId: string; typeName: string; fieldNames: string[] },
  ) => Promise<string>;
  /** Soft-deletes a note locally (works offline). */
  useDeleteEncounterNote(): (id: string) => Promise<void>;

  /** The signed-in user's encrypted store of encounter notes' Yjs documents; null until the local data is open. */
  useNoteDocStore(): NoteDocStore | null;
};
