/**
 * Keeps one open collab connection entitled to stay open: its token and session, then its grant, checked again
 * as on connect when its access token expires (a timer just past its `exp`), every `recheckMs`, and when the
 * connection watch asks (./watch.ts). An expired token without renewal or an ended session closes it with 4401,
 * access lost with 4404; a grant that changed (a note shared: the VMA now reads only) is taken over. A renewal
 * (message 2) replaces the token with a new one of the same user and session.
 */
import type { WebSocket } from "ws";
import { decodeJwt } from "jose";
import type { ActorLookup } from "../../access/resolve-actor.ts";
import type { Deps } from "../../deps.ts";
import { grantFor } from "./access.ts";
import { CLOSE, type Entitlement, errorText } from "./connection.ts";
import type { ConnectionWatch, Watched } from "./watch.ts";

/** A watched connection that can also take a renewed token. */
export type Guarded = Watched & { renew(token: string): Promise<void> };

/** Re-checks an open connection as on connect (watch.ts says when); closes it on a failure. */
export function guardConnection(o: {
  ws: WebSocket;
  entitled: Entitlement;
  lookup: ActorLookup;
  watch: ConnectionWatch;
  recheckMs: number;
  deps: Pick<Deps, "sql" | "clock" | "log">;
}): Guarded {
  const { ws, entitled, lookup, watch, deps } = o;
  const close = (code: number, reason: string) => {
    if (ws.readyState === ws.OPEN || ws.readyState === ws.CONNECTING) ws.close(code, reason);
  };
  let running: Promise<void> | null = null;
  let again = false;
  const check = async () => {
    const found = await lookup(entitled.token);
    if (!("actor" in found)) return close(CLOSE.unauthorized, found.problem === "expired" ? "token expired" : "session ended");
    const grant = await grantFor(deps.sql, found.actor, entitled.grant.noteId);
    if (!grant) return close(CLOSE.notFound, "not found");
    entitled.actor = found.actor;
    entitled.grant.canWrite = grant.canWrite;
  };
  const recheck = () => {
    if (running) return void (again = true);
    running = check()
      .catch((e) => deps.log.error("collab recheck failed", { noteId: entitled.grant.noteId, error: errorText(e) }))
      .finally(() => {
        running = null;
        if (again && ws.readyState === ws.OPEN) (again = false, recheck());
      });
  };
  let expiry: ReturnType<typeof setTimeout> | undefined;
  const armExpiry = () => {
    clearTimeout(expiry);
    const exp = decodeJwt(entitled.token).exp;
    if (exp === undefined) return;
    // Just past the expiry by the server's clock (the lookup then answers "expired").
    const timer = setTimeout(recheck, Math.max(0, exp * 1000 - deps.clock.now().getTime()) + 1000);
    Deno.unrefTimer(timer);
    expiry = timer;
  };
  armExpiry();
  const interval = setInterval(recheck, o.recheckMs);
  Deno.unrefTimer(interval);
  const watched: Guarded = {
    noteId: entitled.grant.noteId,
    actor: () => entitled.actor,
    recheck,
    endSession: () => close(CLOSE.unauthorized, "session ended"),
    // A renewal replaces the token (same user and session) and re-arms the expiry.
    async renew(token) {
      const found = await lookup(token);
      const same = "actor" in found && found.actor.userId === entitled.actor.userId && found.actor.sessionId === entitled.actor.sessionId;
      if (!same) return close(CLOSE.unauthorized, "renewal refused");
      entitled.token = token;
      entitled.actor = found.actor;
      armExpiry();
    },
  };
  ws.once("close", () => {
    clearTimeout(expiry);
    clearInterval(interval);
  });
  watch.add(watched);
  return watched;
}
