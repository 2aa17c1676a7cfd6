/**
 * Online presence across edge processes (01 §4): a user is online while any of
 * their sockets is connected to any live edge process on the database. This
 * process counts its sockets per user in PostgreSQL (domains/presence/repo.ts),
 * renews its own expiry every ttl/3, and removes the rows of processes whose
 * expiry passed (killed ones), announcing who went offline. `user:joined` and
 * `user:leaved` go to the user's chat partners, through the events bus, so
 * partners on any process hear them.
 */
import type { Sql } from "../db/connect.ts";
import type { Logger } from "../platform/log.ts";
import { createPresenceRepo } from "../domains/presence/repo.ts";
import { CHAT_EVENTS } from "../../../sync/schemas/chat.ts";
import type { Events } from "./events.ts";

export type PresenceOptions = { ttlMs: number };

export function createPresenceTracker(deps: { sql: Sql; events: Events; log: Logger }, opts: PresenceOptions) {
  const repo = createPresenceRepo(deps.sql);
  const processId = crypto.randomUUID();
  /** This process's sockets per user: the truth it restores from if it was swept while alive. */
  const local = new Map<string, number>();
  /** Per user, one change at a time, so a quick connect and disconnect reach the database in order. */
  const chains = new Map<string, Promise<void>>();
  let timer: ReturnType<typeof setInterval> | undefined;
  let beating: Promise<void> = Promise.resolve();

  const fail = (what: string) => (e: unknown) =>
    deps.log.error(`presence: ${what} failed`, { error: e instanceof Error ? e.message.slice(0, 200) : String(e) });

  async function announce(userId: string, event: string) {
    const partners = await repo.partnersOf(userId);
    await deps.events.toUsers(partners, event, { userId });
  }

  function serially(userId: string, step: () => Promise<void>): Promise<void> {
    const next = (chains.get(userId) ?? Promise.resolve()).then(step).catch(fail("a change"));
    chains.set(userId, next);
    void next.then(() => {
      if (chains.get(userId) === next) chains.delete(userId);
    });
    return next;
  }

  async function heartbeat() {
    if (!(await repo.heartbeat(processId, opts.ttlMs))) {
      // Swept while alive (this process stalled past its expiry): count its sockets again.
      await repo.registerProcess(processId, opts.ttlMs);
      for (const [userId, sockets] of local) {
        await serially(userId, async () => {
          if (await repo.restore(processId, userId, sockets)) await announce(userId, CHAT_EVENTS.userJoined);
        });
      }
    }
    for (const dead of await repo.expiredProcesses()) {
      for (const userId of await repo.removeProcess(dead, true)) await announce(userId, CHAT_EVENTS.userLeaved);
    }
  }

  return {
    processId,

    async start() {
      await repo.registerProcess(processId, opts.ttlMs);
      timer = setInterval(() => {
        beating = beating.then(heartbeat).catch(fail("the heartbeat"));
      }, Math.max(100, Math.floor(opts.ttlMs / 3)));
      Deno.unrefTimer(timer);
      // Processes that died while none was running are swept now rather than after a beat.
      beating = heartbeat().catch(fail("the first sweep"));
      await beating;
    },

    connected(userId: string): Promise<void> {
      local.set(userId, (local.get(userId) ?? 0) + 1);
      return serially(userId, async () => {
        if (await repo.connected(processId, userId)) await announce(userId, CHAT_EVENTS.userJoined);
      });
    },

    disconnected(userId: string): Promise<void> {
      const left = (local.get(userId) ?? 1) - 1;
      if (left > 0) local.set(userId, left);
      else local.delete(userId);
      return serially(userId, async () => {
        if (await repo.disconnected(processId, userId)) await announce(userId, CHAT_EVENTS.userLeaved);
      });
    },

    onlinePartnersOf: (userId: string) => repo.onlinePartnersOf(userId),

    /** Stops the heartbeat and removes this process's rows, announcing who went offline. */
    async stop() {
      clearInterval(timer);
      await beating;
      await Promise.all([...chains.values()]);
      local.clear();
      for (const userId of await repo.removeProcess(processId, false)) {
        await announce(userId, CHAT_EVENTS.userLeaved).catch(fail("a goodbye"));
      }
    },
  };
}
export type PresenceTracker = ReturnType<typeof createPresenceTracker>;
