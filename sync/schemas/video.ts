/**
 * Video visits (01 §2 live room, §4 streaming, §7 `/users/iceServers` and the
 * `consultation:*` socket events): inputs as zod schemas, answers and event
 * payloads as types. Media goes through a Janus VideoRoom; its offer/answer and
 * candidate exchange (01 §4 "webrtc") runs over Janus's own API, which the
 * edge proxies, so the socket carries only joining, leaving and finishing.
 */
import { z } from "zod";

export const VIDEO_EVENTS = {
  /** Sent, with the consultation id and the access token; the acknowledgement carries a `JoinPass`. */
  join: "consultation:join",
  leave: "consultation:leave",
  /** The doctor ends the consultation for both. */
  finish: "consultation:finish",
  /** Received by both parties: stop every stream. */
  finished: "consultation:finished",
  /** Received by the other party: someone entered or left the room (`StreamingPresenceEvent`). */
  streamingJoined: "streaming:joined",
  streamingLeft: "streaming:left",
  /** Received by a socket of the same session that had joined before: another tab took over. */
  streamingReplaced: "streaming:replaced",
} as const;

/** A live consultation stays open this long past its slot while its room exists (then it has ended). */
export const LIVE_OVERTIME_MINUTES = 60;
/** 01 §4: video requests 640x360, 16:9. */
export const VIDEO_CONSTRAINTS = { width: { ideal: 640 }, height: { ideal: 360 }, aspectRatio: { ideal: 16 / 9 } } as const;

/** `consultation:join` / `consultation:leave` / `consultation:finish` payload. */
export const consultationEventSchema = z.object({
  consultationId: z.uuid("Invalid consultation id").transform((v) => v.toLowerCase()),
  /** 01 §7: each event carries the access token; it must be the socket's own session's. */
  token: z.string().min(1).max(4096).optional(),
}).strict();
export type ConsultationEventInput = z.input<typeof consultationEventSchema>;

/** What one device needs to enter a consultation's room, answered to `consultation:join`. */
export type JoinPass = {
  consultationId: string;
  /** The Janus API for this room, on the edge's origin (`/api/v1/video/gateway/0/janus`). */
  server: string;
  /** Signed gateway token: opens sessions, attaches the VideoRoom plugin. */
  token: string;
  roomId: number;
  /** Signed token naming this room: the join request's `token`. */
  roomToken: string;
  /** The publisher id this device must use (the edge removes it when the device is replaced). */
  participantId: number;
  /** Shown to the other party. */
  display: string;
  role: "doctor" | "patient";
  /** The other party, whether in the room now. */
  other: { userId: string; name: string; inRoom: boolean };
  /** The tokens stop working then; joining again gives new ones. */
  expiresAt: string;
  iceServers: IceServer[];
};

export type StreamingPresenceEvent = { consultationId: string; userId: string };
export type ConsultationFinishedEvent = { consultationId: string; by: string };

/** `GET /users/iceServers`: RTCIceServer entries (TURN with time-limited REST credentials). */
export const iceServerSchema = z.object({
  urls: z.array(z.string()),
  username: z.string().optional(),
  credential: z.string().optional(),
}).strict();
export type IceServer = z.output<typeof iceServerSchema>;

/** Camera and microphone error codes (01 §4), and the two states the spec names beside them. */
export const MEDIA_ERROR_CODES = { noDevices: 1, noCamera: 2, noMicrophone: 3 } as const;
export type MediaErrorKind = "no_devices" | "no_camera" | "no_microphone" | "busy" | "blocked" | "unsupported" | "unknown";
