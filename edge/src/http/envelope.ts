/** Success envelopes; errors are produced only by `on-error.ts`. */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ListResult } from "../../../sync/envelope.ts";

export const ok = <T>(c: Context, result: T, status: ContentfulStatusCode = 200) =>
  c.json({ status: "success" as const, result }, status);

export const listOf = <T>(list: T[], offset: number, limit: number, totalCount: number): ListResult<T> => ({
  list,
  offset,
  limit,
  totalCount,
});
