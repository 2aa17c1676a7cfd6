/**
 * `POST /csp-report`: Content-Security-Policy violations sent by browsers,
 * either as `report-uri` (`application/csp-report`, one `{"csp-report": …}`)
 * or through the Reporting API (`application/reports+json`, a list of
 * `{type: "csp-violation", body: …}`). Validated, logged as one short line per
 * violation (no query strings: links may carry tokens), rate-limited per address.
 */
import { z } from "zod";
import { allow } from "../../access/policy.ts";
import type { Deps } from "../../deps.ts";
import { AppError, badRequest } from "../../http/errors.ts";
import { unsupportedMediaType } from "../../http/input.ts";
import { createRouter } from "../../http/router.ts";
import { answersNothing } from "../../http/answers.ts";

/** Reports are small; anything larger is not one. */
export const CSP_REPORT_MAX_BYTES = 64 * 1024;
const MEDIA_TYPES = new Set(["application/csp-report", "application/reports+json", "application/json"]);

const text = (max: number) => z.string().max(max).refine((s) => !s.includes("\u0000"), "NUL is not allowed");
const line = z.number().int().min(0).max(10_000_000);

const legacyReport = z.object({
  "csp-report": z.object({
    "document-uri": text(2048),
    "violated-directive": text(512).optional(),
    "effective-directive": text(512).optional(),
    "blocked-uri": text(2048).optional(),
    "source-file": text(2048).optional(),
    "line-number": line.optional(),
    "column-number": line.optional(),
    disposition: text(16).optional(),
  }),
});
const reportingApi = z.array(z.object({
  type: text(64),
  body: z.object({
    documentURL: text(2048),
    effectiveDirective: text(512).optional(),
    blockedURL: text(2048).optional(),
    sourceFile: text(2048).optional(),
    lineNumber: line.optional(),
    columnNumber: line.optional(),
    disposition: text(16).optional(),
  }).optional(),
})).min(1).max(50);

export type Violation = { document: string; directive: string; blocked: string; source: string | null; disposition: string };

/** Only the parts a reader needs; query strings and fragments dropped. */
function shortUrl(value: string | undefined): string {
  if (!value) return "";
  try {
    const url = new URL(value);
    return url.protocol.startsWith("http") ? `${url.origin}${url.pathname}` : url.protocol.replace(/:$/, "");
  } catch {
    return value.split(/[?#]/)[0].slice(0, 200);
  }
}

export function parseCspReport(payload: unknown): Violation[] {
  const legacy = legacyReport.safeParse(payload);
  if (legacy.success) {
    const r = legacy.data["csp-report"];
    return [{
      document: shortUrl(r["document-uri"]),
      directive: r["effective-directive"] ?? r["violated-directive"] ?? "",
      blocked: shortUrl(r["blocked-uri"]),
      source: r["source-file"] ? `${shortUrl(r["source-file"])}:${r["line-number"] ?? 0}:${r["column-number"] ?? 0}` : null,
      disposition: r.disposition ?? "enforce",
    }];
  }
  const modern = reportingApi.safeParse(payload);
  if (modern.success) {
    return modern.data.filter((r) => r.type === "csp-violation" && r.body).map(({ body }) => ({
      document: shortUrl(body!.documentURL),
      directive: body!.effectiveDirective ?? "",
      blocked: shortUrl(body!.blockedURL),
      source: body!.sourceFile ? `${shortUrl(body!.sourceFile)}:${body!.lineNumber ?? 0}:${body!.columnNumber ?? 0}` : null,
      disposition: body!.disposition ?? "enforce",
    }));
  }
  throw badRequest("Not a CSP violation report", { reason: "INVALID_CSP_REPORT" });
}

export function cspReportRoutes(deps: Pick<Deps, "log" | "rateLimiter" | "limits">) {
  const r = createRouter();
  r.post("/csp-report", allow.public, answersNothing(), async (c) => {
    const address = c.get("clientAddress") ?? "unknown";
    await deps.rateLimiter.hit(`csp-report:address:${address}`, deps.limits.cspReportsPerAddress);
    const type = (c.req.header("content-type") ?? "").split(";")[0].trim().toLowerCase();
    if (!MEDIA_TYPES.has(type)) throw unsupportedMediaType();
    const raw = await c.req.text();
    if (raw.length > CSP_REPORT_MAX_BYTES) throw new AppError(413, "The request is too large", { reason: "PAYLOAD_TOO_LARGE" });
    let payload: unknown;
    try {
      payload = JSON.parse(raw);
    } catch {
      throw badRequest("The request body is not valid JSON", { reason: "INVALID_JSON" });
    }
    for (const v of parseCspReport(payload)) {
      deps.log.warn("csp violation", { directive: v.directive, blocked: v.blocked, document: v.document, source: v.source, disposition: v.disposition });
    }
    return c.body(null, 204);
  });
  return r.app;
}
