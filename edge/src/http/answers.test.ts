import assert from "node:assert/strict";
import { Hono } from "hono";
import { z } from "zod";
import { allow } from "../access/policy.ts";
import { silentLogger } from "../platform/log.ts";
import { answerCheck, answers } from "./answers.ts";
import type { AppEnv } from "./context.ts";
import { ok } from "./envelope.ts";
import { createErrorHandler } from "./on-error.ts";
import { openApiDocument } from "./openapi.ts";
import { createRouter } from "./router.ts";

const thing = z.object({ id: z.string().uuid(), name: z.string(), price: z.number().int() }).strict();

function app(answer: unknown) {
  const r = createRouter();
  r.get("/things/:id", allow.public, answers(thing), (c) => ok(c, answer));
  r.post("/things", allow.public, answers(thing, 201), (c) => ok(c, answer, 201));
  r.get("/files/:id", allow.public, answers(thing), (c) => c.body("%PDF-1.7", 200, { "Content-Type": "application/pdf" }));
  const api = new Hono<AppEnv>();
  api.use("*", answerCheck(silentLogger));
  api.route("/", r.app);
  // Mounted like the real API (app.ts): an app with an error handler wraps its handlers when routed into another.
  api.onError(createErrorHandler(silentLogger));
  const outer = new Hono<AppEnv>().route("/", api);
  return { api: outer, routes: r.app.routes };
}

const good = { id: crypto.randomUUID(), name: "Kit", price: 1200 };

Deno.test("answers: a success answer that matches its declared result passes unchanged", async () => {
  const res = await app(good).api.request("/things/1");
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), { status: "success", result: good });
  assert.equal((await app(good).api.request("/things", { method: "POST" })).status, 201);
});

Deno.test("answers: an answer that differs from its declaration is a 500 naming the differing fields", async () => {
  for (const wrong of [{ ...good, price: "12.00" }, { ...good, extra: true }, { id: good.id, name: "Kit" }, null]) {
    const res = await app(wrong).api.request("/things/1");
    assert.equal(res.status, 500, JSON.stringify(wrong));
    const body = await res.json();
    assert.equal(body.details.reason, "ANSWER_MISMATCH");
    assert.ok(Object.keys(body.details.fields).length > 0);
  }
  const res = await app({ ...good, price: 1.5 }).api.request("/things/1");
  assert.deepEqual((await res.json()).details.fields, { "result.price": "Invalid input: expected int, received number" });
});

Deno.test("answers: answers that are not JSON are not read", async () => {
  const res = await app(good).api.request("/files/1");
  assert.equal(res.status, 200);
  assert.equal(await res.text(), "%PDF-1.7");
});

Deno.test("answers: the document carries the declared result inside the envelope, under its status", () => {
  const doc = openApiDocument(app(good).routes, { version: "t", serverUrl: "/" });
  const schemaOf = (path: string, method: string, status: string) =>
    (doc.paths[path][method].responses[status] as any).content["application/json"].schema;
  const get = schemaOf("/things/{id}", "get", "200");
  assert.deepEqual(get.required, ["status", "result"]);
  assert.deepEqual(Object.keys(get.properties.result.properties), ["id", "name", "price"]);
  assert.equal(get.properties.result.properties.price.type, "integer");
  assert.ok(schemaOf("/things", "post", "201"));
  assert.equal(doc.paths["/things"].post.responses["2XX"], undefined);
});
