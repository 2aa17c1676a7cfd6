/**
 * Keeps every open collab connection entitled to stay open. The token, the
 * session and the note's access are checked on connect; afterwards each
 * connection re-checks itself (`Watched.recheck`: the same token lookup and the
 * same grant as on connect):
 * - when its access token expires (a timer at its `exp`) and every `recheckMs`
 *   (a backstop for what no event announces: a patient detached, a doctor no
 *   longer approved);
 * - when a note it holds changed through the sync writer (shared, unshared,
 *   deleted, its encounter deleted: the `encounter_notes` change feed);
 * - after the change feed lost its connection (every connection).
 * `user:forceLogout` (logout, revocation, blocking, password change) closes the
 * sessions' connections at once, without a query.
 */
import type { Actor } from "../../access/actor.ts";
import type { Deps } from "../../deps.ts";
import { CHAT_EVENTS } from "../../../../sync/schemas/chat.ts";

export type Watched = {
  noteId: string;
  actor(): Actor;
  /** Runs the connect-time checks again; closes the connection when one fails. */
  recheck(): void;
  /** Closes with 4401: the session ended. */
  endSession(): void;
};

export function createConnectionWatch(deps: Pick<Deps, "sql" | "events" | "changes" | "log">) {
  const open = new Set<Watched>();
  const errorText = (e: unknown) => e instanceof Error ? e.message.slice(0, 200) : String(e);

  async function notesChanged(from: number, to: number) {
    if (open.size === 0) return;
    const rows = await deps.sql<{ id: string }[]>`select id::text from encounter_notes where seq between ${from} and ${to}`;
    const ids = new Set(rows.map((r) => r.id));
    for (const w of open) if (ids.has(w.noteId)) w.recheck();
  }

  const unsubscribers: (() => Promise<void>)[] = [];
  return {
    async start() {
      unsubscribers.push(
        await deps.events.subscribe((delivery) => {
          if (delivery.event !== CHAT_EVENTS.forceLogout) return;
          const sessions = new Set(delivery.sessions);
          const users = new Set(delivery.users);
          for (const w of [...open]) {
            const { sessionId, userId } = w.actor();
            if (sessions.has(sessionId) || users.has(userId)) w.endSession();
          }
        }),
        await deps.changes.subscribe((change) => {
          if (change.collection !== "encounter_notes") return;
          notesChanged(change.from, change.to).catch((e) => deps.log.error("collab recheck failed", { error: errorText(e) }));
        }, () => {
          for (const w of open) w.recheck();
        }),
      );
    },
    add(w: Watched) {
      open.add(w);
    },
    remove(w: Watched) {
      open.delete(w);
    },
    async stop() {
      for (const unsubscribe of unsubscribers.splice(0)) await unsubscribe();
    },
  };
}
export type ConnectionWatch = ReturnType<typeof createConnectionWatch>;
