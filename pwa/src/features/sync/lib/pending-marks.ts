/**
 * The waiting marks of local changes (`collection/id`: changed on this device,
 * not yet acknowledged by the server), written behind (issue 19).
 *
 * The marks live in the blobs database's `pending` table (`blob-store.ts`), a
 * second IndexedDB database beside RxDB's. Writing a mark there before an edit
 * resolves cost an edit as much again as RxDB's own write. Here a mark is put
 * in an in-memory overlay at once — `has`, `keys` and the "already waiting"
 * filter see it synchronously — and the table is written after the current
 * task, by one ordered queue of adds (`add`, an edit) and removes (`remove`,
 * an acknowledgement):
 *
 * - the queue is flushed in order, one flush at a time: an acknowledgement can
 *   never be overtaken by an older add, and an edit made after an
 *   acknowledgement (even while its removal is being written) is added after
 *   it, so the document ends waiting;
 * - consecutive operations of one kind on one collection are merged into one
 *   transaction of the table;
 * - listeners are told once per flush (and when another tab changes the
 *   table), not once per edit;
 * - a flush that fails is logged, and its operations stay first in the queue
 *   for the next flush (scheduled again after `retryMs`).
 *
 * What the overlay shows is the table with the queued operations applied in
 * order: exactly what the table holds once they are written. A mark still in
 * the queue when the tab dies is lost; `rebuildPendingMarks` (`pending-rebuild.ts`)
 * restores it from RxDB's own state at the next open, before the replication starts.
 */
import type { Observable } from "rxjs";
import { traceWrite } from "./write-trace.ts";

export type PendingTable = {
  add(collection: string, ids: string[]): Promise<void>;
  remove(collection: string, ids: string[]): Promise<void>;
  /** The table's keys, live (this store's commits and other tabs'). */
  keys$(): Observable<Set<string>>;
};

type Op = { op: "add" | "remove"; collection: string; ids: Set<string> };

export type PendingMarks = ReturnType<typeof createPendingMarks>;

const keyOf = (collection: string, id: string) => `${collection}/${id}`;

export function createPendingMarks(options: {
  table: PendingTable;
  /** The marks changed (at most once per flush): their number, for the status. */
  onChange(count: number): void;
  /** Delay before a failed flush is tried again (it is also tried at the next flush). */
  retryMs?: number;
  /**
   * A flush starts after the current task, or, when the last one ended less than this long ago (a burst of
   * edits), once that much time has passed: a burst's marks go in a few transactions, not one per edit.
   */
  minIntervalMs?: number;
}) {
  const { table } = options;
  const retryMs = options.retryMs ?? 1_000;
  const minIntervalMs = options.minIntervalMs ?? 0;
  let lastFlushEnd = -Infinity;
  /** The last flush failed: nothing is scheduled until a new mark or the retry timer. */
  let failed = false;
  /** The table as last read (its own commits and other tabs' applied). */
  let stored: ReadonlySet<string> = new Set();
  /** The table with the operations being written and queued applied in order. */
  let view = new Set<string>();
  /** An immutable copy of `view` for readers that compare by identity (React's external store). */
  let snapshot: ReadonlySet<string> | null = null;
  let queue: Op[] = [];
  let inFlight: Op[] = [];
  let scheduled = false;
  let flushing: Promise<void> | null = null;
  let changed = false;
  let closed = false;
  /** The first read is told even when empty (the status's count). */
  let first = true;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  const listeners = new Set<() => void>();
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  function apply(set: Set<string>, op: Op) {
    for (const id of op.ids) op.op === "add" ? set.add(keyOf(op.collection, id)) : set.delete(keyOf(op.collection, id));
  }

  function notify() {
    if (!changed) return;
    changed = false;
    options.onChange(view.size);
    for (const listener of [...listeners]) listener();
  }

  const subscription = table.keys$().subscribe({
    next(keys) {
      stored = keys;
      const next = new Set(stored);
      for (const op of inFlight) apply(next, op);
      for (const op of queue) apply(next, op);
      if (first || next.size !== view.size || [...next].some((key) => !view.has(key))) {
        first = false;
        view = next;
        snapshot = null;
        changed = true;
      }
      // Own commits change nothing here (already shown); another tab's marks are told at once.
      if (!flushing) notify();
      markReady();
    },
    error(error) {
      console.warn("Pending changes could not be read", error);
      markReady();
    },
  });

  function enqueue(kind: Op["op"], collection: string, ids: string[]) {
    if (closed || ids.length === 0) return;
    // Operations on other collections touch other keys: only this collection's order matters.
    let last: Op | undefined;
    for (let i = queue.length - 1; i >= 0 && !last; i--) if (queue[i].collection === collection) last = queue[i];
    const op = last?.op === kind ? last : { op: kind, collection, ids: new Set<string>() };
    if (op !== last) queue.push(op);
    for (const id of ids) op.ids.add(id);
    failed = false;
    const before = view.size;
    apply(view, { op: kind, collection, ids: new Set(ids) });
    if (view.size !== before) {
      snapshot = null;
      changed = true;
    }
    schedule();
  }

  function schedule() {
    if (scheduled || closed || failed) return;
    scheduled = true;
    setTimeout(() => {
      scheduled = false;
      // A flush under way: this one is timed from its end.
      if (flushing) void flushing.then(schedule);
      else void flush();
    }, Math.max(0, lastFlushEnd + minIntervalMs - performance.now()));
  }

  /** Writes the queue to the table, in order; resolves when everything queued so far is written (or failed). */
  function flush(): Promise<void> {
    if (flushing) return flushing.then(() => (queue.length > 0 && !closed ? flush() : undefined));
    if (queue.length === 0 || closed) {
      notify();
      return Promise.resolve();
    }
    // `flushing` is cleared once the run has settled (never synchronously inside it).
    flushing = (async () => {
      // One pass: what is queued meanwhile waits for the next flush (`schedule`, or a caller's `flush`).
      if (queue.length > 0 && !closed) {
        notify();
        inFlight = queue;
        queue = [];
        const done = traceWrite("pendingFlush");
        let index = 0;
        try {
          for (; index < inFlight.length; index++) {
            const op = inFlight[index];
            await table[op.op](op.collection, [...op.ids]);
          }
        } catch (error) {
          console.warn("Waiting marks could not be written; tried again at the next flush", error);
          // The failed operation and those after it go first, before anything queued since.
          queue = [...inFlight.slice(index), ...queue];
          inFlight = [];
          failed = true;
          if (!retryTimer && !closed) retryTimer = setTimeout(() => (retryTimer = null, failed = false, schedule()), retryMs);
          return;
        } finally {
          done();
        }
        inFlight = [];
      }
      notify();
    })().finally(() => {
      flushing = null;
      lastFlushEnd = performance.now();
      if (queue.length > 0) schedule();
    });
    return flushing;
  }

  return {
    /** Resolves once the table has been read the first time. */
    ready,
    has: (collection: string, id: string) => view.has(keyOf(collection, id)),
    /** Every waiting change as `collection/id`; a new set whenever the marks change. */
    keys: (): ReadonlySet<string> => (snapshot ??= new Set(view)),
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /** Marks local changes as waiting: at once in memory, in the table after the current task. */
    add(collection: string, ids: string[]) {
      enqueue("add", collection, ids.filter((id) => !view.has(keyOf(collection, id))));
    },
    /** Acknowledged changes: unmarked after every earlier queued mark of theirs. */
    remove(collection: string, ids: string[]) {
      enqueue("remove", collection, ids);
    },
    /** Writes what is queued now (the tests, a clean close). */
    flush,
    /** Stops listening; `flush` first to keep what is queued. */
    close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      subscription.unsubscribe();
      listeners.clear();
    },
  };
}


/**
 * Resolves once no encounter these documents name (`encounterId`) waits on this device any more: a note or draft
 * of an encounter recorded offline goes after the encounter, which the server must hold first (it refuses a note
 * of an unknown encounter, and the device would drop it with the note's text). At once when none waits. No time
 * limit by default: the encounter's mark goes when the server has it or refuses it (a refused encounter is shown),
 * so the note waits for as long as its encounter does, and is never sent to be refused. `timeoutMs` for tests.
 */
export function encountersSent(
  marks: Pick<PendingMarks, "has" | "subscribe">,
  docs: readonly object[],
  timeoutMs = Number.POSITIVE_INFINITY,
): Promise<void> {
  const encounterIds = docs.map((d) => (d as { encounterId?: unknown }).encounterId).filter((id) => typeof id === "string");
  const waiting = () => encounterIds.some((id) => marks.has("chart_entries", id));
  if (!waiting()) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = Number.isFinite(timeoutMs) ? setTimeout(done, timeoutMs) : undefined;
    const unsubscribe = marks.subscribe(() => {
      if (!waiting()) done();
    });
  });
}
