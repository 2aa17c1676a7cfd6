/**
 * The queue that sends medical-file bytes when online: at most 10 files at
 * once, each in ≤ 1 MB chunks with `Content-Range`, resuming from the server's
 * `content/status` offset after a dropped connection or a reload (the queue
 * is persisted in the blobs database).
 *
 * Per file, until the server says `uploaded` or `rejected`:
 * 1. ask the server's offset (404: the metadata document is not pushed yet, so wait and ask again);
 * 2. send the chunk starting there; its answer is the next offset;
 * 3. on a network error, a 5xx, 429 or 409 `UPLOAD_OFFSET_MISMATCH`, wait (or not) and go back to 1.
 */
import { CONCURRENT_UPLOADS_MAX, UPLOAD_CHUNK_MAX_BYTES, type UploadStatus } from "../../../../../sync/protocol.ts";
import { ApiError } from "../../../lib/api/api-error.ts";
import type { UploadProgress } from "../contract.ts";
import type { BlobStore, UploadRow } from "./blob-store.ts";
import type { UploadTransport } from "./upload-transport.ts";

export type UploadQueueDeps = {
  store: Pick<BlobStore, "readRange" | "deleteFile" | "uploads">;
  transport: UploadTransport;
  /** False once the file's metadata document is gone (deleted, or refused by the server): the upload is cancelled. */
  isWanted(fileId: string): Promise<boolean>;
  isOnline(): boolean;
  maxConcurrent?: number;
  chunkSize?: number;
  /** Waits `ms` or until `wake` resolves (back online, a push went through). */
  delay?: (ms: number, wake: Promise<void>) => Promise<void>;
  retryDelaysMs?: readonly number[];
  now?: () => number;
};

const RETRY_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000];
const OFFLINE_WAIT_MS = 60_000;
const ACTIVE_STATES: readonly UploadRow["state"][] = ["queued", "uploading"];

/** What to do after a failed request: retry after a pause, retry at once, or stop with a message. */
type Verdict = { retry: "later"; afterMs?: number } | { retry: "now" } | { retry: "never"; message: string };

export function classifyUploadError(error: unknown): Verdict {
  if (!(error instanceof ApiError)) return { retry: "never", message: error instanceof Error ? error.message : "Upload failed" };
  if (error.isNetworkError || error.code >= 500 || error.code === 404) return { retry: "later" };
  if (error.code === 429) {
    const seconds = Number(error.details.retryAfterSeconds);
    return { retry: "later", afterMs: Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined };
  }
  if (error.code === 409 && error.details.reason === "UPLOAD_OFFSET_MISMATCH") return { retry: "now" };
  return { retry: "never", message: error.message };
}

/** Failures a kick answers: the metadata not on the server yet (404), or no network. */
const kickAnswers = (error: unknown) => error instanceof ApiError && (error.isNetworkError || error.code === 404);

const defaultDelay = (ms: number, wake: Promise<void>) =>
  Promise.race([new Promise<void>((resolve) => setTimeout(resolve, ms)), wake]);

export type UploadQueue = ReturnType<typeof createUploadQueue>;

export function createUploadQueue(deps: UploadQueueDeps) {
  const { store, transport } = deps;
  const maxConcurrent = deps.maxConcurrent ?? CONCURRENT_UPLOADS_MAX;
  const chunkSize = Math.min(deps.chunkSize ?? UPLOAD_CHUNK_MAX_BYTES, UPLOAD_CHUNK_MAX_BYTES);
  const delay = deps.delay ?? defaultDelay;
  const retryDelays = deps.retryDelaysMs ?? RETRY_DELAYS_MS;
  const now = deps.now ?? Date.now;
  const active = new Set<string>();
  const progress = new Map<string, UploadProgress>();
  const listeners = new Set<() => void>();
  let snapshot: ReadonlyMap<string, UploadProgress> = new Map();
  let stopped = false;
  /** Only the tab that replicates sends bytes; the others queue and show progress. */
  let started = false;
  let wakeUp: () => void = () => {};
  let wake = new Promise<void>((resolve) => (wakeUp = resolve));
  /** Counts kicks, so one that comes while a request is on its way is not lost (the wait after it is skipped). */
  let kicks = 0;

  function publish() {
    snapshot = new Map(progress);
    for (const listener of [...listeners]) listener();
  }

  function setProgress(fileId: string, value: UploadProgress) {
    progress.set(fileId, value);
    publish();
  }

  const fromRow = (row: UploadRow): UploadProgress => ({
    fileId: row.fileId,
    progress: row.size ? row.offset / row.size : 0,
    state: row.state,
    ...(row.error ? { error: row.error } : {}),
  });

  function wakeAll() {
    kicks += 1;
    wakeUp();
    wake = new Promise<void>((resolve) => (wakeUp = resolve));
  }

  async function finish(row: UploadRow, state: UploadProgress["state"], error?: string) {
    if (state === "done" || state === "cancelled") await store.uploads.delete(row.fileId);
    else await store.uploads.update(row.fileId, { state, error });
    // Rejected or cancelled bytes are of no further use on the device.
    if (state !== "done") await store.deleteFile(row.fileId);
    setProgress(row.fileId, { fileId: row.fileId, progress: state === "done" ? 1 : 0, state, ...(error ? { error } : {}) });
  }

  /** Sends from the server's offset until the server has it all; answers the final status. */
  async function sendFrom(row: UploadRow): Promise<UploadStatus> {
    let status = await transport.status(row.fileId);
    while (status.status === "pending" && status.offset < row.size && !stopped) {
      const end = Math.min(status.offset + chunkSize, row.size);
      const chunk = await store.readRange(row.fileId, status.offset, end);
      status = await transport.put(row.fileId, chunk, status.offset, row.size);
      await store.uploads.update(row.fileId, { offset: status.offset, state: "uploading" });
      setProgress(row.fileId, { fileId: row.fileId, progress: row.size ? status.offset / row.size : 1, state: "uploading" });
    }
    return status;
  }

  async function run(row: UploadRow): Promise<void> {
    let attempt = 0;
    setProgress(row.fileId, { fileId: row.fileId, progress: row.size ? row.offset / row.size : 0, state: "uploading" });
    while (!stopped) {
      if (!(await deps.isWanted(row.fileId))) return finish(row, "cancelled");
      // A kick from here on (back online, the metadata pushed) ends the wait below at once.
      const kicksBefore = kicks;
      if (!deps.isOnline()) {
        await delay(OFFLINE_WAIT_MS, wake);
        continue;
      }
      try {
        const status = await sendFrom(row);
        if (stopped) return;
        if (status.status === "uploaded") return finish(row, "done");
        if (status.status === "rejected") return finish(row, "error", "The server refused the file");
        attempt = 0;
      } catch (error) {
        if (stopped) return;
        const verdict = classifyUploadError(error);
        if (verdict.retry === "never") return finish(row, "error", verdict.message);
        const pause = verdict.retry === "now" ? 0 : verdict.afterMs ?? retryDelays[Math.min(attempt, retryDelays.length - 1)];
        attempt += 1;
        // A 404 (the metadata not pushed yet) or no network is answered by a kick (a push answered, back
        // online): when one came while this request was on its way, the wait is skipped rather than lasting
        // its full pause. A 429's Retry-After and a 5xx's back-off are always waited.
        if (pause > 0 && !(kicks !== kicksBefore && kickAnswers(error))) await delay(pause, wake);
      }
    }
  }

  async function fill(): Promise<void> {
    if (stopped || !started) return;
    const rows = (await store.uploads.list())
      .filter((row) => ACTIVE_STATES.includes(row.state) && !active.has(row.fileId))
      .sort((a, b) => a.queuedAt - b.queuedAt);
    for (const row of rows) {
      if (active.size >= maxConcurrent || stopped) break;
      active.add(row.fileId);
      void run(row)
        .catch((error) => console.warn("Upload stopped", error))
        .finally(() => {
          active.delete(row.fileId);
          void fill();
        });
    }
  }

  return {
    /** Persists the file's place in the queue and starts it when a slot is free. */
    async enqueue(fileId: string, size: number): Promise<void> {
      await store.uploads.put({ fileId, size, offset: 0, state: "queued", queuedAt: now() });
      setProgress(fileId, { fileId, progress: 0, state: "queued" });
      void fill();
    },
    /** Starts sending in this tab, resuming what a previous page left (reload, crash). */
    async start(): Promise<void> {
      stopped = false;
      started = true;
      for (const row of await store.uploads.list()) progress.set(row.fileId, fromRow(row));
      publish();
      await fill();
    },
    /**
     * The persisted queue changed (maybe in another tab): show its progress
     * for the files this tab is not sending, and start new ones if this tab sends.
     */
    syncRows(rows: UploadRow[]): void {
      const present = new Set(rows.map((row) => row.fileId));
      for (const row of rows) if (!active.has(row.fileId)) progress.set(row.fileId, fromRow(row));
      for (const [fileId, value] of progress) {
        const unfinished = value.state === "queued" || value.state === "uploading";
        if (!present.has(fileId) && !active.has(fileId) && unfinished) progress.set(fileId, { fileId, progress: 1, state: "done" });
      }
      publish();
      void fill();
    },
    /** Ends waits early: back online, or the metadata may just have been pushed. */
    kick(): void {
      wakeAll();
      void fill();
    },
    stop(): void {
      stopped = true;
      wakeAll();
    },
    /** Uploads not finished (queued or sending). */
    pendingCount: () => [...progress.values()].filter((p) => p.state === "queued" || p.state === "uploading").length,
    activeCount: () => active.size,
    progress: (): ReadonlyMap<string, UploadProgress> => snapshot,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
