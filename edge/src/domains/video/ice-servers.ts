/**
 * `GET /users/iceServers` (01 §4 fetches it after sign-in): the STUN servers,
 * and the TURN servers with credentials of the TURN REST scheme that coturn
 * checks with its `static-auth-secret`: username `<expiry>:<userId>` (expiry in
 * seconds since 1970), credential base64(HMAC-SHA1(secret, username)).
 */
import { hmacSha1Base64 } from "../../platform/video/hmac.ts";
import type { IceServer } from "../../../../sync/schemas/video.ts";

export type IceConfig = {
  stunUrls: string[];
  turnUrls: string[];
  turnSecret: string | null;
  turnTtlSeconds: number;
};

export async function turnCredential(secret: string, userId: string, expiresAt: Date) {
  const username = `${Math.floor(expiresAt.getTime() / 1000)}:${userId}`;
  return { username, credential: await hmacSha1Base64(secret, username) };
}

export async function iceServersFor(config: IceConfig, userId: string, now: Date): Promise<IceServer[]> {
  const servers: IceServer[] = [];
  if (config.stunUrls.length) servers.push({ urls: config.stunUrls });
  if (config.turnUrls.length && config.turnSecret) {
    const expiresAt = new Date(now.getTime() + config.turnTtlSeconds * 1000);
    servers.push({ urls: config.turnUrls, ...(await turnCredential(config.turnSecret, userId, expiresAt)) });
  }
  return servers;
}
