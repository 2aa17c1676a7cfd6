/**
 * The one place that reads the environment. Parsed with zod at start-up;
 * a bad value stops the process with a message naming the variable.
 */
import { z } from "zod";

const bool = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

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
  STATIC_DIR: z.string().default("./pwa/dist"),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  /** Presence: an edge process that has not renewed its heartbeat for this long counts as gone. */
  PRESENCE_TTL_SECONDS: z.coerce.number().int().min(2).max(600).default(30),
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
