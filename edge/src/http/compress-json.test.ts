import assert from "node:assert/strict";
import { Hono } from "hono";
import { zstdDecompressSync } from "node:zlib";
import { chooseEncoding, compressJson } from "./compress-json.ts";

function app() {
  const app = new Hono();
  app.use("*", compressJson(1024));
  const big = { rows: Array.from({ length: 200 }, (_, i) => ({ id: `row-${i}`, text: "the same words again" })) };
  app.get("/big", (c) => c.json(big));
  app.get("/small", (c) => c.json({ ok: true }));
  app.get("/file", (c) => c.body("x".repeat(5000), 200, { "Content-Type": "text/plain" }));
  app.get("/cookie", (c) => {
    c.header("Set-Cookie", "a=1");
    return c.json(big, 201);
  });
  return { app, big };
}

Deno.test("compressJson: gzips JSON above the threshold for clients that accept gzip", async () => {
  const { app: a, big } = app();
  const res = await a.request("/big", { headers: { "Accept-Encoding": "gzip, br" } });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("content-encoding"), "gzip");
  assert.match(res.headers.get("vary") ?? "", /Accept-Encoding/);
  const text = await new Response(res.body!.pipeThrough(new DecompressionStream("gzip"))).text();
  assert.deepEqual(JSON.parse(text), big);

  const created = await a.request("/cookie", { headers: { "Accept-Encoding": "gzip" } });
  assert.equal(created.status, 201, "status kept");
  assert.equal(created.headers.get("set-cookie"), "a=1", "other headers kept");
  assert.equal(created.headers.get("content-encoding"), "gzip");
  await created.body?.cancel();
});

Deno.test("compressJson: small answers, non-JSON bodies and clients without gzip stay as they are", async () => {
  const { app: a, big } = app();
  const small = await a.request("/small", { headers: { "Accept-Encoding": "gzip" } });
  assert.equal(small.headers.get("content-encoding"), null);
  assert.deepEqual(await small.json(), { ok: true });
  const file = await a.request("/file", { headers: { "Accept-Encoding": "gzip" } });
  assert.equal(file.headers.get("content-encoding"), null);
  assert.equal((await file.text()).length, 5000);
  const identity = await a.request("/big");
  assert.equal(identity.headers.get("content-encoding"), null);
  assert.deepEqual(await identity.json(), big);
  const refused = await a.request("/big", { headers: { "Accept-Encoding": "gzip;q=0, br" } });
  assert.equal(refused.headers.get("content-encoding"), null);
  await refused.body?.cancel();
});

Deno.test("compressJson: zstd for clients that take it, the client's weights deciding", async () => {
  const { app: a, big } = app();
  // Chromium's header.
  const res = await a.request("/big", { headers: { "Accept-Encoding": "gzip, deflate, br, zstd" } });
  assert.equal(res.headers.get("content-encoding"), "zstd");
  assert.match(res.headers.get("vary") ?? "", /Accept-Encoding/);
  const bytes = new Uint8Array(await res.arrayBuffer());
  assert.equal(Number(res.headers.get("content-length")), bytes.byteLength);
  assert.deepEqual(JSON.parse(new TextDecoder().decode(zstdDecompressSync(bytes))), big);
  const gzipped = await a.request("/big", { headers: { "Accept-Encoding": "zstd;q=0.5, gzip" } });
  assert.equal(gzipped.headers.get("content-encoding"), "gzip");
  await gzipped.body?.cancel();
});

Deno.test("chooseEncoding: weights, wildcards and refusals", () => {
  const cases: [string | undefined, string | null][] = [
    [undefined, null],
    ["", null],
    ["identity", null],
    ["br", null],
    ["gzip", "gzip"],
    ["zstd", "zstd"],
    ["gzip, zstd", "zstd"],
    ["GZIP", "gzip"],
    ["zstd;q=0, gzip", "gzip"],
    ["zstd;q=0.4, gzip;q=0.5", "gzip"],
    ["zstd;q=0.5, gzip;q=0.5", "zstd"],
    ["*", "zstd"],
    ["*;q=0", null],
    ["gzip;q=0, *", "zstd"],
    ["zstd;q=0, *;q=0.1", "gzip"],
    ["gzip;q=nonsense", null],
  ];
  for (const [header, expected] of cases) assert.equal(chooseEncoding(header), expected, String(header));
});
