/**
 * Gzips the API's JSON answers above a small threshold when the client accepts gzip. Only
 * `application/json` is touched: file downloads, exports and event streams keep their own encoding and
 * stream unbuffered, and socket.io/WebSocket traffic never passes through Hono's response path.
 */
import type { MiddlewareHandler } from "hono";
import { promisify } from "node:util";
import { constants, gzip } from "node:zlib";

const gzipAsync = promisify(gzip);

/** Below about one packet, compressing costs more than it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

export function compressJson(threshold = COMPRESS_THRESHOLD_BYTES): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (c.req.method === "HEAD" || !res.body) return;
    if (!(res.headers.get("Content-Type") ?? "").toLowerCase().startsWith("application/json")) return;
    if (res.headers.has("Content-Encoding") || /no-transform/i.test(res.headers.get("Cache-Control") ?? "")) return;
    if (!acceptsGzip(c.req.header("Accept-Encoding"))) return;
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
    // The fastest level: pull pages are up to a megabyte of JSON made on every request, and level 1
    // keeps most of the gain (JSON repeats its keys) for a fraction of the CPU of the default level.
    const gzipped = new Uint8Array(await gzipAsync(body, { level: constants.Z_BEST_SPEED }));
    headers.set("Content-Length", String(gzipped.byteLength));
    headers.set("Content-Encoding", "gzip");
    c.res = new Response(gzipped, { status: res.status, statusText: res.statusText, headers });
  };
}

function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(",").some((part) => {
    const [name, ...params] = part.trim().split(";").map((s) => s.trim());
    if (name !== "gzip" && name !== "*") return false;
    const q = params.find((p) => p.startsWith("q="));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}
