/** Janus's generated configuration: only the VideoRoom plugin and the HTTP transport, signed tokens, no STUN unless asked. */
import assert from "node:assert/strict";
import { writeJanusConfig } from "./janus-config.ts";
import { janusStun } from "./start.ts";
import { startTestJanus } from "../../test/janus.ts";

const SETTINGS = {
  httpAddress: "127.0.0.1", httpPort: 8188, tokenSecret: "token-secret-0123456789", adminKey: "admin-key-0123456789",
  rtpPortRange: "20000-20099", stun: null, iceEnforceList: null, nat11: null, debugLevel: 3,
};

Deno.test("janus config: everything but VideoRoom and HTTP disabled, secrets and ports filled in, no STUN by default", async () => {
  const lib = await Deno.makeTempDir();
  const out = await Deno.makeTempDir();
  try {
    for (const [dir, names] of Object.entries({
      plugins: ["libjanus_videoroom.so", "libjanus_echotest.so", "libjanus_streaming.so", "libjanus_sip.so.1"],
      transports: ["libjanus_http.so", "libjanus_websockets.so", "libjanus_pfunix.so"],
      events: ["libjanus_sampleevh.so"],
      loggers: ["libjanus_jsonlog.so"],
    })) {
      await Deno.mkdir(`${lib}/${dir}`);
      for (const name of names) await Deno.writeTextFile(`${lib}/${dir}/${name}`, "");
    }
    const main = await Deno.readTextFile(await writeJanusConfig(out, { ...SETTINGS, libDir: lib }));
    assert.match(main, /plugins: \{\s*disable = "libjanus_echotest\.so,libjanus_streaming\.so"/);
    assert.match(main, /transports: \{\s*disable = "libjanus_pfunix\.so,libjanus_websockets\.so"/);
    assert.match(main, /disable = "libjanus_sampleevh\.so"/);
    assert.match(main, /token_auth = true\s+token_auth_secret = "token-secret-0123456789"/);
    assert.match(main, /rtp_port_range = "20000-20099"/);
    assert.doesNotMatch(main, /stun_server/);
    const http = await Deno.readTextFile(`${out}/janus.transport.http.jcfg`);
    assert.match(http, /port = 8188\s+ip = "127\.0\.0\.1"/);
    assert.match(http, /admin_http = false/);
    assert.match(await Deno.readTextFile(`${out}/janus.plugin.videoroom.jcfg`), /admin_key = "admin-key-0123456789"/);
    const withStun = await Deno.readTextFile(
      await writeJanusConfig(out, { ...SETTINGS, libDir: lib, stun: janusStun(["stun:stun.example.test:3479"]), iceEnforceList: "veth" }),
    );
    assert.match(withStun, /stun_server = "stun\.example\.test"\s+stun_port = 3479/);
    assert.match(withStun, /ice_enforce_list = "veth"/);
  } finally {
    await Deno.remove(lib, { recursive: true });
    await Deno.remove(out, { recursive: true });
  }
});

Deno.test({ name: "a real Janus with that configuration loads the VideoRoom plugin and the HTTP transport only", sanitizeResources: false, sanitizeOps: false }, async () => {
  const janus = await startTestJanus();
  if (!janus) return;
  try {
    const info = await (await fetch(`${janus.url}/info`)).json();
    assert.deepEqual(Object.keys(info.plugins), ["janus.plugin.videoroom"]);
    assert.deepEqual(Object.keys(info.transports), ["janus.transport.http"]);
    assert.deepEqual([info.auth_token, info.api_secret, info.event_handlers], [true, false, false]);
  } finally {
    await janus.stop();
  }
});
