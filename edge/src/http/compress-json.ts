/**
 * Compresses the API's JSON answers above a small threshold when the client accepts it: zstd where the
 * client takes it (Chromium and Firefox do), else gzip. Only `application/json` is touched: file
 * downloads, exports and event streams keep their own encoding and stream unbuffered, and
 * socket.io/WebSocket traffic never passes through Hono's response path.
 */
import type { MiddlewareHandler } from "hono";
import { promisify } from "node:util";
import { constants, gzip, zstdCompress } from "node:zlib";

const gzipAsync = promisify(gzip);
const zstdAsync = promisify(zstdCompress);

export type JsonEncoding = "zstd" | "gzip";

/**
 * The fastest levels: pull pages are up to a megabyte of JSON made on every request. At level 1 zstd
 * takes about half gzip's time and sends about half its bytes (a page of 1,000 note drafts: 87 KB
 * against 162 KB); gzip's level 1 keeps most of its gain (JSON repeats its keys) for a fraction of the
 * CPU of its default level.
 */
const encoders: Record<JsonEncoding, (body: Uint8Array) => Promise<Uint8Array>> = {
  zstd: (body) => zstdAsync(body, { params: { [constants.ZSTD_c_compressionLevel]: 1 } }),
  gzip: (body) => gzipAsync(body, { level: constants.Z_BEST_SPEED }),
};

/** Below about one packet, compressing costs more than it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

export function compressJson(threshold = COMPRESS_THRESHOLD_BYTES): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (c.req.method === "HEAD" || !res.body) return;
    if (!(res.headers.get("Content-Type") ?? "").toLowerCase().startsWith("application/json")) return;
    if (res.headers.has("Content-Encoding") || /no-transform/i.test(res.headers.get("Cache-Control") ?? "")) return;
    const encoding = chooseEncoding(c.req.header("Accept-Encoding"));
    if (!encoding) return;
    const declared = res.headers.get("Content-Length");
    if (declared !== null && Number(declared) < threshold) return;
    const body = new Uint8Array(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    headers.append("Vary", "Accept-Encoding");
    // Assigning c.res merges the old headers back in; clearing it first replaces them.
    c.res = undefined as unknown as Response;
    if (body.byteLength < threshold) {
      c.res = new Response(body, { status: res.status, statusText: res.statusText, headers });
      return;
    }
    const compressed = new Uint8Array(await encoders[encoding](body));
    headers.set("Content-Length", String(compressed.byteLength));
    headers.set("Content-Encoding", encoding);
    c.res = new Response(compressed, { status: res.status, statusText: res.statusText, headers });
  };
}

/**
 * The encoding to answer with: the one the client weighs highest (`q`), zstd on a tie; `*` stands for
 * the codings the header does not name; null when it takes neither.
 */
export function chooseEncoding(header: string | undefined): JsonEncoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().split(";").map((s) => s.trim());
    if (!name) continue;
    const q = params.find((p) => p.toLowerCase().startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name.toLowerCase(), Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (coding: JsonEncoding) => weights.get(coding) ?? weights.get("*") ?? 0;
  const best = (["zstd", "gzip"] as const).reduce<JsonEncoding | null>((chosen, coding) => {
    const weight = weightOf(coding);
    return weight > 0 && (chosen === null || weight > weightOf(chosen)) ? coding : chosen;
  }, null);
  return best;
}
