/**
 * A Hono sub-app whose every route must state who may call it. The guard
 * runs before the handler; `isAccessGuard` lets a test prove that every
 * route of the whole app has one.
 */
import { Hono } from "hono";
import type { Handler, MiddlewareHandler } from "hono";
import { type Access, enforce } from "../access/policy.ts";
import type { AppEnv } from "./context.ts";

const GUARD = Symbol("accessGuard");

export function guard(access: Access): MiddlewareHandler<AppEnv> {
  const mw: MiddlewareHandler<AppEnv> = async (c, next) => {
    enforce(access, c.get("actor"), c.get("tokenProblem"));
    await next();
  };
  return Object.assign(mw, { [GUARD]: access });
}

export const isAccessGuard = (h: unknown): boolean => typeof h === "function" && GUARD in h;

/** The access a guard declares, or null for any other handler (read by the OpenAPI generator). */
export const declaredAccess = (h: unknown): Access | null =>
  isAccessGuard(h) ? (h as unknown as { [GUARD]: Access })[GUARD] : null;
/** The same, under the name the access tests use. */
export const accessOf = declaredAccess;

type H = Handler<AppEnv> | MiddlewareHandler<AppEnv>;
type Method = "GET" | "POST" | "PUT" | "DELETE" | "PATCH";

export function createRouter() {
  const app = new Hono<AppEnv>();
  const on = (method: Method) => (path: string, access: Access, ...handlers: [...H[], Handler<AppEnv>]) => {
    app.on(method, path, guard(access), ...(handlers as Handler<AppEnv>[]));
  };
  return { app, get: on("GET"), post: on("POST"), put: on("PUT"), delete: on("DELETE"), patch: on("PATCH") };
}
export type Router = ReturnType<typeof createRouter>;
