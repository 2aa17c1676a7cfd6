/**
 * The live room's socket events (01 §7), each with an acknowledgement in the
 * HTTP envelope (`{status: "success", result}` or `{status: "error", message,
 * code, details}`):
 * - `consultation:join` `{consultationId, token?}` → a `JoinPass` (the gateway
 *   URL, signed tokens, room and participant ids, ICE servers);
 * - `consultation:leave` `{consultationId}` → `{left}`;
 * - `consultation:finish` `{consultationId}` (the doctor) → the consultation, finished.
 * A `token` in the payload must belong to the socket's own session (the
 * handshake already checked one). A socket that closes leaves the rooms it
 * joined, unless another device or tab has taken its place since.
 */
import type { Socket } from "socket.io";
import type { Actor } from "../access/actor.ts";
import type { ActorLookup } from "../access/resolve-actor.ts";
import { AppError, unauthorized } from "../http/errors.ts";
import { zodFieldErrors } from "../../../sync/field-errors.ts";
import type { Logger } from "../platform/log.ts";
import type { Events } from "./events.ts";
import type { VideoService } from "../domains/video/service.ts";
import { consultationEventSchema, VIDEO_EVENTS } from "../../../sync/schemas/video.ts";

type Ack = (answer: unknown) => void;

export function handleConsultationRoom(socket: Socket, actor: Actor, o: {
  video: VideoService;
  lookup: ActorLookup;
  events: Events;
  log: Logger;
}) {
  /** consultationId → the participant id this socket was given. */
  const joined = new Map<string, number>();

  const answer = async (ack: unknown, step: () => Promise<unknown>) => {
    const reply = typeof ack === "function" ? ack as Ack : () => {};
    try {
      reply({ status: "success", result: await step() });
    } catch (e) {
      const known = e instanceof AppError;
      if (!known) o.log.error("consultation event failed", { error: e instanceof Error ? e.message.slice(0, 200) : String(e) });
      reply({
        status: "error",
        code: known ? e.status : 500,
        message: known ? e.message : "Unexpected error. Please try again later.",
        details: known ? e.details : {},
      });
    }
  };

  const input = async (payload: unknown) => {
    const parsed = consultationEventSchema.safeParse(payload);
    if (!parsed.success) {
      throw new AppError(400, "Please correct the highlighted fields", { reason: "VALIDATION_FAILED", fields: zodFieldErrors(parsed.error) });
    }
    if (parsed.data.token) {
      const found = await o.lookup(parsed.data.token);
      if (!("actor" in found) || found.actor.sessionId !== actor.sessionId) throw unauthorized("Your session is not valid. Please sign in again.", "TOKEN_INVALID");
    }
    return parsed.data.consultationId;
  };

  socket.on(VIDEO_EVENTS.join, (payload: unknown, ack?: unknown) =>
    answer(ack, async () => {
      const id = await input(payload);
      const { pass, replacedSameSession } = await o.video.join(actor, id);
      joined.set(id, pass.participantId);
      // Another tab of this session had the place: it stops (it ignores the event naming its own socket).
      if (replacedSameSession) {
        await o.events.toSessions([actor.sessionId], VIDEO_EVENTS.streamingReplaced, { consultationId: id, socketId: socket.id });
      }
      return pass;
    }));

  socket.on(VIDEO_EVENTS.leave, (payload: unknown, ack?: unknown) =>
    answer(ack, async () => {
      const id = await input(payload);
      const participantId = joined.get(id) ?? null;
      joined.delete(id);
      return await o.video.leave(actor, id, participantId);
    }));

  socket.on(VIDEO_EVENTS.finish, (payload: unknown, ack?: unknown) =>
    answer(ack, async () => {
      const id = await input(payload);
      joined.delete(id);
      return await o.video.finish(actor, id);
    }));

  socket.on("disconnect", () => {
    for (const [id, participantId] of joined) {
      void o.video.leave(actor, id, participantId).catch(() => {});
    }
    joined.clear();
  });
}
