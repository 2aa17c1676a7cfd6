/** Typed per-request values (c.set / c.get). */
import type { Actor, TokenProblem } from "../access/actor.ts";
import type { IdempotencyStore } from "./idempotency-store.ts";
import type { ParsedInputs } from "./validate.ts";

export type AppEnv = {
  Variables: {
    requestId: string;
    actor: Actor | null;
    tokenProblem: TokenProblem | null;
    clientAddress: string | null;
    /** Set by the `validate` middleware (validate.ts). */
    inputs?: ParsedInputs;
    /** The Idempotency-Key store, set for the whole API (idempotency.ts). */
    idempotency?: IdempotencyStore;
  };
};
