/**
 * HTTP for video visits: `GET /users/iceServers` (01 §7), and the proxy that
 * lets browsers speak Janus's API on the edge's own origin
 * (`/video/gateway/<n>/janus/...` → gateway n): Janus listens on a private
 * address only, and itself refuses every request without a token the edge
 * signed, so the proxy is open to anyone and forwards nothing else.
 */
import { z } from "zod";
import { allow } from "../../access/policy.ts";
import { foreignQueryToken } from "../../access/resolve-actor.ts";
import { ok } from "../../http/envelope.ts";
import { errorResponse } from "../../http/on-error.ts";
import { actorOf } from "../../http/input.ts";
import { createRouter } from "../../http/router.ts";
import { answers, answersFile } from "../../http/answers.ts";
import { valid, validate } from "../../http/validate.ts";
import { iceServerSchema } from "../../../../sync/schemas/video.ts";
import { gatewayParamSchema } from "../../../../sync/schemas/video-params.ts";
import type { VideoGateway } from "../../platform/video/gateway.ts";
import type { VideoService } from "./service.ts";

/** A long poll waits up to 30 s in Janus; give it room. */
const PROXY_TIMEOUT_MS = 60_000;
const PROXY_BODY_MAX = 256 * 1024;

/** The `janus` verb of a request body, or null when the body is not a JSON object naming one. */
function janusVerb(body: string): string | null {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) return null;
    const verb = (parsed as { janus?: unknown }).janus;
    return typeof verb === "string" && verb.length > 0 && verb.length <= 64 ? verb : null;
  } catch {
    return null;
  }
}

export function videoRoutes(video: VideoService, gateway: VideoGateway) {
  const r = createRouter();

  r.get("/users/iceServers", allow.signedIn, answers(z.array(iceServerSchema)), async (c) => ok(c, await video.iceServers(actorOf(c))));

  const proxy = allow.public;
  const forward = async (c: Parameters<Parameters<typeof r.get>[2]>[0]) => {
    const upstream = gateway.upstream(valid(c, gatewayParamSchema).n);
    if (!upstream) return errorResponse(c, 404, "Not found", { reason: "NO_SUCH_GATEWAY" });
    const url = new URL(c.req.url);
    const rest = url.pathname.replace(/^.*?\/video\/gateway\/\d+\/janus/, "");
    // Only the Janus API paths a visit uses: /, /<session>, /<session>/<handle>. Not /info: the gateway's version
    // and plugins are nobody's business (Janus answers it without a token).
    if (!/^(\/\d+(\/\d+)?)?\/?$/.test(rest)) return errorResponse(c, 404, "Not found", { reason: "ROUTE_NOT_FOUND" });
    const body = c.req.method === "POST" ? await c.req.text() : undefined;
    if (body && body.length > PROXY_BODY_MAX) return errorResponse(c, 413, "The request is too large", { reason: "PAYLOAD_TOO_LARGE" });
    if (body !== undefined) {
      // A POST must be a Janus request (a JSON object naming its `janus` verb): anything else is the client's
      // mistake (400), not a gateway failure; and `info` is refused like the path.
      const verb = janusVerb(body);
      if (verb === null) return errorResponse(c, 400, "Send a Janus request: a JSON object with its \"janus\" verb", { reason: "INVALID_JANUS_REQUEST" });
      if (verb === "info") return errorResponse(c, 404, "Not found", { reason: "ROUTE_NOT_FOUND" });
    }
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
  const gatewayParam = validate({ param: gatewayParamSchema });
  // Janus's `?token=` (token_auth, checked by Janus) is not an access token of ours.
  for (const path of ["/video/gateway/:n/janus", "/video/gateway/:n/janus/*"]) {
    // Janus's own JSON, passed through as it is: not our envelope.
    r.get(path, proxy, answersFile("application/json"), gatewayParam, foreignQueryToken, forward);
    r.post(path, proxy, answersFile("application/json"), gatewayParam, foreignQueryToken, forward);
  }
  return r.app;
}
