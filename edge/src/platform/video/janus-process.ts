/**
 * Runs Janus as a child of the edge (`npm start` on a machine with Debian's
 * `janus` package): writes its configuration into a private folder, starts it,
 * waits until its API answers, forwards its warnings and errors to our log.
 */
import type { Logger } from "../log.ts";
import { findJanusLibDir, type JanusSettings, writeJanusConfig } from "./janus-config.ts";

export type JanusProcess = {
  /** The Janus API URL for the edge (`http://127.0.0.1:<port>/janus`). */
  url: string;
  stop(): Promise<void>;
};

export const JANUS_INSTALL_HINT = "Install Debian's janus package (apt-get install janus), set JANUS_BIN to its binary, " +
  "or point JANUS_URL at a running gateway.";

/** The binary if it can be run: an absolute path, or a name found on PATH. */
export async function findJanusBinary(bin: string): Promise<string | null> {
  const candidates = bin.includes("/") ? [bin] : (Deno.env.get("PATH") ?? "/usr/bin:/usr/sbin").split(":").map((d) => `${d}/${bin}`);
  for (const path of candidates) {
    const info = await Deno.stat(path).catch(() => null);
    if (info?.isFile && (info.mode ?? 0o111) & 0o111) return path;
  }
  return null;
}

/** A port nobody listens on now, on that address. */
export function freePort(hostname: string): number {
  const listener = Deno.listen({ hostname, port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return port;
}

const hostFor = (address: string) => (address.includes(":") ? `[${address}]` : address);

export async function startJanus(o: {
  bin: string;
  settings: Omit<JanusSettings, "libDir">;
  log: Logger;
  timeoutMs?: number;
}): Promise<JanusProcess> {
  const libDir = await findJanusLibDir(o.bin);
  if (!libDir) throw new Error(`janus modules (libjanus_videoroom.so) not found beside ${o.bin}`);
  const folder = await Deno.makeTempDir({ prefix: "janus-" });
  const configFile = await writeJanusConfig(folder, { ...o.settings, libDir });
  // Janus runs under a small guard that ends it when our end of its stdin closes: on stop(),
  // and also when this process dies without stopping it (SIGKILL, a crash), so no Janus is orphaned.
  const guard = 'exec 3<&0; "$@" </dev/null & pid=$!; trap \'kill -KILL "$pid" 2>/dev/null\' TERM; ' +
    '{ cat <&3; kill -TERM "$pid"; } >/dev/null 2>&1 & wait "$pid"';
  const child = new Deno.Command("bash", {
    args: ["-c", guard, "janus-guard", o.bin, "-C", configFile, "-F", folder, "-o"],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const lifeline = child.stdin.getWriter();
  let exited = false;
  const status = child.status.then((s) => {
    exited = true;
    return s;
  });

  // Janus logs plain lines; keep the last ones to explain a failed start.
  const recent: string[] = [];
  const forward = async (stream: ReadableStream<Uint8Array<ArrayBuffer>>) => {
    let buffered = "";
    for await (const chunk of stream.pipeThrough(new TextDecoderStream())) {
      buffered += chunk;
      const lines = buffered.split("\n");
      buffered = lines.pop() ?? "";
      for (const line of lines) {
        if (!line.trim()) continue;
        recent.push(line);
        if (recent.length > 20) recent.shift();
        if (/\[ERR\]|FATAL/.test(line)) o.log.error("janus", { line: line.slice(0, 500) });
        else if (/\[WARN\]/.test(line) && !/has been disabled/.test(line)) o.log.warn("janus", { line: line.slice(0, 500) });
        else o.log.debug("janus", { line: line.slice(0, 500) });
      }
    }
  };
  void forward(child.stdout).catch(() => {});
  void forward(child.stderr).catch(() => {});

  const url = `http://${hostFor(o.settings.httpAddress)}:${o.settings.httpPort}/janus`;
  const stop = async () => {
    await lifeline.close().catch(() => {});
    if (!exited) {
      // Janus did not end on its own: the guard kills it hard.
      const killer = setTimeout(() => {
        try {
          child.kill("SIGTERM");
        } catch { /* gone */ }
      }, 3000);
      await status;
      clearTimeout(killer);
    }
    await Deno.remove(folder, { recursive: true }).catch(() => {});
  };

  // `info` needs no token: it answers once the HTTP transport is up.
  const deadline = Date.now() + (o.timeoutMs ?? 15_000);
  while (true) {
    if (exited) {
      await stop();
      throw new Error(`janus exited at start: ${recent.slice(-5).join(" | ")}`);
    }
    const ok = await fetch(`${url}/info`, { signal: AbortSignal.timeout(1000) }).then((r) => r.body?.cancel().then(() => r.ok), () => false);
    if (ok) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`janus did not answer at ${url} in time: ${recent.slice(-5).join(" | ")}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  o.log.info("janus started", { url, rtpPortRange: o.settings.rtpPortRange });
  return { url, stop };
}
