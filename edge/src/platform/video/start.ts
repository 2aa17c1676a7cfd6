/**
 * Which video gateway this edge process uses, decided at start (entry points only):
 * JANUS_URL's gateways; else a Janus child process when the binary is there
 * (secrets made for this run); else none, with a log line saying how to get it.
 */
import type { Config } from "../../config.ts";
import type { Logger } from "../log.ts";
import { noVideo, type VideoGateway } from "./gateway.ts";
import { createJanusGateway } from "./janus-gateway.ts";
import { findJanusBinary, freePort, JANUS_INSTALL_HINT, startJanus } from "./janus-process.ts";

const randomKey = () => Array.from(crypto.getRandomValues(new Uint8Array(24)), (b) => b.toString(16).padStart(2, "0")).join("");

/** Janus's own STUN server: the first of STUN_URLS, as host and port. */
export function janusStun(urls: string[] | undefined): { host: string; port: number } | null {
  const first = urls?.find((u) => u.startsWith("stun:"));
  const match = first && /^stun:([^:?]+)(?::(\d+))?/.exec(first);
  return match ? { host: match[1], port: Number(match[2] ?? 3478) } : null;
}

export async function startVideoGateway(config: Config, log: Logger): Promise<{ gateway: VideoGateway; stop(): Promise<void> }> {
  const none = { gateway: noVideo, stop: () => Promise.resolve() };
  if (config.VIDEO_GATEWAY === "off") return none;
  if (config.JANUS_URL) {
    log.info("video through external gateways", { gateways: config.JANUS_URL.length });
    return {
      gateway: createJanusGateway({ urls: config.JANUS_URL, tokenSecret: config.JANUS_TOKEN_SECRET!, adminKey: config.JANUS_ADMIN_KEY! }),
      stop: () => Promise.resolve(),
    };
  }
  const bin = await findJanusBinary(config.JANUS_BIN);
  if (!bin) {
    log.warn(`video visits are off: the janus binary (${config.JANUS_BIN}) was not found. ${JANUS_INSTALL_HINT}`);
    return none;
  }
  const tokenSecret = config.JANUS_TOKEN_SECRET ?? randomKey();
  const adminKey = config.JANUS_ADMIN_KEY ?? randomKey();
  try {
    const janus = await startJanus({
      bin,
      log,
      settings: {
        httpAddress: config.JANUS_ADDRESS,
        httpPort: config.JANUS_HTTP_PORT || freePort(config.JANUS_ADDRESS),
        tokenSecret,
        adminKey,
        rtpPortRange: config.RTP_PORT_RANGE,
        stun: janusStun(config.STUN_URLS),
        iceEnforceList: config.JANUS_ICE_ENFORCE_LIST ?? null,
        nat11: config.JANUS_NAT_1_1_MAPPING ?? null,
        debugLevel: config.LOG_LEVEL === "debug" ? 4 : 3,
      },
    });
    return { gateway: createJanusGateway({ urls: [janus.url], tokenSecret, adminKey }), stop: janus.stop };
  } catch (e) {
    log.error("video visits are off: janus did not start", { error: e instanceof Error ? e.message.slice(0, 500) : String(e) });
    return none;
  }
}
