/**
 * The video browser test (`npm run test:video`, run by run.sh inside a network
 * namespace): the built PWA and the edge with its Janus child, two Chromium
 * contexts with fake camera and microphone. Janus offers no loopback
 * candidates, so media flows over the namespace's veth pair (10.200.0.1/.2),
 * never over the host's interfaces.
 */
import { defineConfig } from "@playwright/test";
import { tmpdir } from "node:os";
import { join } from "node:path";

const PORT = Number(process.env.VIDEO_E2E_PORT ?? 8620);
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const dataDir = process.env.VIDEO_E2E_DATA_DIR;
if (!dataDir) throw new Error("VIDEO_E2E_DATA_DIR is not set: run the video test with `npm run test:video`.");

export default defineConfig({
  testDir: ".",
  testMatch: /.*\.video\.ts$/,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [["list"]],
  outputDir: join(tmpdir(), "dpc-video-e2e-results"),
  use: {
    baseURL: `http://localhost:${PORT}`,
    browserName: "chromium",
    permissions: ["camera", "microphone"],
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--use-fake-ui-for-media-stream",
        "--use-fake-device-for-media-stream",
        "--autoplay-policy=no-user-gesture-required",
      ],
    },
    trace: "off",
    screenshot: "only-on-failure",
  },
  webServer: {
    command: "./node_modules/.bin/deno run --allow-all edge/src/main.ts",
    cwd: "../../..",
    url: `http://localhost:${PORT}/api/v1/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      STATIC_DIR: "./pwa/dist",
      VIDEO_GATEWAY: "auto",
      JANUS_ICE_ENFORCE_LIST: process.env.JANUS_ICE_ENFORCE_LIST ?? "veth",
      RTP_PORT_RANGE: "42000-42199",
    },
  },
});
