/** A real Janus for tests, when Debian's package is installed: a child process on a free loopback port. */
import { findJanusBinary, freePort, JANUS_INSTALL_HINT, startJanus } from "../platform/video/janus-process.ts";
import { createJanusGateway } from "../platform/video/janus-gateway.ts";
import type { VideoGateway } from "../platform/video/gateway.ts";
import { silentLogger } from "../platform/log.ts";

export type TestJanus = { gateway: VideoGateway; url: string; tokenSecret: string; adminKey: string; stop(): Promise<void> };

/** Null (with a note) when the binary is missing; CI installs it (.ci/run). */
export async function startTestJanus(): Promise<TestJanus | null> {
  const bin = await findJanusBinary(Deno.env.get("JANUS_BIN") ?? "janus");
  if (!bin) {
    console.error(`note: no janus binary: tests that need a real gateway are skipped. ${JANUS_INSTALL_HINT}`);
    return null;
  }
  const tokenSecret = `test-token-secret-${crypto.randomUUID()}`;
  const adminKey = `test-admin-key-${crypto.randomUUID()}`;
  const janus = await startJanus({
    bin,
    log: silentLogger,
    settings: {
      httpAddress: "127.0.0.1", httpPort: freePort("127.0.0.1"), tokenSecret, adminKey,
      rtpPortRange: "41000-41099", stun: null, iceEnforceList: null, nat11: null, debugLevel: 2,
    },
  });
  return { gateway: createJanusGateway({ urls: [janus.url], tokenSecret, adminKey }), url: janus.url, tokenSecret, adminKey, stop: janus.stop };
}
