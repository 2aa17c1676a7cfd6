/**
 * Janus's configuration, rendered from the templates in `edge/janus/` into a
 * folder of its own at every start: ports, addresses and secrets come from our
 * configuration. Everything in Janus's module folders except the VideoRoom
 * plugin and the HTTP transport is listed under `disable`, so a package that
 * adds modules never widens what runs.
 */
const TEMPLATES = new URL("../../../janus/", import.meta.url);
const KEEP = new Set(["libjanus_videoroom.so", "libjanus_http.so"]);

export type JanusSettings = {
  /** Janus's module folders (plugins/, transports/, events/, loggers/). */
  libDir: string;
  httpAddress: string;
  httpPort: number;
  tokenSecret: string;
  adminKey: string;
  /** "min-max". */
  rtpPortRange: string;
  /** Janus's own STUN server (for its server-reflexive candidates); none = no look-ups. */
  stun: { host: string; port: number } | null;
  /** Only these interfaces or addresses for ICE (Janus's ice_enforce_list). */
  iceEnforceList: string | null;
  /** Public address(es) of a 1:1 NAT (Janus's nat_1_1_mapping). */
  nat11: string | null;
  debugLevel: number;
};

/** Where Debian (and a build under /opt/janus) keeps Janus's modules. */
export async function findJanusLibDir(bin: string): Promise<string | null> {
  const resolved = await Deno.realPath(bin).catch(() => bin);
  const prefix = resolved.replace(/\/bin\/[^/]+$/, "");
  const candidates = [
    `${prefix}/lib/x86_64-linux-gnu/janus`,
    `${prefix}/lib/aarch64-linux-gnu/janus`,
    `${prefix}/lib/janus`,
    "/usr/lib/x86_64-linux-gnu/janus",
    "/usr/lib/aarch64-linux-gnu/janus",
    "/usr/lib/janus",
  ];
  for (const dir of candidates) {
    if (await Deno.stat(`${dir}/plugins/libjanus_videoroom.so`).then(() => true, () => false)) return dir;
  }
  return null;
}

async function modulesToDisable(dir: string): Promise<string> {
  const names: string[] = [];
  try {
    for await (const entry of Deno.readDir(dir)) {
      if (entry.name.endsWith(".so") && !KEEP.has(entry.name)) names.push(entry.name);
    }
  } catch { /* a missing folder has nothing to load */ }
  return names.sort().join(",");
}

const quoted = (value: string) => value.replaceAll("\\", "\\\\").replaceAll('"', '\\"');

function render(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{([A-Z0-9_]+)\}\}/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`janus template: no value for ${name}`);
    return values[name];
  });
}

/** Writes janus.jcfg and the two module configurations into `folder`; returns the path of janus.jcfg. */
export async function writeJanusConfig(folder: string, s: JanusSettings): Promise<string> {
  const values: Record<string, string> = {
    CONFIGS_FOLDER: quoted(folder),
    PLUGINS_FOLDER: quoted(`${s.libDir}/plugins`),
    TRANSPORTS_FOLDER: quoted(`${s.libDir}/transports`),
    EVENTS_FOLDER: quoted(`${s.libDir}/events`),
    LOGGERS_FOLDER: quoted(`${s.libDir}/loggers`),
    DEBUG_LEVEL: String(s.debugLevel),
    TOKEN_SECRET: quoted(s.tokenSecret),
    RTP_PORT_RANGE: quoted(s.rtpPortRange),
    STUN: s.stun ? `\tstun_server = "${quoted(s.stun.host)}"\n\tstun_port = ${s.stun.port}` : "",
    ICE_ENFORCE: s.iceEnforceList ? `\tice_enforce_list = "${quoted(s.iceEnforceList)}"` : "",
    NAT_1_1: s.nat11 ? `\tnat_1_1_mapping = "${quoted(s.nat11)}"` : "",
    DISABLED_PLUGINS: await modulesToDisable(`${s.libDir}/plugins`),
    DISABLED_TRANSPORTS: await modulesToDisable(`${s.libDir}/transports`),
    DISABLED_LOGGERS: await modulesToDisable(`${s.libDir}/loggers`),
    DISABLED_EVENTS: await modulesToDisable(`${s.libDir}/events`),
    HTTP_PORT: String(s.httpPort),
    HTTP_ADDRESS: quoted(s.httpAddress),
    ADMIN_KEY: quoted(s.adminKey),
  };
  await Deno.mkdir(folder, { recursive: true, mode: 0o700 });
  for (const name of ["janus.jcfg", "janus.transport.http.jcfg", "janus.plugin.videoroom.jcfg"]) {
    const template = await Deno.readTextFile(new URL(`${name}.template`, TEMPLATES));
    await Deno.writeTextFile(`${folder}/${name}`, render(template, values), { mode: 0o600 });
  }
  return `${folder}/janus.jcfg`;
}
