/**
 * The live room's state (01 §3 streaming state, §4 streaming): local media,
 * the join over the socket, the Janus connection, the other party's stream,
 * the track toggles and the camera switch, and the endings (left, finished,
 * replaced by another device, refused).
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { JoinPass } from "../../../../../sync/schemas/video.ts";
import { ApiError } from "../../../lib/api/index.ts";
import { useAppDeps } from "../../../lib/app-deps.tsx";
import { type FacingMode, type MediaProblem, openLocalMedia, stopStream, videoConstraints } from "../lib/media.ts";
import { connectRoom, type RoomConnection } from "../lib/janus-room.ts";
import { openRoomSocket, type RoomSocket } from "../lib/room-socket.ts";

export type RoomPhase =
  | "preparing" // asking for the camera and microphone
  | "joining"
  | "waiting" // in the room, the other party is not
  | "in_call"
  | "reconnecting"
  | "left"
  | "finished"
  | "replaced" // the same account joined from another device or tab
  | "error";

export type VideoRoomState = {
  phase: RoomPhase;
  local: MediaStream | null;
  remote: MediaStream | null;
  problem: MediaProblem | null;
  error: string | null;
  cameraOff: boolean;
  microphoneOff: boolean;
  facingMode: FacingMode;
  multipleVideoInputs: boolean;
  otherName: string | null;
  /** The gateway room (shown as a data attribute: tests and support read it). */
  roomId: number | null;
};

const INITIAL: VideoRoomState = {
  phase: "preparing", local: null, remote: null, problem: null, error: null, cameraOff: false, microphoneOff: false,
  facingMode: "user", multipleVideoInputs: false, otherName: null, roomId: null,
};

/** A session the gateway dropped (network gone too long, restarted) is joined again this many times. */
const REJOINS = 3;

export function useVideoRoom(consultationId: string) {
  const { api, session } = useAppDeps();
  const [state, setState] = useState<VideoRoomState>(INITIAL);
  const update = useCallback((patch: Partial<VideoRoomState>) => setState((s) => ({ ...s, ...patch })), []);
  const refs = useRef<{ socket: RoomSocket | null; room: RoomConnection | null; local: MediaStream | null; cameras: MediaDeviceInfo[]; ended: boolean }>(
    { socket: null, room: null, local: null, cameras: [], ended: false },
  );

  const end = useCallback((phase: RoomPhase, error: string | null = null) => {
    const r = refs.current;
    if (r.ended) return;
    r.ended = true;
    r.room?.close();
    r.room = null;
    stopStream(r.local);
    r.local = null;
    r.socket?.close();
    r.socket = null;
    setState((s) => ({ ...s, phase, error, local: null, remote: null }));
  }, []);

  useEffect(() => {
    const r = refs.current;
    r.ended = false;
    let rejoins = 0;

    const enter = async (pass: JoinPass) => {
      r.room = await connectRoom({
        pass,
        local: r.local,
        events: {
          onRemoteStream: (remote) => !r.ended && update({ remote, phase: remote ? "in_call" : "waiting" }),
          onConnection: (c) => {
            if (r.ended) return;
            if (c === "reconnecting") update({ phase: "reconnecting" });
            else setState((s) => ({ ...s, phase: s.phase === "reconnecting" || s.phase === "joining" ? (s.remote ? "in_call" : "waiting") : s.phase }));
          },
          onFatal: (message, kind) => {
            if (r.ended) return;
            if (kind === "kicked") return end("replaced");
            if (kind === "closed") return end("finished");
            if (kind === "refused") return end("error", message);
            // Dropped by the gateway (a long network loss, a restart): join again, still in the room.
            r.room?.close();
            r.room = null;
            if (rejoins++ < REJOINS) {
              update({ phase: "reconnecting", remote: null });
              void join().catch((e) => end("error", e instanceof Error ? e.message : message));
            } else end("error", message);
          },
        },
      });
    };

    const join = async () => {
      const pass = await r.socket!.join();
      update({ otherName: pass.other.name, roomId: pass.roomId });
      await enter(pass);
      if (!r.ended) update({ phase: r.room ? "waiting" : "joining" });
    };

    (async () => {
      // 01 §4: ICE servers are fetched (this also refreshes an expired access token before the socket needs it).
      await api.GET("/users/iceServers").catch(() => []);
      const media = await openLocalMedia("user");
      if (r.ended) return stopStream(media.stream);
      r.local = media.stream;
      r.cameras = media.cameras;
      update({
        phase: "joining",
        local: media.stream,
        problem: media.problem,
        multipleVideoInputs: media.cameras.length > 1,
        cameraOff: !media.stream?.getVideoTracks().length,
        microphoneOff: !media.stream?.getAudioTracks().length,
      });
      r.socket = openRoomSocket({
        consultationId,
        getToken: () => session.tokens.read()?.accessToken || null,
        events: {
          onFinished: () => end("finished"),
          onForceLogout: () => {
            end("replaced");
            // The session was ended on the server: the client's refused refresh signs out and goes home.
            void api.refresh().catch(() => {});
          },
          onReplaced: () => end("replaced"),
          onOtherPresence: () => {},
        },
      });
      await join();
    })().catch((e) => end("error", e instanceof ApiError || e instanceof Error ? e.message : "The room could not be opened"));

    return () => {
      const socket = r.socket;
      if (socket && !r.ended) void socket.leave().catch(() => {});
      end("left");
    };
  }, [api, consultationId, end, session, update]);

  const toggleCamera = useCallback(() => {
    const tracks = refs.current.local?.getVideoTracks() ?? [];
    if (!tracks.length) return;
    const off = tracks[0].enabled;
    tracks.forEach((t) => (t.enabled = !off));
    update({ cameraOff: off });
  }, [update]);

  const toggleMicrophone = useCallback(() => {
    const tracks = refs.current.local?.getAudioTracks() ?? [];
    if (!tracks.length) return;
    const off = tracks[0].enabled;
    tracks.forEach((t) => (t.enabled = !off));
    update({ microphoneOff: off });
  }, [update]);

  /** Front ↔ back (01 §3 facingMode), by device where the browser names them. */
  const switchCamera = useCallback(async () => {
    const r = refs.current;
    if (!r.local || r.cameras.length < 2) return;
    const facingMode: FacingMode = state.facingMode === "user" ? "environment" : "user";
    const current = r.local.getVideoTracks()[0];
    const currentId = current?.getSettings().deviceId;
    const next = r.cameras.find((c) => c.deviceId !== currentId);
    const fresh = await navigator.mediaDevices.getUserMedia({ video: videoConstraints(facingMode, next?.deviceId) });
    const track = fresh.getVideoTracks()[0];
    track.enabled = !state.cameraOff;
    await r.room?.replaceVideo(track);
    if (current) {
      r.local.removeTrack(current);
      current.stop();
    }
    r.local.addTrack(track);
    update({ facingMode, local: new MediaStream(r.local.getTracks()) });
  }, [state.facingMode, state.cameraOff, update]);

  const leave = useCallback(async () => {
    await refs.current.socket?.leave().catch(() => {});
    end("left");
  }, [end]);

  const finish = useCallback(async () => {
    await refs.current.socket?.finish();
    end("finished");
  }, [end]);

  return { state, toggleCamera, toggleMicrophone, switchCamera, leave, finish };
}
