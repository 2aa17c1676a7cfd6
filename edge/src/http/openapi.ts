/**
 * The OpenAPI 3.1 document of /api/v1, generated from the route table: every
 * route's access comes from its `guard` (router.ts) and its inputs from its
 * `validate` middleware (validate.ts), whose zod schemas are turned into JSON
 * Schema by zod itself. Nothing here is written by hand per route, so the
 * document cannot drift from what the server enforces (see edge/docs/api.md).
 */
import { z } from "zod";
import type { Access } from "../access/policy.ts";
import { type Answer, declaredAnswer, successEnvelope } from "./answers.ts";
import { IDEMPOTENCY_HEADER, isIdempotent } from "./idempotency.ts";
import { declaredAccess } from "./router.ts";
import { declaredInputs, type Inputs } from "./validate.ts";

/** What Hono keeps per registered handler (`app.routes`). */
export type RouteEntry = { method: string; path: string; handler: unknown };

type Json = Record<string, unknown>;
export type OpenApiDocument = {
  openapi: "3.1.0";
  info: Json;
  servers: Json[];
  paths: Record<string, Record<string, Operation>>;
  components: Json;
};
export type Operation = {
  operationId: string;
  tags: string[];
  summary: string;
  parameters?: Json[];
  requestBody?: Json;
  responses: Record<string, Json>;
  security: Record<string, string[]>[];
  "x-access": Access;
};

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/** `/sync/:version{v[0-9]+}/:id` → `/sync/{version}/{id}`, with each parameter's pattern; `*` → `{rest}`. */
export function openApiPath(honoPath: string): { path: string; params: { name: string; pattern?: string }[] } {
  const params: { name: string; pattern?: string }[] = [];
  const path = honoPath
    .split("/")
    .map((segment) => {
      const m = /^:([A-Za-z0-9_]+)(?:\{(.+)\})?(\?)?$/.exec(segment);
      if (m) {
        params.push({ name: m[1], pattern: m[2] ? `^${m[2]}$` : undefined });
        return `{${m[1]}}`;
      }
      if (segment === "*") {
        params.push({ name: "rest" });
        return "{rest}";
      }
      return segment;
    })
    .join("/");
  return { path, params };
}

/** JSON Schema of what a client sends (zod's input side); parts JSON Schema cannot say (files, custom checks) stay open. */
export function inputSchema(schema: z.ZodType): Json {
  try {
    const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any", target: "draft-2020-12" }) as Json;
    delete json.$schema;
    return json;
  } catch {
    return { description: "Checked by the server; not expressible in JSON Schema" };
  }
}

const ACCESS_TEXT = (a: Access): string => {
  switch (a.kind) {
    case "public":
      return "Anyone (a token, when sent, must be valid)";
    case "signedIn":
      return "Any signed-in user";
    case "superAdmin":
      return "A super admin";
    case "roles":
      return `Signed-in ${a.roles.join(", ")}${a.fullAccess ? " with full access" : ""}`;
  }
};

const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });

/** JSON Schema of what the server answers (zod's output side). */
export function outputSchema(schema: z.ZodType): Json {
  const json = z.toJSONSchema(schema, { io: "output", unrepresentable: "any", target: "draft-2020-12" }) as Json;
  delete json.$schema;
  return json;
}

function success(answer: Answer | null): Record<string, Json> {
  if (!answer) {
    return {
      "2XX": {
        description: "Success: the envelope's `result` holds the answer (a list answers `{list, offset, limit, totalCount}`)",
        content: { "application/json": { schema: { $ref: "#/components/schemas/SuccessEnvelope" } } },
      },
    };
  }
  if ("empty" in answer) return { "204": { description: "Done; no body" } };
  if ("file" in answer) {
    const content = Object.fromEntries(answer.file.map((type) => [type, { schema: { type: "string", contentMediaType: type } }]));
    return { "200": { description: "The file itself (not an envelope)", content } };
  }
  return {
    [String(answer.status)]: {
      description: answer.status === 201 ? "Created" : answer.status === 202 ? "Accepted: the work goes on in the background" : "Success",
      content: { "application/json": { schema: outputSchema(successEnvelope(answer.schema)) } },
    },
  };
}

/** The header a route that creates reads (idempotency.ts). */
const IDEMPOTENCY_PARAMETER: Json = {
  name: IDEMPOTENCY_HEADER,
  in: "header",
  required: false,
  description: "A key of the client's choosing (a UUID) for this create: the same key with the same request answers the " +
    "first answer again (header `Idempotent-Replayed: true`) for 24 hours; with another request, 409 IDEMPOTENCY_KEY_REUSED.",
  schema: { type: "string", minLength: 1, maxLength: 255 },
};

function operation(method: string, honoPath: string, access: Access, inputs: Inputs, answer: Answer | null, idempotent = false): Operation {
  const { path, params } = openApiPath(honoPath);
  const parameters: Json[] = [];
  const paramSchema = inputs.param ? inputSchema(inputs.param) : null;
  for (const p of params) {
    const declared = (paramSchema?.properties as Record<string, Json> | undefined)?.[p.name];
    const schema: Json = declared ?? { type: "string", ...(p.pattern ? { pattern: p.pattern } : {}) };
    parameters.push({ name: p.name, in: "path", required: true, schema });
  }
  if (inputs.query) {
    const q = inputSchema(inputs.query);
    const required = new Set((q.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries((q.properties as Record<string, Json> | undefined) ?? {})) {
      parameters.push({ name, in: "query", required: required.has(name), schema });
    }
  }
  if (idempotent) parameters.push(IDEMPOTENCY_PARAMETER);
  let requestBody: Json | undefined;
  if (inputs.json) {
    requestBody = { required: false, content: { "application/json": { schema: inputSchema(inputs.json) } } };
  } else if (inputs.form) {
    const schema = inputSchema(inputs.form);
    requestBody = {
      required: true,
      description: "JSON, or multipart form data whose text fields follow the same schema (files as extra parts)",
      content: { "application/json": { schema }, "multipart/form-data": { schema } },
    };
  }
  const responses: Record<string, Json> = {
    ...success(answer),
    "401": ref("Unauthorized"),
    "404": ref("NotFound"),
    "500": ref("ServerError"),
  };
  if (inputs.param || inputs.query || inputs.json || inputs.form || idempotent) responses["400"] = ref("BadRequest");
  if (idempotent) responses["409"] = ref("IdempotencyConflict");
  if (access.kind !== "public" && access.kind !== "signedIn") responses["403"] = ref("Forbidden");
  if (inputs.json || inputs.form) {
    responses["413"] = ref("TooLarge");
    responses["415"] = ref("UnsupportedMediaType");
  }
  const segments = path.split("/").filter(Boolean);
  return {
    operationId: `${method.toLowerCase()}${
      segments.map((s) => s.replace(/[{}]/g, "").replace(/(^|[^A-Za-z0-9])([A-Za-z0-9])/g, (_, __, ch) => ch.toUpperCase()))
        .join("")
    }`,
    tags: [segments[0] ?? "root"],
    summary: `${method} ${path} — ${ACCESS_TEXT(access)}`,
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
    security: access.kind === "public" ? [{}, { bearer: [] }] : [{ bearer: [] }],
    "x-access": access,
  };
}

const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorEnvelope" } } },
});

/** The document for every route of `routes` (an API app's `app.routes`, paths relative to `/api/v1`). */
export function openApiDocument(routes: readonly RouteEntry[], info: { version: string; serverUrl: string }): OpenApiDocument {
  const byKey = new Map<
    string,
    { method: string; path: string; access: Access | null; inputs: Inputs; answer: Answer | null; idempotent: boolean }
  >();
  for (const r of routes) {
    if (!(METHODS as readonly string[]).includes(r.method)) continue;
    const key = `${r.method} ${r.path}`;
    const entry = byKey.get(key) ?? { method: r.method, path: r.path, access: null, inputs: {}, answer: null, idempotent: false };
    entry.access ??= declaredAccess(r.handler);
    entry.answer ??= declaredAnswer(r.handler);
    entry.idempotent ||= isIdempotent(r.handler);
    Object.assign(entry.inputs, declaredInputs(r.handler) ?? {});
    byKey.set(key, entry);
  }
  const paths: OpenApiDocument["paths"] = {};
  for (const { method, path, access, inputs, answer, idempotent } of byKey.values()) {
    // A route without a guard cannot be registered (router.ts); deny-by-default shows as "superAdmin" if it ever were.
    const op = operation(method, path, access ?? { kind: "superAdmin" }, inputs, answer, idempotent);
    const key = openApiPath(path).path;
    (paths[key] ??= {})[method.toLowerCase()] = op;
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "DPC Telehealth API",
      version: info.version,
      description:
        "Generated from the edge's route table (access from each route's guard, inputs from its zod schemas). " +
        "Every answer is an envelope: `{status: \"success\", result}` or `{status: \"error\", message, code, details}`.",
    },
    servers: [{ url: info.serverUrl }],
    paths,
    components: {
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "JWT",
          description: "The access token from `POST /users/login`. An invalid, expired or revoked token answers 401.",
        },
      },
      schemas: {
        SuccessEnvelope: {
          type: "object",
          required: ["status", "result"],
          properties: { status: { const: "success" }, result: {} },
        },
        ErrorEnvelope: {
          type: "object",
          required: ["status", "message", "code", "details"],
          properties: {
            status: { const: "error" },
            message: { type: "string", description: "Safe to show to the user" },
            code: { type: "integer", description: "The HTTP status" },
            details: {
              type: "object",
              properties: {
                fields: { type: "object", additionalProperties: { type: "string" }, description: "Validation: dotted path → first message" },
                reason: { type: "string", description: "A stable machine-readable key, e.g. VALIDATION_FAILED" },
                requestId: { type: "string", description: "Given with 500s, for support" },
              },
            },
          },
        },
      },
      responses: {
        BadRequest: errorResponse("The input is invalid (`details.reason` VALIDATION_FAILED with `details.fields`, or INVALID_JSON)"),
        Unauthorized: errorResponse("No valid token: missing, invalid, expired, revoked, or the account is blocked"),
        Forbidden: errorResponse("The caller's role or approval does not allow this call"),
        NotFound: errorResponse("Not found, or not visible to the caller (other tenants' rows answer 404)"),
        TooLarge: errorResponse("The body is larger than the limit (PAYLOAD_TOO_LARGE)"),
        UnsupportedMediaType: errorResponse("The body is neither JSON nor multipart form data"),
        IdempotencyConflict: errorResponse(
          "The Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED), or its first request is still running " +
            "(IDEMPOTENCY_KEY_IN_USE)",
        ),
        ServerError: errorResponse("Unexpected error; `details.requestId` identifies it in the logs"),
      },
    },
  };
}
