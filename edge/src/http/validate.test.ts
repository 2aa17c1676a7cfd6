import assert from "node:assert/strict";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "./context.ts";
import { silentLogger } from "../platform/log.ts";
import { createErrorHandler } from "./on-error.ts";
import { declaredInputs, valid, validate } from "./validate.ts";

const idSchema = z.object({ id: z.uuid() });
const bodySchema = z.object({ name: z.string().min(1).max(5) }).strict();
const otherSchema = z.object({ other: z.string() });

function app() {
  const a = new Hono<AppEnv>();
  const inputs = validate({ param: idSchema, json: bodySchema });
  a.put("/t/:id", inputs, (c) => c.json({ id: valid(c, idSchema).id, name: valid(c, bodySchema).name }));
  a.put("/undeclared/:id", validate({ param: idSchema }), (c) => c.json(valid(c, otherSchema)));
  a.onError(createErrorHandler(silentLogger));
  return a;
}
const put = (path: string, body: unknown) =>
  app().request(path, { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
const ID = "0d3c0c1e-5f6a-4c8e-9a11-000000000001";

Deno.test("validate: parsed inputs reach the handler; each bad input answers 400 naming its field", async () => {
  const ok = await put(`/t/${ID}`, { name: "Ann" });
  assert.equal(ok.status, 200);
  assert.deepEqual(await ok.json(), { id: ID, name: "Ann" });

  const badParam = await put("/t/not-a-uuid", { name: "Ann" });
  assert.equal(badParam.status, 400);
  assert.ok((await badParam.json()).details.fields.id);

  const badBody = await put(`/t/${ID}`, { name: "too long", extra: 1 });
  assert.equal(badBody.status, 400);
  const fields = (await badBody.json()).details.fields;
  assert.ok(fields.name && fields.extra, JSON.stringify(fields));
});

Deno.test("validate: declares its schemas; a schema it did not parse is a programming error (500, not a guess)", async () => {
  const mw = validate({ query: otherSchema });
  assert.deepEqual(declaredInputs(mw), { query: otherSchema });
  assert.equal(declaredInputs(() => {}), null);
  const res = await put(`/undeclared/${ID}`, {});
  assert.equal(res.status, 500);
  assert.throws(() => validate({ param: idSchema, query: idSchema }), /one schema object per input/);
});
