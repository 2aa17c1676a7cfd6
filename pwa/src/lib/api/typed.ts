/**
 * The typed face of the API client: paths, inputs and results come from `api-types.ts`, which is generated from
 * the edge's route declarations (`validate`, `answers`; `npm run api:types`). A call names the path as the API
 * documents it, with its parameters apart:
 *
 *   api.GET("/problems/patient/{id}", { path: { id } })            // Promise<Problem[]>
 *   api.POST("/problems/patient/{id}", { path: { id }, body })     // body checked against the route's schema
 *
 * The transport (token, refresh, envelope, errors) is the client's own (client.ts).
 */
import type { paths } from "./api-types.ts";
import type { HttpMethod, QueryValue, RequestOptions } from "./client.ts";

type Lower<M extends HttpMethod> = Lowercase<M>;
type Operation<P extends keyof paths, M extends HttpMethod> = paths[P][Lower<M>];

/** The documented paths that answer `M`. */
export type ApiPath<M extends HttpMethod> = {
  [P in keyof paths]: Operation<P, M> extends { responses: unknown } ? P : never;
}[keyof paths];

type JsonOf<R> = R extends { content: { "application/json": infer J } } ? J : never;
type SuccessOf<Responses> = JsonOf<
  Responses extends { 200: infer R } ? R : Responses extends { 201: infer R } ? R : Responses extends { 202: infer R } ? R : never
>;

/** The `result` the call declares; `unknown` while its route declares no result yet. */
export type ApiResult<P extends keyof paths, M extends HttpMethod> = Operation<P, M> extends { responses: infer R }
  ? SuccessOf<R> extends { result: infer T } ? T : unknown
  : never;

type Params<P extends keyof paths, M extends HttpMethod> = Operation<P, M> extends { parameters: infer X } ? X : never;
type PathParams<P extends keyof paths, M extends HttpMethod> = Params<P, M> extends { path: infer X } ? X : never;
type QueryParams<P extends keyof paths, M extends HttpMethod> = Params<P, M> extends { query?: infer X } ? X : never;
type JsonBody<P extends keyof paths, M extends HttpMethod> = Operation<P, M> extends { requestBody?: infer R }
  ? [NonNullable<R>] extends [never] ? never
  : NonNullable<R> extends { content: { "application/json": infer B } } ? B
  : never
  : never;

/** `K` as the route declares it: absent, optional (nothing in it required) or required. */
type Has<K extends string, T> = [T] extends [never] ? { [_ in K]?: never }
  : undefined extends T ? { [_ in K]?: T }
  : Partial<T> extends T ? { [_ in K]?: T }
  : { [_ in K]: T };

/** A route that reads a form takes its fields as JSON (`body`) or as multipart (`form`, files included). */
type Multipart<P extends keyof paths, M extends HttpMethod> = Operation<P, M> extends { requestBody?: infer R }
  ? [NonNullable<R>] extends [never] ? false
  : NonNullable<R> extends { content: { "multipart/form-data": unknown } } ? true
  : false
  : false;
type BodyOf<P extends keyof paths, M extends HttpMethod> = Multipart<P, M> extends true
  ? ({ body: JsonBody<P, M>; form?: never } | { form: FormData; body?: never })
  : [JsonBody<P, M>] extends [never] ? { body?: never; form?: FormData }
  : Has<"body", JsonBody<P, M>> & { form?: never };

/** What a typed call takes: its path parameters, query and body as the route declares them, and transport options. */
export type ApiInit<P extends keyof paths, M extends HttpMethod> =
  & Has<"path", PathParams<P, M>>
  & Has<"query", QueryParams<P, M>>
  & BodyOf<P, M>
  & Omit<RequestOptions, "query" | "body" | "form">;

/** The init may be left out when nothing in it is required. */
type Args<P extends keyof paths, M extends HttpMethod> = Partial<ApiInit<P, M>> extends ApiInit<P, M> ? [init?: ApiInit<P, M>]
  : [init: ApiInit<P, M>];

export type TypedApi = {
  GET<P extends ApiPath<"GET">>(path: P, ...init: Args<P, "GET">): Promise<ApiResult<P, "GET">>;
  POST<P extends ApiPath<"POST">>(path: P, ...init: Args<P, "POST">): Promise<ApiResult<P, "POST">>;
  PUT<P extends ApiPath<"PUT">>(path: P, ...init: Args<P, "PUT">): Promise<ApiResult<P, "PUT">>;
  PATCH<P extends ApiPath<"PATCH">>(path: P, ...init: Args<P, "PATCH">): Promise<ApiResult<P, "PATCH">>;
  DELETE<P extends ApiPath<"DELETE">>(path: P, ...init: Args<P, "DELETE">): Promise<ApiResult<P, "DELETE">>;
  /** The raw answer of a success (a file download, a CSV); failures are ApiErrors as for the others. */
  RAW<M extends HttpMethod, P extends ApiPath<M>>(method: M, path: P, ...init: Args<P, M>): Promise<Response>;
};

/** `/problems/patient/{id}` with `{ id: "a/b" }` → `/problems/patient/a%2Fb`; a missing parameter is a programming error. */
export function fillPath(template: string, params: Record<string, string | number> | undefined): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`fillPath: ${template} needs ${name}`);
    return encodeURIComponent(String(value));
  });
}

type Send<T> = (method: HttpMethod, path: string, options: RequestOptions) => Promise<T>;
type Init = { path?: Record<string, string | number>; query?: Record<string, QueryValue> } & RequestOptions;

/** The typed methods over a client's `request` (envelopes) and `fetchRaw` (raw answers). */
export function typedMethods(send: Send<unknown>, raw: Send<Response>): TypedApi {
  const through = <T>(via: Send<T>, method: HttpMethod, template: string, init: Init | undefined) => {
    const { path, query, ...options } = init ?? {};
    return via(method, fillPath(template, path), { ...options, query });
  };
  const call = (method: HttpMethod) => (template: string, init?: Init) => through(send, method, template, init);
  return {
    GET: call("GET"),
    POST: call("POST"),
    PUT: call("PUT"),
    PATCH: call("PATCH"),
    DELETE: call("DELETE"),
    RAW: (method: HttpMethod, template: string, init?: Init) => through(raw, method, template, init),
  } as TypedApi;
}
