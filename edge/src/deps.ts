/** Everything services need, created only by entry points (main.ts, tests) and passed in. */
import type { TokenService } from "./access/tokens.ts";
import type { Config } from "./config.ts";
import type { Sql } from "./db/connect.ts";
import type { AuditLog } from "./domains/audit/log.ts";
import type { BlobStore } from "./platform/blobs.ts";
import type { Clock } from "./platform/clock.ts";
import type { Logger } from "./platform/log.ts";
import type { Mailer } from "./platform/mailer.ts";
import type { Outbox } from "./platform/outbox.ts";
import type { PasswordHasher } from "./platform/passwords.ts";
import type { RateLimiter, RateRule } from "./platform/rate-limit.ts";
import type { Sms } from "./platform/sms.ts";
import type { ChangeFeed } from "./realtime/change-feed.ts";
import type { EventBus } from "./realtime/events.ts";
import type { VideoGateway } from "./platform/video/gateway.ts";
import type { Erx } from "./platform/erx/erx.ts";
import type { Fax } from "./platform/fax/fax.ts";
import type { JobQueue } from "./jobs/queue.ts";
import type { Payments } from "./platform/payments/payments.ts";

export type Limits = {
  loginFailuresPerAccount: RateRule;
  loginFailuresPerAddress: RateRule;
  smsPerAccount: RateRule;
  smsPerAddress: RateRule;
  smsCodeAttempts: number;
  passwordResetPerAddress: RateRule;
  contactUsPerAddress: RateRule;
  cspReportsPerAddress: RateRule;
};

export const DEFAULT_LIMITS: Limits = {
  loginFailuresPerAccount: { limit: 10, windowSeconds: 15 * 60 },
  loginFailuresPerAddress: { limit: 50, windowSeconds: 15 * 60 },
  smsPerAccount: { limit: 5, windowSeconds: 15 * 60 },
  smsPerAddress: { limit: 20, windowSeconds: 15 * 60 },
  smsCodeAttempts: 5,
  passwordResetPerAddress: { limit: 10, windowSeconds: 15 * 60 },
  contactUsPerAddress: { limit: 5, windowSeconds: 60 * 60 },
  cspReportsPerAddress: { limit: 60, windowSeconds: 60 },
};

export type Deps = {
  sql: Sql;
  config: Config;
  clock: Clock;
  log: Logger;
  tokens: TokenService;
  passwords: PasswordHasher;
  mailer: Mailer;
  sms: Sms;
  outbox: Outbox;
  rateLimiter: RateLimiter;
  blobs: BlobStore;
  audit: AuditLog;
  /** Committed sync changes, to every edge process (LISTEN/NOTIFY, or in-process on PGlite). */
  changes: ChangeFeed;
  /** Events for users' sockets (message:received, user:forceLogout…), to every edge process. */
  events: EventBus;
  limits: Limits;
  /** The media gateway(s) of video visits (Janus), or `noVideo`. */
  video: VideoGateway;
  /** The e-prescribing vendor (DoseSpot API, or its local emulator), or `unconfiguredErx`. */
  erx: Erx;
  /** Faxes (Phaxio's API, or its local emulator). */
  fax: Fax;
  /** The local fax emulator when `npm start` runs one: the demo's "send a fax in". */
  faxEmulator: { receive(input: { from?: string; to?: string; times?: number }): Promise<unknown> } | null;
  /** The one durable job queue (PostgreSQL): background work of every domain. */
  jobs: JobQueue;
  /** The card processor (the stripe SDK, on Stripe or on the emulator). */
  payments: Payments;
  /** The demo seed is active: the dev outbox endpoint answers. */
  demoMode: boolean;
};

/** Facts about the caller's connection that services record. */
export type RequestMeta = { address: string | null; device: string };
