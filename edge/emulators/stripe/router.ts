/** A route of the emulator's REST API: the resources return plain objects; server.ts does HTTP, auth and idempotency. */
import type { Params } from "./form.ts";

export type Request = {
  params: Params;
  path: Record<string, string>;
  /** Which kind of key called: publishable keys may only tokenize cards and confirm intents with their client secret. */
  key: "secret" | "publishable";
  /** The `Stripe-Account` header (Connect), if any. */
  account?: string;
};

export type Route = {
  method: "GET" | "POST" | "DELETE";
  path: string;
  publishable?: boolean;
  handler: (req: Request) => unknown | Promise<unknown>;
};

export function route(method: Route["method"], path: string, handler: Route["handler"], publishable = false): Route {
  return { method, path, handler, publishable };
}
