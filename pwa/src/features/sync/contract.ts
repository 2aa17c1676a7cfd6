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
  MedicalFileDoc,
  MedicalFolder,
  NoteDraftDoc,
} from "../../../../sync/collections/index.ts";

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
};
