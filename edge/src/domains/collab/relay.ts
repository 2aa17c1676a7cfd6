/**
 * "Note n has a new update at seq s", to every edge process holding that
 * note open. On PostgreSQL the append's own NOTIFY (repo.ts, sent in its
 * transaction, so on commit) reaches each process's LISTEN connection, this
 * one included; the receiver reads the rows after the last seq it applied.
 * Embedded PGlite is one process and cannot notify over its socket, so there
 * the writer's `appended` call delivers in-process. Same shape as the sync
 * change feed (realtime/change-feed.ts).
 *
 * Editors' presence (y-protocols awareness: who edits, their caret) goes
 * between processes on a second channel, `AWARENESS_CHANNEL`: the encoded
 * update of the clients that changed (never the whole set), or a query
 * ("send me your editors of note n") from a process that just opened it.
 * Not health data, but names are personal: only what changed, only ids and
 * the clients' own states, at most one NOTIFY payload (8000 bytes) each.
 * One process (PGlite) shares one awareness per note, so nothing is sent.
 */
import { z } from "zod";
import type { Sql } from "../../db/connect.ts";
import type { Logger } from "../../platform/log.ts";
import { COLLAB_CHANNEL } from "./repo.ts";

const noticeSchema = z.object({ noteId: z.string().uuid(), seq: z.number().int().min(1) }).strict();
export type CollabNotice = z.infer<typeof noticeSchema>;

export const AWARENESS_CHANNEL = "note_awareness";
/** PostgreSQL's NOTIFY limit is 8000 bytes; what is larger is not sent. */
export const AWARENESS_PAYLOAD_MAX = 7900;
const awarenessSchema = z.object({
  noteId: z.string().uuid(),
  /** The sending process; it ignores its own notices. */
  from: z.string().uuid(),
  /** base64 of `encodeAwarenessUpdate`, or absent for a query. */
  update: z.string().max(AWARENESS_PAYLOAD_MAX).optional(),
}).strict();
export type AwarenessNotice = { noteId: string; update: Uint8Array | null };

export type AwarenessRelay = {
  /** Sends an update of these clients (`update`), or asks the others for theirs (`null`). False when too large to send. */
  publish(notice: AwarenessNotice): Promise<boolean>;
  subscribe(handler: (notice: AwarenessNotice) => void): Promise<() => Promise<void>>;
};

export type CollabRelay = {
  /** Does the append itself notify (PostgreSQL)? */
  readonly notifiesInTransaction: boolean;
  /** Called by the writer after its append committed (a no-op where NOTIFY did it). */
  appended(notice: CollabNotice): void;
  /** `onResync`: notices may have been missed (the listen connection came back). */
  subscribe(handler: (notice: CollabNotice) => void, onResync: () => void): Promise<() => Promise<void>>;
};

export function createPgCollabRelay(sql: Sql, log: Logger): CollabRelay {
  return {
    notifiesInTransaction: true,
    appended() {},
    async subscribe(handler, onResync) {
      let listening = false;
      const { unlisten } = await sql.listen(COLLAB_CHANNEL, (payload) => {
        const notice = parse(payload);
        if (notice) handler(notice);
        else log.warn("ignored a malformed collab notification");
      }, () => {
        if (listening) onResync();
        listening = true;
      });
      return unlisten;
    },
  };
}

/** Presence between processes over NOTIFY; each process tells its own notices apart by a random id. */
export function createPgAwarenessRelay(sql: Sql, log: Logger): AwarenessRelay {
  const self = crypto.randomUUID();
  return {
    async publish({ noteId, update }) {
      const payload = JSON.stringify({ noteId, from: self, ...(update ? { update: toBase64(update) } : {}) });
      if (new TextEncoder().encode(payload).byteLength > AWARENESS_PAYLOAD_MAX) return false;
      await sql.notify(AWARENESS_CHANNEL, payload);
      return true;
    },
    async subscribe(handler) {
      const { unlisten } = await sql.listen(AWARENESS_CHANNEL, (payload) => {
        const notice = parseAwareness(payload);
        if (!notice) return log.warn("ignored a malformed awareness notification");
        if (notice.from !== self) handler({ noteId: notice.noteId, update: notice.update ? notice.update : null });
      });
      return unlisten;
    },
  };
}

/** One process: its connections share each note's awareness already. */
export const localAwarenessRelay: AwarenessRelay = {
  publish: () => Promise.resolve(true),
  subscribe: () => Promise.resolve(() => Promise.resolve()),
};

export function createLocalCollabRelay(): CollabRelay {
  const handlers = new Set<(notice: CollabNotice) => void>();
  return {
    notifiesInTransaction: false,
    appended(notice) {
      for (const handler of handlers) handler(notice);
    },
    subscribe(handler) {
      handlers.add(handler);
      return Promise.resolve(() => {
        handlers.delete(handler);
        return Promise.resolve();
      });
    },
  };
}

function parse(payload: string): CollabNotice | null {
  try {
    const parsed = noticeSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function parseAwareness(payload: string): { noteId: string; from: string; update: Uint8Array | undefined } | null {
  try {
    const parsed = awarenessSchema.safeParse(JSON.parse(payload));
    if (!parsed.success) return null;
    return { ...parsed.data, update: parsed.data.update === undefined ? undefined : fromBase64(parsed.data.update) };
  } catch {
    return null;
  }
}

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0));
