/** Creates the dependencies from configuration; used by main.ts and by tests. */
import type { Config } from "./config.ts";
import type { Database } from "./db/connect.ts";
import { DEFAULT_LIMITS, type Deps, type Limits } from "./deps.ts";
import { createTokenService, randomSecret } from "./access/tokens.ts";
import { createAuditLog } from "./domains/audit/repo.ts";
import { createBlobStore } from "./platform/blobs.ts";
import { type Clock, systemClock } from "./platform/clock.ts";
import type { Logger } from "./platform/log.ts";
import { createOutboxMailer, createSmtpMailer } from "./platform/mailer.ts";
import { createOutbox } from "./platform/outbox.ts";
import { argon2Hasher, type PasswordHasher } from "./platform/passwords.ts";
import { createRateLimiter } from "./platform/rate-limit.ts";
import { createOutboxSms } from "./platform/sms.ts";
import { createLocalChangeFeed, createPgChangeFeed } from "./realtime/change-feed.ts";
import { createLocalEventBus, createPgEventBus } from "./realtime/events.ts";
import { noVideo, type VideoGateway } from "./platform/video/gateway.ts";
import { createJanusGateway } from "./platform/video/janus-gateway.ts";
import { createJobQueue } from "./jobs/pg-queue.ts";
import type { Payments } from "./platform/payments/payments.ts";
import { paymentsFromConfig } from "./platform/payments/start.ts";

export async function composeDeps(opts: {
  config: Config;
  database: Database;
  log: Logger;
  jwtSecret: string;
  clock?: Clock;
  limits?: Limits;
  passwords?: PasswordHasher;
  /** A gateway started by the entry point (a child Janus); else JANUS_URL's, else none. */
  video?: VideoGateway;
  /** The processor started by the entry point (the SDK on the emulator); else STRIPE_SECRET_KEY's. */
  payments?: Payments;
}): Promise<Deps> {
  const { config, database, log } = opts;
  const sql = database.sql;
  const clock = opts.clock ?? systemClock;
  const outbox = createOutbox(sql);
  return {
    sql,
    config,
    clock,
    log,
    tokens: createTokenService(opts.jwtSecret, config.ACCESS_TOKEN_TTL_SECONDS, () => clock.now()),
    passwords: opts.passwords ?? argon2Hasher,
    mailer: config.SMTP_URL ? await createSmtpMailer(config.SMTP_URL, config.MAIL_FROM) : createOutboxMailer(outbox, log),
    sms: createOutboxSms(outbox, log),
    outbox,
    rateLimiter: createRateLimiter(sql, clock),
    blobs: createBlobStore(sql),
    audit: createAuditLog(sql),
    // PGlite serves one session: its NOTIFY cannot reach a LISTEN connection, so deliver in-process.
    changes: database.kind === "postgres" ? createPgChangeFeed(sql, log) : createLocalChangeFeed(),
    events: database.kind === "postgres" ? createPgEventBus(sql, log) : createLocalEventBus(),
    limits: opts.limits ?? DEFAULT_LIMITS,
    video: opts.video ?? (config.JANUS_URL && config.VIDEO_GATEWAY !== "off"
      ? createJanusGateway({ urls: config.JANUS_URL, tokenSecret: config.JANUS_TOKEN_SECRET!, adminKey: config.JANUS_ADMIN_KEY! })
      : noVideo),
    // Opens nothing until used: pg-boss's schema is made by the first send/drain or start().
    jobs: createJobQueue({ sql, log }),
    payments: opts.payments ?? paymentsFromConfig(config),
    demoMode: config.DEMO_SEED || !config.DATABASE_URL,
  };
}

/** JWT_SECRET, or a secret generated once and kept in DATA_DIR (mode 600). */
export async function resolveJwtSecret(config: Config, log: Logger): Promise<string> {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  const path = `${config.DATA_DIR}/jwt-secret`;
  try {
    return (await Deno.readTextFile(path)).trim();
  } catch {
    await Deno.mkdir(config.DATA_DIR, { recursive: true });
    const secret = randomSecret() + randomSecret();
    await Deno.writeTextFile(path, secret, { mode: 0o600 });
    log.warn("JWT_SECRET is not set: generated one in DATA_DIR. Set JWT_SECRET in production.");
    return secret;
  }
}
