/**
 * The one module that speaks to Janus (npm `janus-gateway`, with
 * `webrtc-adapter` passed in). A room connection publishes the local tracks
 * into the consultation's VideoRoom and subscribes to the other party's feed;
 * it restarts ICE when the connection drops for a moment, and reports what it
 * sees through callbacks. Everything else in the PWA sees only `RoomConnection`.
 */
import Janus, { type JanusJS } from "janus-gateway";
import adapter from "webrtc-adapter";
import type { JoinPass } from "../../../../../sync/schemas/video.ts";

export type RoomEvents = {
  /** The other party's media (a new stream object whenever its tracks change), or null when they left. */
  onRemoteStream(stream: MediaStream | null): void;
  /** Our publisher is connected (ICE and DTLS up), or not. */
  onConnection(state: "connecting" | "connected" | "reconnecting"): void;
  /**
   * The room is over for this connection: `kicked` (another device took our place), `closed`
   * (the room was destroyed: finished), `refused` (the gateway said no), `lost` (the session or
   * the gateway is gone: joining again may work).
   */
  onFatal(message: string, kind: EndKind): void;
};

export type EndKind = "kicked" | "closed" | "refused" | "lost";

export type RoomConnection = {
  /** Replaces the outgoing video track (switching cameras) without renegotiating the room. */
  replaceVideo(track: MediaStreamTrack): Promise<void>;
  close(): void;
};

/** How long a connection may stay "disconnected" before ICE is restarted. */
const ICE_RESTART_AFTER_MS = 1500;

let initialised: Promise<void> | null = null;
function init(): Promise<void> {
  initialised ??= new Promise((resolve) => {
    Janus.init({ debug: false, dependencies: Janus.useDefaultDependencies({ adapter }), callback: () => resolve() });
  });
  return initialised;
}

export const isWebRtcSupported = () =>
  typeof RTCPeerConnection !== "undefined" && !!globalThis.navigator?.mediaDevices?.getUserMedia;

type Msg = JanusJS.Message;

export async function connectRoom(o: { pass: JoinPass; local: MediaStream | null; origin?: string; events: RoomEvents }): Promise<RoomConnection> {
  await init();
  const { pass, events } = o;
  const origin = o.origin ?? globalThis.location.origin;
  let closed = false;
  let janus: JanusJS.Janus | null = null;
  let publisher: JanusJS.PluginHandle | null = null;
  let subscriber: JanusJS.PluginHandle | null = null;
  let subscribedFeed: number | null = null;
  let privateId: number | null = null;
  const remote = new Map<string, MediaStreamTrack>();
  const restartTimers = new Map<string, ReturnType<typeof setTimeout>>();

  const publishRemote = () => {
    const tracks = [...remote.values()].filter((t) => t.readyState === "live");
    events.onRemoteStream(tracks.length ? new MediaStream(tracks) : null);
  };

  let failed = false;
  const fatal = (message: string, kind: EndKind) => {
    if (closed || failed) return;
    failed = true;
    events.onFatal(message, kind);
  };

  /** A dropped connection that does not come back by itself gets new ICE credentials (01 §2: recover without leaving). */
  const watchIce = (name: string, restart: () => void) => (state: string) => {
    clearTimeout(restartTimers.get(name));
    if (name === "publisher") events.onConnection(state === "connected" ? "connected" : "reconnecting");
    if (state === "disconnected" || state === "failed") {
      restartTimers.set(name, setTimeout(() => !closed && restart(), state === "failed" ? 0 : ICE_RESTART_AFTER_MS));
    }
  };

  const publish = (iceRestart = false) => {
    if (!publisher || !o.local) return;
    const tracks: JanusJS.TrackOption[] | undefined = iceRestart ? undefined : o.local.getTracks().map((track) => ({
      type: track.kind as "audio" | "video",
      capture: track,
      recv: false,
    }));
    publisher.createOffer({
      tracks,
      iceRestart,
      success: (jsep: JanusJS.JSEP) => publisher?.send({ message: { request: "configure", audio: true, video: true }, jsep }),
      error: (e: Error) => fatal(`Could not start sending: ${e.message ?? e}`, "lost"),
    });
  };

  const subscribe = (feed: number) => {
    if (!janus || subscribedFeed === feed) return;
    subscriber?.detach();
    subscribedFeed = feed;
    remote.clear();
    janus.attach({
      plugin: "janus.plugin.videoroom",
      success: (handle: JanusJS.PluginHandle) => {
        subscriber = handle;
        handle.send({
          message: { request: "join", ptype: "subscriber", room: pass.roomId, streams: [{ feed }], private_id: privateId, token: pass.roomToken },
        });
      },
      error: (e: string) => fatal(`Could not receive the other party: ${e}`, "lost"),
      iceState: watchIce("subscriber", () => subscriber?.send({ message: { request: "configure", restart: true } })),
      onmessage: (msg: Msg, jsep?: JanusJS.JSEP) => {
        if (msg.error) return fatal(msg.error, msg.error_code === 433 ? "refused" : "lost");
        if (jsep && subscriber) {
          const handle = subscriber;
          handle.createAnswer({
            jsep,
            tracks: [],
            success: (answer: JanusJS.JSEP) => handle.send({ message: { request: "start", room: pass.roomId }, jsep: answer }),
            error: (e: string) => fatal(`Could not receive the other party: ${e}`, "lost"),
          });
        }
      },
      onremotetrack: (track: MediaStreamTrack, mid: string, on: boolean) => {
        if (on) remote.set(mid, track);
        else remote.delete(mid);
        publishRemote();
      },
      oncleanup: () => {
        remote.clear();
        publishRemote();
      },
    } as JanusJS.PluginOptions);
  };

  const unsubscribe = (feed: number) => {
    if (subscribedFeed !== feed) return;
    subscribedFeed = null;
    subscriber?.detach();
    subscriber = null;
    remote.clear();
    publishRemote();
  };

  const seePublishers = (list: unknown) => {
    const others = Array.isArray(list) ? (list as { id: number }[]).filter((p) => p.id !== pass.participantId) : [];
    if (others[0]) subscribe(others[0].id);
  };

  await new Promise<void>((resolve, reject) => {
    janus = new Janus({
      server: `${origin}${pass.server}`,
      token: pass.token,
      iceServers: pass.iceServers as RTCIceServer[],
      destroyOnUnload: true,
      success: () => {
        janus!.attach({
          plugin: "janus.plugin.videoroom",
          success: (handle: JanusJS.PluginHandle) => {
            publisher = handle;
            handle.send({
              message: {
                request: "join", ptype: "publisher", room: pass.roomId, id: pass.participantId, display: pass.display, token: pass.roomToken,
              },
            });
          },
          error: (e: string) => reject(new Error(e)),
          iceState: watchIce("publisher", () => publish(true)),
          webrtcState: (up: boolean) => events.onConnection(up ? "connected" : "reconnecting"),
          onmessage: (msg: Msg, jsep?: JanusJS.JSEP) => {
            if (msg.error) {
              reject(Object.assign(new Error(msg.error), { code: msg.error_code }));
              return fatal(msg.error, msg.error_code === 433 ? "refused" : "lost");
            }
            if (msg.videoroom === "joined") {
              privateId = msg.private_id ?? null;
              events.onConnection("connecting");
              publish();
              seePublishers(msg.publishers);
              resolve();
            } else if (msg.videoroom === "event") {
              if (msg.publishers) seePublishers(msg.publishers);
              const gone = msg.unpublished ?? msg.leaving;
              if (gone === "ok") fatal("You joined this consultation elsewhere", msg.reason === "kicked" ? "kicked" : "closed");
              else if (typeof gone === "number") unsubscribe(gone);
            } else if (msg.videoroom === "destroyed") {
              fatal("The room was closed", "closed");
            } else if (msg.videoroom === "talking" || msg.videoroom === "stopped-talking") { /* not shown */ }
            if (jsep) publisher?.handleRemoteJsep({ jsep });
          },
          oncleanup: () => {},
        } as JanusJS.PluginOptions);
      },
      error: (e: unknown) => {
        const message = typeof e === "string" ? e : "The video service is unreachable";
        reject(new Error(message));
        fatal(message, "lost");
      },
    });
  });

  return {
    async replaceVideo(track) {
      if (!publisher) return;
      const mid = publisher.getLocalTracks().find((t) => t.type === "video")?.mid;
      await new Promise<void>((resolve, reject) =>
        publisher!.replaceTracks({
          tracks: [{ type: "video", mid, capture: track, replace: true }],
          success: () => resolve(),
          error: (e: string) => reject(new Error(e)),
        })
      );
    },
    close() {
      if (closed) return;
      closed = true;
      for (const t of restartTimers.values()) clearTimeout(t);
      try {
        publisher?.send({ message: { request: "leave" } });
      } catch { /* the session may be gone already */ }
      janus?.destroy({ cleanupHandles: true, notifyDestroyed: false });
      remote.clear();
    },
  };
}
