/**
 * Janus signed tokens (core `token_auth_secret`): `<expiry>,<realm>,<descriptor>…:<signature>`,
 * the signature being base64(HMAC-SHA1(secret, "<expiry>,<realm>,<descriptor>…")) and the expiry
 * in seconds since 1970. Janus accepts a request only with a token of realm `janus` naming the
 * plugin it attaches to; a VideoRoom created with `signed_tokens` lets a participant join only
 * with a token of realm `janus.plugin.videoroom` naming `room=<id>`.
 */
import { hmacSha1Base64 } from "./hmac.ts";

export const VIDEOROOM_PLUGIN = "janus.plugin.videoroom";

export async function signJanusToken(secret: string, o: { expiresAt: Date; realm: string; descriptors: string[] }): Promise<string> {
  const data = [String(Math.floor(o.expiresAt.getTime() / 1000)), o.realm, ...o.descriptors].join(",");
  return `${data}:${await hmacSha1Base64(secret, data)}`;
}

/** Lets its holder open Janus sessions and attach the VideoRoom plugin (nothing else) until `expiresAt`. */
export const gatewayToken = (secret: string, expiresAt: Date) =>
  signJanusToken(secret, { expiresAt, realm: "janus", descriptors: [VIDEOROOM_PLUGIN] });

/** Lets its holder join one room (as publisher or subscriber) until `expiresAt`. */
export const roomToken = (secret: string, roomId: number, expiresAt: Date) =>
  signJanusToken(secret, { expiresAt, realm: VIDEOROOM_PLUGIN, descriptors: [`room=${roomId}`] });
