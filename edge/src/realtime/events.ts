/**
 * Events for users' sockets (`message:received`, `user:forceLogout`…), from
 * any edge process to every edge process. Services get the small `Events`
 * interface and never import socket code; the realtime server subscribes and
 * emits to the rooms `user:<id>` and `session:<id>` it holds.
 *
 * On PostgreSQL an event is a NOTIFY on `app_events` (each process LISTENs,
 * this one included). Payloads name ids and states, never health data (message
 * text travels in `sync:chat_messages`, read under the reader's scope), and a
 * NOTIFY carries at most 8000 bytes, so long audiences go in several. Embedded
 * PGlite is one process: events are delivered in-process.
 */
import { z } from "zod";
import type { Sql } from "../db/connect.ts";
import type { Logger } from "../platform/log.ts";

export const EVENTS_CHANNEL = "app_events";
/** Ids per NOTIFY: 100 × 37 bytes leaves room for the payload under PostgreSQL's 8000. */
const IDS_PER_NOTIFY = 100;
const NOTIFY_MAX_BYTES = 7900;

export type Delivery = {
  /** Every socket of these users… */
  users: string[];
  /** …and every socket of these sessions. */
  sessions: string[];
  event: string;
  payload: unknown;
};

/** What services use. Resolves once the event is on its way to every process. */
export type Events = {
  toUsers(userIds: readonly string[], event: string, payload?: unknown): Promise<void>;
  toSessions(sessionIds: readonly string[], event: string, payload?: unknown): Promise<void>;
};

export type EventBus = Events & {
  /** Receives every delivery, from this process and the others. */
  subscribe(handler: (delivery: Delivery) => void): Promise<() => Promise<void>>;
};

const deliverySchema = z.object({
  users: z.array(z.string()),
  sessions: z.array(z.string()),
  event: z.string().min(1).max(100),
  payload: z.unknown(),
}).strict();

function chunks(ids: readonly string[]): string[][] {
  const unique = [...new Set(ids)];
  const out: string[][] = [];
  for (let i = 0; i < unique.length; i += IDS_PER_NOTIFY) out.push(unique.slice(i, i + IDS_PER_NOTIFY));
  return out;
}

function createBus(publish: (delivery: Delivery) => Promise<void>, subscribe: EventBus["subscribe"]): EventBus {
  return {
    subscribe,
    async toUsers(userIds, event, payload = {}) {
      for (const users of chunks(userIds)) await publish({ users, sessions: [], event, payload });
    },
    async toSessions(sessionIds, event, payload = {}) {
      for (const sessions of chunks(sessionIds)) await publish({ users: [], sessions, event, payload });
    },
  };
}

export function createPgEventBus(sql: Sql, log: Logger): EventBus {
  return createBus(
    async (delivery) => {
      const text = JSON.stringify(delivery);
      if (new TextEncoder().encode(text).byteLength > NOTIFY_MAX_BYTES) {
        throw new Error(`event ${delivery.event} is too large for NOTIFY`);
      }
      await sql.notify(EVENTS_CHANNEL, text);
    },
    async (handler) => {
      const { unlisten } = await sql.listen(EVENTS_CHANNEL, (text) => {
        const parsed = (() => {
          try {
            return deliverySchema.safeParse(JSON.parse(text));
          } catch {
            return null;
          }
        })();
        if (parsed?.success) handler(parsed.data as Delivery);
        else log.warn("ignored a malformed app event");
      });
      return unlisten;
    },
  );
}

export function createLocalEventBus(): EventBus {
  const handlers = new Set<(delivery: Delivery) => void>();
  return createBus(
    (delivery) => {
      // Like a NOTIFY: after the caller's current work, never inside it.
      queueMicrotask(() => {
        for (const handler of handlers) handler(structuredClone(delivery));
      });
      return Promise.resolve();
    },
    (handler) => {
      handlers.add(handler);
      return Promise.resolve(() => {
        handlers.delete(handler);
        return Promise.resolve();
      });
    },
  );
}

/** Events that go nowhere (tools and tests that have no sockets). */
export const noEvents: Events = { toUsers: () => Promise.resolve(), toSessions: () => Promise.resolve() };
