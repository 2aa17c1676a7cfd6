/**
 * Opt-in timing of the device's write path, by phase, for the sync benchmark
 * (`pwa/bench/`): it sets `globalThis.__dpcWriteTrace` to an object and reads
 * the sums back. Off (always, in the app) each call costs one property read.
 */
export type WritePhase =
  /** The save hook from call to resolve. */
  | "hook"
  /** The hook's read of the current document. */
  | "read"
  /** The shared schema's check of the new state. */
  | "validate"
  /** Marking the change as waiting (the blobs database's pending table). */
  | "pending"
  /** The waiting marks written behind, after the edits' task (`pending-marks.ts`): not awaited by any edit. */
  | "pendingFlush"
  /** The mark and the document written side by side: until both are stored. */
  | "write"
  /** RxDB's write of the document: from the call until RxDB resolves (everything below, its change events and caches). */
  | "rxdb"
  /** The storage write under RxDB (keeping a pulled document's server copy, sealing, Dexie's transaction). */
  | "store"
  /** AES-GCM sealing of the document (inside `store`). */
  | "seal"
  /** The IndexedDB transaction of a direct write, from its creation until it completes (inside `store`; `dexie-direct.ts`). */
  | "idb"
  /** The change event emitted after it (RxDB's listeners, other tabs' broadcast; inside `store`). */
  | "emit";

export type WriteTrace = Partial<Record<WritePhase, { ms: number; count: number }>>;

const traceOf = () => (globalThis as { __dpcWriteTrace?: WriteTrace }).__dpcWriteTrace;

/** Starts timing a phase; the returned function ends it. A no-op unless a trace is on. */
export function traceWrite(phase: WritePhase): () => void {
  const trace = traceOf();
  if (!trace) return noop;
  const start = performance.now();
  return () => {
    const entry = (trace[phase] ??= { ms: 0, count: 0 });
    entry.ms += performance.now() - start;
    entry.count += 1;
  };
}

function noop() {}
