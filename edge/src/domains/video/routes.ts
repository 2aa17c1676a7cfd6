/**
 * HTTP for video visits: `GET /users/iceServers` (01 §7), and the proxy that
 * lets browsers speak Janus's API on the edge's own origin
 * (`/video/gateway/<n>/janus/...` → gateway n): Janus listens on a private
 * address only, and itself refuses every request without a token the edge
 * signed, so the proxy is open to anyone and forwards nothing else.
 */
import { allow } from "../../access/policy.ts";
import { foreignQueryToken } from "../../access/resolve-actor.ts";
import { ok } from "../../http/envelope.ts";
import { errorResponse } from "../../http/on-error.ts";
import { actorOf } from "../../http/input.ts";
import { createRouter } from "../../http/router.ts";
import type { VideoGateway } from "../../platform/video/gateway.ts";
import type { VideoService } from "./service.ts";

/** A long poll waits up to 30 s in Janus; give it room. */
const PROXY_TIMEOUT_MS = 60_000;
const PROXY_BODY_MAX = 256 * 1024;

export function videoRoutes(video: VideoService, gateway: VideoGateway) {
  const r = createRouter();

  r.get("/users/iceServers", allow.signedIn, async (c) => ok(c, await video.iceServers(actorOf(c))));

  const proxy = allow.public;
  const forward = async (c: Parameters<Parameters<typeof r.get>[2]>[0]) => {
    const n = Number(c.req.param("n"));
    const upstream = Number.isInteger(n) ? gateway.upstream(n) : null;
    if (!upstream) return errorResponse(c, 404, "Not found", { reason: "NO_SUCH_GATEWAY" });
    const url = new URL(c.req.url);
    const rest = url.pathname.replace(/^.*?\/video\/gateway\/\d+\/janus/, "");
    // Only Janus API paths: /, /<session>, /<session>/<handle>, /info.
    if (!/^(\/(info|\d+(\/\d+)?))?\/?$/.test(rest)) return errorResponse(c, 404, "Not found", { reason: "ROUTE_NOT_FOUND" });
    const body = c.req.method === "POST" ? await c.req.text() : undefined;
    if (body && body.length > PROXY_BODY_MAX) return errorResponse(c, 413, "The request is too large", { reason: "PAYLOAD_TOO_LARGE" });
    try {
      const res = await fetch(`${upstream}${rest}${url.search}`, {
        method: c.req.method,
        headers: body ? { "content-type": "application/json" } : {},
        body,
        signal: AbortSignal.timeout(PROXY_TIMEOUT_MS),
      });
      return new Response(res.body, { status: res.status, headers: { "content-type": "application/json" } });
    } catch {
      return errorResponse(c, 502, "The video service did not answer. Please try again.", { reason: "GATEWAY_FAILED" });
    }
  };
  // Janus's `?token=` (token_auth, checked by Janus) is not an access token of ours.
  for (const path of ["/video/gateway/:n/janus", "/video/gateway/:n/janus/*"]) {
    r.get(path, proxy, foreignQueryToken, forward);
    r.post(path, proxy, foreignQueryToken, forward);
  }
  return r.app;
}
