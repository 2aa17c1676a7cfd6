/**
 * Starts a real edge process (`edge/src/main.ts`) on a database, on a free loopback port.
 * `databaseUrl: null`: its embedded PGlite in a temporary DATA_DIR, with the demo practice seeded.
 */
const MAIN = new URL("../main.ts", import.meta.url).pathname;

export type EdgeProcess = {
  url: string;
  stop(): Promise<void>;
  /** Ends the process at once (SIGKILL): no shutdown runs, as when a machine dies. */
  kill(): Promise<void>;
};

export async function startEdgeProcess(
  opts: { databaseUrl: string | null; jwtSecret: string; timeoutMs?: number; env?: Record<string, string> },
): Promise<EdgeProcess> {
  const dataDir = await Deno.makeTempDir({ prefix: "edge-" });
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-all", MAIN],
    env: {
      ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}), JWT_SECRET: opts.jwtSecret, PORT: "0", HOST: "127.0.0.1",
      DATA_DIR: dataDir, STATIC_DIR: `${dataDir}/no-pwa`, LOG_LEVEL: "info", DEMO_SEED: "false",
      // No Janus child unless a test asks: a killed edge (SIGKILL) would leave it running.
      VIDEO_GATEWAY: "off",
      ...opts.env,
    },
    stdin: "null",
    stdout: "piped",
    stderr: "inherit",
  }).spawn();

  const stop = async () => {
    try {
      child.kill("SIGTERM");
    } catch { /* already gone */ }
    const killer = setTimeout(() => {
      try {
        child.kill("SIGKILL");
      } catch { /* gone */ }
    }, 5000);
    await child.status;
    clearTimeout(killer);
    await Deno.remove(dataDir, { recursive: true }).catch(() => {});
  };

  const kill = async () => {
    try {
      child.kill("SIGKILL");
    } catch { /* already gone */ }
    await child.status;
    await Deno.remove(dataDir, { recursive: true }).catch(() => {});
  };

  // The process logs JSON lines; "listening" carries the URL with the port it got.
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  const deadline = setTimeout(() => reader.cancel("timeout"), opts.timeoutMs ?? 30_000);
  let buffered = "";
  try {
    while (true) {
      const { value, done } = await reader.read();
      if (done) throw new Error("the edge process ended before listening");
      buffered += value;
      for (const line of buffered.split("\n").slice(0, -1)) {
        const entry = (() => {
          try {
            return JSON.parse(line);
          } catch {
            return null;
          }
        })();
        if (entry?.message === "listening") {
          clearTimeout(deadline);
          // Keep draining stdout so the process never blocks on a full pipe.
          (async () => {
            while (!(await reader.read().catch(() => ({ done: true }))).done) { /* discard */ }
          })();
          return { url: (entry.url as string).replace("localhost", "127.0.0.1"), stop, kill };
        }
      }
      buffered = buffered.slice(buffered.lastIndexOf("\n") + 1);
    }
  } catch (e) {
    clearTimeout(deadline);
    await stop();
    throw e;
  }
}
