/**
 * The `video` dependency over Janus's HTTP API, one or several gateways.
 * Each operation opens a short session with the edge's own signed token,
 * attaches the VideoRoom plugin, sends its request and destroys the session:
 * nothing to keep alive, and any edge process can do any operation.
 */
import { GatewayError, type GatewayPass, type GatewayRoom, type VideoGateway } from "./gateway.ts";
import { gatewayToken, roomToken, VIDEOROOM_PLUGIN } from "./janus-tokens.ts";

export type JanusGatewayOptions = {
  /** Janus API URLs (`http://127.0.0.1:8088/janus`), one per gateway. */
  urls: string[];
  tokenSecret: string;
  adminKey: string;
  timeoutMs?: number;
};

type JanusReply = {
  janus: string;
  data?: { id?: number };
  error?: { code: number; reason: string };
  plugindata?: { plugin: string; data: Record<string, unknown> & { error_code?: number; error?: string } };
};

/** VideoRoom's "no such room" and "room exists" codes. */
const NO_SUCH_ROOM = 426;
const ROOM_EXISTS = 427;
const NO_SUCH_FEED = 428;

export function createJanusGateway(o: JanusGatewayOptions): VideoGateway {
  const timeoutMs = o.timeoutMs ?? 5000;
  const transaction = () => crypto.randomUUID();
  const edgeToken = () => gatewayToken(o.tokenSecret, new Date(Date.now() + 60_000));

  async function post(url: string, body: Record<string, unknown>): Promise<JanusReply> {
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...body, transaction: transaction(), token: await edgeToken() }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!res.ok) throw new GatewayError(`janus answered HTTP ${res.status}`);
    const reply = await res.json() as JanusReply;
    if (reply.janus === "error") throw new GatewayError(reply.error?.reason ?? "janus error", reply.error?.code ?? null);
    return reply;
  }

  /** One VideoRoom request in a session of its own; answers the plugin's data. */
  async function videoroom(gateway: number, body: Record<string, unknown>) {
    const base = o.urls[gateway];
    if (!base) throw new GatewayError(`no gateway ${gateway}`);
    const session = (await post(base, { janus: "create" })).data?.id;
    if (!session) throw new GatewayError("janus gave no session");
    try {
      const handle = (await post(`${base}/${session}`, { janus: "attach", plugin: VIDEOROOM_PLUGIN })).data?.id;
      const reply = await post(`${base}/${session}/${handle}`, { janus: "message", body });
      const data = reply.plugindata?.data;
      if (!data) throw new GatewayError("janus gave no plugin answer");
      if (data.error_code) throw new GatewayError(String(data.error ?? "videoroom error"), data.error_code);
      return data;
    } finally {
      await post(`${base}/${session}`, { janus: "destroy" }).catch(() => {});
    }
  }

  return {
    available: o.urls.length > 0,
    count: o.urls.length,

    async createRoom(room: GatewayRoom, { description }) {
      try {
        await videoroom(room.gateway, {
          request: "create",
          room: room.roomId,
          admin_key: o.adminKey,
          secret: room.secret,
          description: description.slice(0, 100),
          is_private: true,
          // Joining needs a token naming this room, signed by the edge.
          signed_tokens: true,
          // A subscriber must show the private id of a publisher of the room.
          require_pvtid: true,
          publishers: 2,
          bitrate: 1_024_000,
          fir_freq: 10,
          notify_joining: true,
          permanent: false,
        });
      } catch (e) {
        if (e instanceof GatewayError && e.code === ROOM_EXISTS) return;
        throw e;
      }
    },

    async roomExists(room) {
      const data = await videoroom(room.gateway, { request: "exists", room: room.roomId });
      return data.exists === true;
    },

    async destroyRoom(room) {
      try {
        await videoroom(room.gateway, { request: "destroy", room: room.roomId, secret: room.secret, permanent: false });
      } catch (e) {
        if (e instanceof GatewayError && e.code === NO_SUCH_ROOM) return;
        throw e;
      }
    },

    async kick(room, participantId) {
      try {
        await videoroom(room.gateway, { request: "kick", room: room.roomId, secret: room.secret, id: participantId });
      } catch (e) {
        if (e instanceof GatewayError && (e.code === NO_SUCH_ROOM || e.code === NO_SUCH_FEED)) return;
        throw e;
      }
    },

    async issuePass(room, validForMs): Promise<GatewayPass> {
      const expiresAt = new Date(Date.now() + validForMs);
      return {
        token: await gatewayToken(o.tokenSecret, expiresAt),
        roomToken: await roomToken(o.tokenSecret, room.roomId, expiresAt),
      };
    },

    upstream: (gateway) => o.urls[gateway] ?? null,
  };
}
