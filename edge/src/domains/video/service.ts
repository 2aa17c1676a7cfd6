/**
 * Video visits through a media gateway (Janus VideoRoom). The rules:
 * 1. Only the patient and the doctor of a video consultation enter its room
 *    (a VMA or an admin sees the consultation but is not a party: 01 §2 names
 *    "waiting for the other party", one each side), and only while its access
 *    state is `open` — from 15 minutes before the start to the end of the slot,
 *    or while live (room open, at most LIVE_OVERTIME_MINUTES past the slot).
 * 2. The room is created on the first join, with a random id and secret, on
 *    one of the gateways; joining needs tokens the edge signs for that room
 *    (the gateway refuses everyone else, whatever the UI does).
 * 3. One device per person: joining from another session ends the first one
 *    (its session is revoked and told with `user:forceLogout`, 01 §4) and the
 *    gateway drops its participant; another tab of the same session is told
 *    `streaming:replaced`.
 * 4. Finishing (the doctor) sets the consultation `finished`, destroys the room
 *    and tells both parties `consultation:finished`.
 */
import type { Actor } from "../../access/actor.ts";
import type { Deps } from "../../deps.ts";
import { AppError, conflict, forbidden } from "../../http/errors.ts";
import { GatewayError, type GatewayRoom, type VideoGateway } from "../../platform/video/gateway.ts";
import { CHAT_EVENTS } from "../../../../sync/schemas/chat.ts";
import { type JoinPass, LIVE_OVERTIME_MINUTES, VIDEO_EVENTS } from "../../../../sync/schemas/video.ts";
import type { Consultation } from "../../../../sync/schemas/consultation.ts";
import { createSessionsRepo } from "../auth/sessions-repo.ts";
import type { ConsultationsService } from "../consultations/service.ts";
import { iceServersFor } from "./ice-servers.ts";
import { createVideoRepo } from "./repo.ts";

/** Where browsers reach gateway `n` (the edge proxies it: videoProxyRoutes). */
export const gatewayPath = (n: number) => `/api/v1/video/gateway/${n}/janus`;

/** Janus ids are numbers; below 2^53 JavaScript keeps them exact. */
const randomId = () => {
  const [a, b] = crypto.getRandomValues(new Uint32Array(2));
  return (a & 0x1fffff) * 0x100000000 + b + 1;
};
const randomSecret = () => Array.from(crypto.getRandomValues(new Uint8Array(24)), (b) => b.toString(16).padStart(2, "0")).join("");

const unavailable = () => new AppError(503, "Video is not available on this server", { reason: "VIDEO_UNAVAILABLE" });
const gatewayFailed = () => new AppError(502, "The video service did not answer. Please try again.", { reason: "GATEWAY_FAILED" });

const CLOSED_REASONS: Record<string, [string, string]> = {
  not_started: ["This consultation has not started yet", "NOT_STARTED"],
  ended: ["This consultation's time has passed", "CONSULTATION_ENDED"],
  finished: ["This consultation is finished", "FINISHED"],
  canceled: ["This consultation was canceled", "CANCELED"],
};

export type JoinResult = { pass: JoinPass; replacedSameSession: boolean };

export function createVideoService(deps: Pick<Deps, "sql" | "clock" | "log" | "config" | "events"> & {
  video: VideoGateway;
  consultations: ConsultationsService;
}) {
  const { sql, clock, log, config, events, video, consultations } = deps;
  const repo = createVideoRepo(sql);
  const sessions = createSessionsRepo(sql);
  const ice = {
    stunUrls: config.STUN_URLS ?? [],
    turnUrls: config.TURN_URLS ?? [],
    turnSecret: config.TURN_SECRET ?? null,
    turnTtlSeconds: config.TURN_TTL_SECONDS,
  };

  /**
   * A party's video consultation, with the party's access state (else 404 for the hidden, 403 for onlookers, 409
   * for other kinds).
   */
  async function partyVisit(actor: Actor, id: string): Promise<Consultation> {
    const visit = await consultations.get(actor, id);
    if (actor.userId !== visit.patientId && actor.userId !== visit.doctorId) {
      throw forbidden("Only the patient and the doctor join a consultation", "NOT_A_PARTY");
    }
    if (visit.type !== "video") throw conflict("This consultation is not a video visit", "NOT_VIDEO");
    return visit;
  }

  const gatewayCall = async <T>(step: () => Promise<T>): Promise<T> => {
    try {
      return await step();
    } catch (e) {
      if (!(e instanceof GatewayError)) throw e;
      log.error("video gateway failed", { error: e.message.slice(0, 200), code: e.code });
      throw gatewayFailed();
    }
  };

  /** The consultation's open room, created on the gateway if it is not there (first join, or a restarted gateway). */
  async function ensureRoom(visit: { id: string }): Promise<GatewayRoom> {
    const stored = await repo.openRoom(visit.id);
    if (stored) {
      if (!(await gatewayCall(() => video.roomExists(stored)))) {
        await gatewayCall(() => video.createRoom(stored, { description: `consultation ${visit.id}` }));
      }
      return stored;
    }
    // Spread rooms over the gateways by consultation.
    const gateway = parseInt(visit.id.slice(0, 8), 16) % video.count;
    const fresh: GatewayRoom = { gateway, roomId: randomId(), secret: randomSecret() };
    await gatewayCall(() => video.createRoom(fresh, { description: `consultation ${visit.id}` }));
    const claimed = await repo.claimRoom(visit.id, fresh, clock.now());
    if (!claimed.ours) {
      // Another process created it at the same moment: keep theirs.
      await video.destroyRoom(fresh).catch(() => {});
      return await ensureRoom(visit);
    }
    return claimed.room;
  }

  const otherOf = (actor: Actor, visit: Consultation) =>
    actor.userId === visit.doctorId
      ? { userId: visit.patientId, name: `${visit.patient.firstName} ${visit.patient.lastName}` }
      : { userId: visit.doctorId, name: `Dr. ${visit.doctor.firstName} ${visit.doctor.lastName}` };

  return {
    iceServers: (actor: Actor) => iceServersFor(ice, actor.userId, clock.now()),

    /** `consultation:join`: a pass into the room for this device. */
    async join(actor: Actor, consultationId: string): Promise<JoinResult> {
      const visit = await partyVisit(actor, consultationId);
      const now = clock.now();
      if (visit.access.state !== "open") {
        const [message, reason] = CLOSED_REASONS[visit.access.state] ?? ["This consultation cannot be joined", "CLOSED"];
        throw conflict(message, reason);
      }
      if (!video.available) throw unavailable();
      const room = await ensureRoom(visit);

      const participantId = randomId();
      const before = await repo.enter({ consultationId, userId: actor.userId, sessionId: actor.sessionId, participantId, now });
      let replacedSameSession = false;
      if (before && !before.left_at) {
        // One device per person: the gateway drops the previous one at once.
        await video.kick(room, Number(before.participant_id)).catch((e) => log.warn("video kick failed", { error: String(e).slice(0, 200) }));
        if (before.session_id !== actor.sessionId) {
          await sessions.revoke(before.session_id, "consultation_joined_elsewhere", now);
          await events.toSessions([before.session_id], CHAT_EVENTS.forceLogout, { reason: "consultation_joined_elsewhere", consultationId });
        } else replacedSameSession = true;
      }

      const other = otherOf(actor, visit);
      const otherPlace = (await repo.participants(consultationId)).find((p) => p.user_id === other.userId);
      await events.toUsers([other.userId], VIDEO_EVENTS.streamingJoined, { consultationId, userId: actor.userId });
      // The tokens last while the consultation can be live; a later join gets new ones.
      const expiresAt = new Date(Math.max(Date.parse(visit.endAt) + LIVE_OVERTIME_MINUTES * 60_000, now.getTime() + 10 * 60_000));
      const tokens = await gatewayCall(() => video.issuePass(room, expiresAt.getTime() - now.getTime()));
      const me = actor.userId === visit.doctorId
        ? { role: "doctor" as const, display: `Dr. ${visit.doctor.firstName} ${visit.doctor.lastName}` }
        : { role: "patient" as const, display: `${visit.patient.firstName} ${visit.patient.lastName}` };
      return {
        replacedSameSession,
        pass: {
          consultationId,
          server: gatewayPath(room.gateway),
          token: tokens.token,
          roomId: room.roomId,
          roomToken: tokens.roomToken,
          participantId,
          display: me.display,
          role: me.role,
          other: { ...other, inRoom: !!otherPlace && !otherPlace.left_at },
          expiresAt: expiresAt.toISOString(),
          iceServers: await iceServersFor(ice, actor.userId, now),
        },
      };
    },

    /** `consultation:leave` (or the device's socket closed): frees its place if it still holds it. */
    async leave(actor: Actor, consultationId: string, participantId: number | null = null): Promise<{ left: boolean }> {
      const visit = await partyVisit(actor, consultationId);
      const left = await repo.leave({ consultationId, userId: actor.userId, participantId, now: clock.now() });
      if (left) {
        const other = otherOf(actor, visit);
        await events.toUsers([other.userId], VIDEO_EVENTS.streamingLeft, { consultationId, userId: actor.userId });
      }
      return { left };
    },

    /** `consultation:finish`, by the doctor: finished, room destroyed, both parties told. */
    async finish(actor: Actor, consultationId: string) {
      const visit = await partyVisit(actor, consultationId);
      const consultation = await consultations.finish(actor, consultationId);
      const room = await repo.closeRoom(consultationId, clock.now());
      if (room) await video.destroyRoom(room).catch((e) => log.error("video room not destroyed", { error: String(e).slice(0, 200) }));
      await events.toUsers([visit.doctorId, visit.patientId], VIDEO_EVENTS.finished, { consultationId, by: actor.userId });
      return consultation;
    },
  };
}
export type VideoService = ReturnType<typeof createVideoService>;
