/** The response envelope every /api/v1 call answers with (01 §3). */
import { z } from "zod";
export type SuccessEnvelope<T> = { status: "success"; result: T };
export type ErrorEnvelope = {
  status: "error";
  /** Human-readable message, safe to show to the user. */
  message: string;
  /** The HTTP status of the error catalogue (01 §8). */
  code: number;
  /**
   * Machine-readable details. Validation failures carry `fields`
   * (dotted path → first message); other errors may carry `reason`
   * (a stable string key) or `requestId` (500s).
   */
  details: ErrorDetails;
};
export type ErrorDetails = {
  fields?: Record<string, string>;
  reason?: string;
  requestId?: string;
  [key: string]: unknown;
};
export type Envelope<T> = SuccessEnvelope<T> | ErrorEnvelope;

/** The list envelope used everywhere (01 §3). */
export type ListResult<T> = {
  list: T[];
  offset: number;
  limit: number;
  totalCount: number;
};

/** The list envelope's schema around an item schema: what a paged list call declares it answers. */
export const listResultSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    offset: z.number().int().min(0),
    limit: z.number().int().min(0),
    totalCount: z.number().int().min(0),
  }).strict();

/** What a call answers when it has nothing to say but "done" (`result: null`). */
export const noResultSchema = z.null();

/** What a delete (and other calls that name the row they acted on) answers. */
export const idResultSchema = z.object({ id: z.string() }).strict();
