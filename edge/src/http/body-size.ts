/** 413 for bodies over the limit: files may come as multipart, everything else is small JSON. */
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { AppError } from "./errors.ts";

export const JSON_LIMIT_BYTES = 1024 * 1024;
/** Ten files at the largest per-file limit (chat, 60 MB) plus form fields. */
export const MULTIPART_LIMIT_BYTES = 10 * 60 * 1024 * 1024 + 1024 * 1024;

const tooLarge = () => {
  throw new AppError(413, "The request is too large", { reason: "PAYLOAD_TOO_LARGE" });
};

export function bodySizeLimit(): MiddlewareHandler {
  const small = bodyLimit({ maxSize: JSON_LIMIT_BYTES, onError: tooLarge });
  const large = bodyLimit({ maxSize: MULTIPART_LIMIT_BYTES, onError: tooLarge });
  return (c, next) => {
    const multipart = (c.req.header("content-type") ?? "").toLowerCase().startsWith("multipart/form-data");
    return (multipart ? large : small)(c, next);
  };
}
