/**
 * Entry point: configuration, database (PGlite or PostgreSQL), migrations,
 * demo seed, then the API and the PWA on one origin over node:http, with
 * socket.io (live sync changes, chat events, presence, the video room's events) on the same
 * server, the collaborative notes' y-websocket endpoint, the job queue's workers (background work, the 15-minute consultation notices), and Janus for video visits when
 * its binary is there (or JANUS_URL's gateways).
 */
import { createServer } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { createApp } from "./app.ts";
import { composeDeps, resolveJwtSecret } from "./compose.ts";
import { loadConfig } from "./config.ts";
import { connectPostgres, startPglite } from "./db/connect.ts";
import { containDriverFaults } from "./db/faults.ts";
import { migrate } from "./db/migrate.ts";
import { createLogger } from "./platform/log.ts";
import { seedDemo } from "./seed/demo.ts";
import { createRealtime } from "./realtime/realtime.ts";
import { mountPwa } from "./static.ts";
import { startVideoGateway } from "./platform/video/start.ts";
import { createCollabServer } from "./domains/collab/server.ts";
import { startErx } from "./platform/erx/start.ts";
import { startFaxEmulator } from "../emulators/fax/emulator.ts";
import { createPhaxioFax } from "./platform/fax/phaxio.ts";
import { randomSecret } from "./access/tokens.ts";
import { startPayments, WEBHOOK_PATH } from "./platform/payments/start.ts";

const config = loadConfig(Deno.env.toObject());
const log = createLogger(config.LOG_LEVEL);
containDriverFaults(log);

const database = config.DATABASE_URL
  ? connectPostgres(config.DATABASE_URL)
  : await startPglite(`${config.DATA_DIR}/pgdata`);
log.info("database connected", { kind: database.kind, dataDir: database.kind === "pglite" ? config.DATA_DIR : undefined });

const applied = await migrate(database.sql);
if (applied.length) log.info("migrations applied", { applied });

const video = await startVideoGateway(config, log);
// E-prescribing: the vendor (ERX_BASE_URL) or the local emulator, whose callbacks reach this edge once it listens.
const erx = await startErx(config, log);
// Payments: Stripe with STRIPE_SECRET_KEY, else the local Stripe-API emulator (webhooks to this edge once it listens).
const payments = await startPayments(config, log);
// No fax vendor configured: the local Phaxio emulator (edge/emulators/fax) stands in, with per-start credentials.
const faxEmulator = config.PHAXIO_API_KEY ? null : await startFaxEmulator({
  apiKey: randomSecret(), apiSecret: randomSecret(), callbackToken: randomSecret(),
  inboundUrl: `${config.publicOrigin}/api/v1/webhooks/fax`, callbackDelayMs: 1500,
});
if (faxEmulator) log.info("fax: local Phaxio emulator (no PHAXIO_API_KEY)", { url: faxEmulator.url });
const deps = await composeDeps({
  config, database, log, jwtSecret: await resolveJwtSecret(config, log), video: video.gateway, erx: erx.erx,
  fax: faxEmulator ? createPhaxioFax({ baseUrl: faxEmulator.apiUrl, ...faxEmulator.credentials }) : undefined,
  faxEmulator, payments: payments.payments,
});
if (deps.demoMode) await seedDemo(deps);

const { app, services } = createApp(deps);
if (!(await mountPwa(app, config.STATIC_DIR))) {
  log.warn("PWA build not found: serving the API only. Run `npm run build`.", { staticDir: config.STATIC_DIR });
}

const server = createServer(getRequestListener(app.fetch));
const realtime = await createRealtime({ server, deps, uploads: services.chatFiles, video: services.video });
// Collaborative notes (Yjs over y-websocket) at /api/v1/collab/<noteId>, beside socket.io.
const collab = await createCollabServer({ server, deps: { ...deps, databaseKind: database.kind } });
// Background work (webhooks, retries, reminders, the consultation notices) on the job queue.
await deps.jobs.start();
server.listen(config.PORT, config.HOST, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  erx.setEdgeOrigin(`http://127.0.0.1:${port}`);
  log.info("listening", { url: `http://localhost:${port}`, api: `http://localhost:${port}/api/v1` });
  payments.emulator?.setWebhookUrl(`http://127.0.0.1:${port}${WEBHOOK_PATH}`);
});

const shutdown = async () => {
  log.info("shutting down");
  await deps.jobs.stop();
  await collab.close();
  await realtime.close();
  await services.chatExports.idle();
  await video.stop();
  await erx.stop();
  await faxEmulator?.close();
  await payments.emulator?.close();
  await database.close();
  Deno.exit(0);
};
Deno.addSignalListener("SIGINT", shutdown);
Deno.addSignalListener("SIGTERM", shutdown);
