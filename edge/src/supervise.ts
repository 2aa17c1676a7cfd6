/**
 * `npm start`'s supervisor: runs the edge (`edge/src/main.ts`, which starts Janus and the emulators it needs)
 * and starts it again when it dies, with back-off: 1 s after a crash, doubling up to 30 s while it keeps
 * crashing, back to 1 s once a run lasted a minute. Each crash is logged (exit code or signal, how long it
 * ran, when the next start is). The edge runs in a process group of its own, so what a crashed edge left
 * running (its Janus) is ended with it. SIGINT and SIGTERM are passed on; the supervisor exits once the edge
 * has shut down. In production a service manager does this job (edge/deploy/dpc-edge.service,
 * edge/docs/deploy.md).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createLogger, type Logger } from "./platform/log.ts";

export const FIRST_DELAY_MS = 1_000;
export const MAX_DELAY_MS = 30_000;
/** A run this long counts as healthy: the next crash starts the back-off again. */
export const HEALTHY_RUN_MS = 60_000;

/** The wait before the next start, given the last wait and how long the last run lasted. */
export function nextDelay(lastDelayMs: number | null, ranMs: number): number {
  if (lastDelayMs === null || ranMs >= HEALTHY_RUN_MS) return FIRST_DELAY_MS;
  return Math.min(lastDelayMs * 2, MAX_DELAY_MS);
}

export type SuperviseOptions = {
  /** The program and its arguments (default: this Deno running edge/src/main.ts). */
  command: string[];
  log: Logger;
  env?: Record<string, string>;
};

export function supervise({ command, log, env }: SuperviseOptions) {
  let child: ChildProcess | null = null;
  let stopping = false;
  let delay: number | null = null;
  let restartTimer: ReturnType<typeof setTimeout> | undefined;
  let resolveDone!: () => void;
  const done = new Promise<void>((resolve) => resolveDone = resolve);

  const killGroup = (pid: number, signal: NodeJS.Signals) => {
    try {
      process.kill(-pid, signal);
    } catch { /* the group is gone */ }
  };

  function start() {
    const startedAt = Date.now();
    const proc = spawn(command[0], command.slice(1), { stdio: "inherit", detached: true, env: { ...process.env, ...env } });
    child = proc;
    log.info("edge started", { pid: proc.pid });
    proc.on("exit", (code, signal) => {
      const pid = proc.pid!;
      child = null;
      // Whatever the edge started and left behind (a Janus child) goes with it.
      killGroup(pid, "SIGKILL");
      if (stopping) return resolveDone();
      const ranMs = Date.now() - startedAt;
      delay = nextDelay(delay, ranMs);
      log.error("edge exited; starting it again", { pid, code, signal, ranMs, restartInMs: delay });
      restartTimer = setTimeout(start, delay);
    });
  }

  start();
  return {
    /** The running edge's process id (tests kill it). */
    pid: () => child?.pid ?? null,
    /** Passes the signal on and resolves once the edge has exited; no restart follows. */
    stop(signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
      stopping = true;
      clearTimeout(restartTimer);
      if (child?.pid) killGroup(child.pid, signal);
      else resolveDone();
      return done;
    },
  };
}

if (import.meta.main) {
  const log = createLogger("info");
  const script = Deno.args[0] ?? new URL("./main.ts", import.meta.url).pathname;
  const supervisor = supervise({ command: [Deno.execPath(), "run", "--allow-all", script, ...Deno.args.slice(1)], log });
  const stop = async (signal: Deno.Signal) => {
    log.info("supervisor stopping", { signal });
    await supervisor.stop(signal as NodeJS.Signals);
    Deno.exit(0);
  };
  Deno.addSignalListener("SIGINT", () => void stop("SIGINT"));
  Deno.addSignalListener("SIGTERM", () => void stop("SIGTERM"));
}
