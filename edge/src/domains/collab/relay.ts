/**
 * "Note n has a new update at seq s", to every edge process holding that
 * note open. On PostgreSQL the append's own NOTIFY (repo.ts, sent in its
 * transaction, so on commit) reaches each process's LISTEN connection, this
 * one included; the receiver reads the rows after the last seq it applied.
 * Embedded PGlite is one process and cannot notify over its socket, so there
 * the writer's `appended` call delivers in-process. Same shape as the sync
 * change feed (realtime/change-feed.ts).
 */
import { z } from "zod";
import type { Sql } from "../../db/connect.ts";
import type { Logger } from "../../platform/log.ts";
import { COLLAB_CHANNEL } from "./repo.ts";

const noticeSchema = z.object({ noteId: z.string().uuid(), seq: z.number().int().min(1) }).strict();
export type CollabNotice = z.infer<typeof noticeSchema>;

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
