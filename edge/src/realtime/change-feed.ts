/**
 * Committed sync changes, delivered to every edge process. On PostgreSQL the
 * writer's NOTIFY (sent inside the write transaction, so only on commit and in
 * commit order) reaches each process's LISTEN connection, this one included.
 * Embedded PGlite is one process and cannot notify another session over its
 * socket, so there the writer's `committed` call delivers in-process.
 * The payload names a collection and a seq range, never health data.
 */
import { z } from "zod";
import type { Sql } from "../db/connect.ts";
import type { Logger } from "../platform/log.ts";
import { COLLECTION_NAMES } from "../../../sync/collections/index.ts";
import { SYNC_CHANNEL } from "../../../sync/protocol.ts";

export const changeSchema = z.object({
  collection: z.enum(COLLECTION_NAMES as [string, ...string[]]),
  from: z.number().int().min(1),
  to: z.number().int().min(1),
}).strict();
export type Change = { collection: (typeof COLLECTION_NAMES)[number]; from: number; to: number };

export type ChangeFeed = {
  /** Called by the writer after its transaction committed. */
  committed(changes: Change[]): void;
  /**
   * Receives every committed change, in commit order. `onResync` is called when
   * changes may have been missed (the listen connection was lost and came back).
   */
  subscribe(handler: (change: Change) => void, onResync: () => void): Promise<() => Promise<void>>;
};

export function createPgChangeFeed(sql: Sql, log: Logger): ChangeFeed {
  return {
    committed() {},
    async subscribe(handler, onResync) {
      let listening = false;
      const { unlisten } = await sql.listen(SYNC_CHANNEL, (payload) => {
        const change = parseChange(payload);
        if (change) handler(change);
        else log.warn("ignored a malformed sync notification");
      }, () => {
        if (listening) onResync();
        listening = true;
      });
      return unlisten;
    },
  };
}

export function createLocalChangeFeed(): ChangeFeed {
  const handlers = new Set<(change: Change) => void>();
  return {
    committed(changes) {
      for (const change of changes) for (const handler of handlers) handler(change);
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

function parseChange(payload: string): Change | null {
  try {
    const parsed = changeSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data as Change : null;
  } catch {
    return null;
  }
}
