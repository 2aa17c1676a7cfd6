/**
 * The one place that reads the environment. Parsed with zod at start-up;
 * a bad value stops the process with a message naming the variable.
 */
import { z } from "zod";

const bool = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

const list = (item: z.ZodString) =>
  z.string().transform((v) => v.split(",").map((s) => s.trim()).filter(Boolean)).pipe(z.array(item).min(1));
const urlList = list(z.string().regex(/^https?:\/\/\S+$/, "must be http(s) URLs"));
const iceUrlList = list(z.string().regex(/^(stuns?|turns?):\S+$/, "must be stun:, stuns:, turn: or turns: URLs"));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  HOST: z.string().default("0.0.0.0"),
  /** Public origin used in emailed links; defaults to http://localhost:PORT. */
  PUBLIC_ORIGIN: z.url().optional(),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default("./.data"),
  DEMO_SEED: bool,
  /** HMAC secret for access tokens; generated and kept in DATA_DIR when unset. */
  JWT_SECRET: z.string().min(32, "JWT_SECRET must be at least 32 characters").optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86400).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("DPC Telehealth <no-reply@localhost>"),
  /** Trust X-Forwarded-For for the client address (behind a reverse proxy). */
  TRUST_PROXY: bool,
  /** Tests and development: every success answer is checked against its route's declared result (http/answers.ts). */
  CHECK_ANSWERS: bool,
  STATIC_DIR: z.string().default("./pwa/dist"),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  /** Presence: an edge process that has not renewed its heartbeat for this long counts as gone. */
  PRESENCE_TTL_SECONDS: z.coerce.number().int().min(2).max(600).default(30),
  /** Video visits: `auto` = JANUS_URL when set, else a Janus child process when JANUS_BIN runs, else none; `off` = none. */
  VIDEO_GATEWAY: z.enum(["auto", "off"]).default("auto"),
  /** External Janus API URLs (`http://10.0.0.5:8088/janus`), comma-separated: several gateways serve one edge. */
  JANUS_URL: urlList.optional(),
  /** The janus binary started as a child when JANUS_URL is unset. */
  JANUS_BIN: z.string().min(1).default("janus"),
  /** Secret of Janus's signed tokens (token_auth_secret); generated per start for a child Janus. */
  JANUS_TOKEN_SECRET: z.string().min(16, "JANUS_TOKEN_SECRET must be at least 16 characters").optional(),
  /** VideoRoom admin_key: only its holder (the edge) creates rooms; generated per start for a child Janus. */
  JANUS_ADMIN_KEY: z.string().min(16, "JANUS_ADMIN_KEY must be at least 16 characters").optional(),
  /** Where a child Janus listens for its API (the edge proxies browsers to it). */
  JANUS_ADDRESS: z.string().min(1).default("127.0.0.1"),
  /** Its API port; 0 = a free one. */
  JANUS_HTTP_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** Only these interfaces or addresses for Janus's ICE candidates (comma-separated). */
  JANUS_ICE_ENFORCE_LIST: z.string().optional(),
  /** The public address of a 1:1 NAT in front of a child Janus. */
  JANUS_NAT_1_1_MAPPING: z.string().optional(),
  /** UDP ports a child Janus uses for media. */
  RTP_PORT_RANGE: z.string().regex(/^\d{1,5}-\d{1,5}$/, "RTP_PORT_RANGE must look like 20000-20999").default("20000-20999"),
  /** STUN servers for browsers (`stun:stun.example.org:3478`), comma-separated; the first is Janus's own too. */
  STUN_URLS: iceUrlList.optional(),
  /** TURN servers (`turn:turn.example.org:3478?transport=udp`), comma-separated, with TURN_SECRET. */
  TURN_URLS: iceUrlList.optional(),
  /** coturn's static-auth-secret: TURN credentials are made with the TURN REST scheme. */
  TURN_SECRET: z.string().min(8).optional(),
  /** How long a TURN credential lasts. */
  TURN_TTL_SECONDS: z.coerce.number().int().min(60).max(7 * 86400).default(86400),
  /** E-prescribing vendor (DoseSpot API v2): its base URL and the clinic's credentials; unset = the local emulator (npm start). */
  ERX_BASE_URL: z.string().regex(/^https?:\/\/\S+$/, "ERX_BASE_URL must be an http(s) URL").optional(),
  ERX_CLINIC_ID: z.string().min(1).optional(),
  ERX_CLINIC_KEY: z.string().min(1).optional(),
  ERX_USER_ID: z.string().min(1).optional(),
  ERX_SUBSCRIPTION_KEY: z.string().min(1).optional(),
  /** Secret of the vendor's signed status callbacks (POST /api/v1/erx/callbacks). */
  ERX_WEBHOOK_SECRET: z.string().min(16, "ERX_WEBHOOK_SECRET must be at least 16 characters").optional(),
  /** The emulator's delay before it reports a prescription's status. */
  ERX_EMULATOR_DELAY_MS: z.coerce.number().int().min(0).max(3_600_000).default(3000),
  /** Fax (Phaxio API v2.1): without PHAXIO_API_KEY, `npm start` runs the local emulator (edge/emulators/fax). */
  FAX_API_URL: z.string().regex(/^https?:\/\/\S+$/, "FAX_API_URL must be an http(s) URL").default("https://api.phaxio.com/v2.1"),
  PHAXIO_API_KEY: z.string().min(1).optional(),
  PHAXIO_API_SECRET: z.string().min(1).optional(),
  /** Phaxio's callback token: the key of its webhook signatures. */
  PHAXIO_CALLBACK_TOKEN: z.string().min(8).optional(),
  /** Payments (Stripe): unset = the edge starts its Stripe-API emulator (edge/emulators/stripe) and uses it. */
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_/, "STRIPE_SECRET_KEY must start with sk_ or rk_").optional(),
  /** The webhook endpoint's signing secret (whsec_…); required with STRIPE_SECRET_KEY. */
  STRIPE_WEBHOOK_SECRET: z.string().min(8).optional(),
  /** For the PWA's card entry (Stripe Elements); required with STRIPE_SECRET_KEY. */
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_/, "STRIPE_PUBLISHABLE_KEY must start with pk_").optional(),
  /** Another Stripe API origin (an emulator elsewhere); unset = api.stripe.com. */
  STRIPE_API_BASE: z.string().regex(/^https?:\/\/\S+$/, "STRIPE_API_BASE must be an http(s) URL").optional(),
}).superRefine((cfg, ctx) => {
  if (cfg.JANUS_URL && (!cfg.JANUS_TOKEN_SECRET || !cfg.JANUS_ADMIN_KEY)) {
    ctx.addIssue({ code: "custom", path: ["JANUS_URL"], message: "JANUS_URL needs JANUS_TOKEN_SECRET and JANUS_ADMIN_KEY (the gateway's token_auth_secret and VideoRoom admin_key)" });
  }
  if (cfg.TURN_URLS && !cfg.TURN_SECRET) {
    ctx.addIssue({ code: "custom", path: ["TURN_URLS"], message: "TURN_URLS needs TURN_SECRET" });
  }
  if (cfg.ERX_BASE_URL && !(cfg.ERX_CLINIC_ID && cfg.ERX_CLINIC_KEY && cfg.ERX_USER_ID && cfg.ERX_WEBHOOK_SECRET)) {
    ctx.addIssue({ code: "custom", path: ["ERX_BASE_URL"], message: "ERX_BASE_URL needs ERX_CLINIC_ID, ERX_CLINIC_KEY, ERX_USER_ID and ERX_WEBHOOK_SECRET" });
  }
  if (cfg.PHAXIO_API_KEY && (!cfg.PHAXIO_API_SECRET || !cfg.PHAXIO_CALLBACK_TOKEN)) {
    ctx.addIssue({ code: "custom", path: ["PHAXIO_API_KEY"], message: "PHAXIO_API_KEY needs PHAXIO_API_SECRET and PHAXIO_CALLBACK_TOKEN" });
  }
  if (cfg.STRIPE_SECRET_KEY && (!cfg.STRIPE_WEBHOOK_SECRET || !cfg.STRIPE_PUBLISHABLE_KEY)) {
    ctx.addIssue({ code: "custom", path: ["STRIPE_SECRET_KEY"], message: "STRIPE_SECRET_KEY needs STRIPE_WEBHOOK_SECRET and STRIPE_PUBLISHABLE_KEY" });
  }
  const [min, max] = cfg.RTP_PORT_RANGE.split("-").map(Number);
  if (!(min >= 1024 && max <= 65535 && min < max)) {
    ctx.addIssue({ code: "custom", path: ["RTP_PORT_RANGE"], message: "RTP_PORT_RANGE must be two ports from 1024 to 65535, the first lower" });
  }
});

export type Config = z.output<typeof envSchema> & { publicOrigin: string };

export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const cfg = parsed.data;
  return { ...cfg, publicOrigin: cfg.PUBLIC_ORIGIN ?? `http://localhost:${cfg.PORT}` };
}

/**
 * Where to send a browser back to (the payout onboarding's return and refresh links). With PUBLIC_ORIGIN set, that
 * origin. Without it (the local demo), the origin the browser is on when that is a loopback address
 * (`localhost` and `127.0.0.1` are different origins with their own storage: sent to the other one, the doctor
 * arrives signed out); any other Host is not trusted and the default origin is used.
 */
export function browserOrigin(config: Config, host: string | undefined): string {
  if (config.PUBLIC_ORIGIN) return config.PUBLIC_ORIGIN.replace(/\/$/, "");
  if (host && /^(localhost|127\.0\.0\.1|\[::1\]):\d{1,5}$/.test(host)) return `http://${host}`;
  return config.publicOrigin.replace(/\/$/, "");
}
