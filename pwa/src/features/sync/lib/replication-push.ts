/**
 * What the push of ./replication.ts leans on besides RxDB: the wait for a network before a batch is sent, the
 * parts a batch is sent in (each under the server's body limit), and whether the server holds a change already
 * (the same content, its numbering aside), so that it is settled rather than shown as waiting.
 */
import { sameValue } from "../../../../../sync/collections/index.ts";
import { replicatedFields } from "./conflict-handlers.ts";

/**
 * Resolves when the device is online (at once when it is). Every caller while offline shares one wait and
 * one `online` listener: RxDB asks before each batch it would push, so 1,000 edits made offline added
 * 1,000 listeners, all called on reconnect.
 */
export function createOnlineWait(isOnline: () => boolean): () => Promise<void> {
  let waiting: Promise<void> | null = null;
  return () => {
    if (isOnline() || typeof globalThis.addEventListener !== "function") return Promise.resolve();
    waiting ??= new Promise<void>((resolve) =>
      globalThis.addEventListener("online", () => {
        waiting = null;
        resolve();
      }, { once: true })
    );
    return waiting;
  };
}

/** At once when the browser says it is online (or cannot tell), else at its next `online` event. */
export const whenNavigatorOnline = createOnlineWait(() => globalThis.navigator?.onLine !== false);

/** Consecutive parts of `rows` whose JSON stays under `maxBytes` (a row larger than that alone). */
export function splitByBytes<T>(rows: T[], maxBytes: number): T[][] {
  const parts: T[][] = [];
  let part: T[] = [];
  let bytes = 2;
  const encoder = new TextEncoder();
  for (const row of rows) {
    const size = encoder.encode(JSON.stringify(row)).length + 1;
    if (part.length > 0 && bytes + size > maxBytes) {
      parts.push(part);
      part = [];
      bytes = 2;
    }
    part.push(row);
    bytes += size;
  }
  if (part.length > 0) parts.push(part);
  return parts;
}

/** Same content, the server's numbering aside (a draft made offline has `updatedAt` 0 until then). */
export function sameContent(local: Record<string, unknown>, server: Record<string, unknown>): boolean {
  const { updatedAt: _a, ...mine } = replicatedFields(local);
  const { updatedAt: _b, ...theirs } = replicatedFields(server);
  return sameValue(mine, theirs);
}
