/** 413 for bodies over the limit: files may come as multipart, everything else is small JSON. */
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { PUSH_BODY_MAX_BYTES } from "../../../sync/protocol.ts";
import { AppError } from "./errors.ts";

export const JSON_LIMIT_BYTES = 1024 * 1024;
/** Ten files at the largest per-file limit (chat, 60 MB) plus form fields. */
export const MULTIPART_LIMIT_BYTES = 10 * 60 * 1024 * 1024 + 1024 * 1024;

const tooLarge = () => {
  throw new AppError(413, "The request is too large", { reason: "PAYLOAD_TOO_LARGE" });
};

/** Sync pushes carry up to PUSH_BODY_MAX_BYTES of JSON (note drafts are large). */
const SYNC_PUSH_PATH = /\/sync\/v\d+\/[a-z_]+\/push$/;

export function bodySizeLimit(): MiddlewareHandler {
  const small = bodyLimit({ maxSize: JSON_LIMIT_BYTES, onError: tooLarge });
  const push = bodyLimit({ maxSize: PUSH_BODY_MAX_BYTES, onError: tooLarge });
  const large = bodyLimit({ maxSize: MULTIPART_LIMIT_BYTES, onError: tooLarge });
  return (c, next) => {
    const multipart = (c.req.header("content-type") ?? "").toLowerCase().startsWith("multipart/form-data");
    if (multipart) return large(c, next);
    return (SYNC_PUSH_PATH.test(c.req.path) ? push : small)(c, next);
  };
}
