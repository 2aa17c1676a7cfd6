import assert from "node:assert/strict";
import { Hono } from "hono";
import type { AppEnv } from "./http/context.ts";
import { mountPwa } from "./static.ts";

Deno.test("static: serves the PWA, 404 for unknown routes, long cache for assets only", async () => {
  const root = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${root}/index.html`, "<!doctype html><title>app</title>");
    await Deno.mkdir(`${root}/assets`);
    await Deno.writeTextFile(`${root}/assets/app-123.js`, "console.log(1)");
    await Deno.writeTextFile(`${root}/sw.js`, "self.x=1");
    const app = new Hono<AppEnv>();
    assert.equal(await mountPwa(app, root), true);

    const home = await app.request("/doctors");
    assert.equal(home.status, 200);
    assert.match(await home.text(), /<title>app<\/title>/);
    const param = await app.request("/profile/123");
    assert.equal(param.status, 200);
    await param.body?.cancel();
    const unknown = await app.request("/definitely/not/here");
    assert.equal(unknown.status, 404);
    assert.match(await unknown.text(), /<title>app<\/title>/, "the not-found page is the app itself");

    const asset = await app.request("/assets/app-123.js");
    assert.equal(asset.headers.get("cache-control"), "public, max-age=31536000, immutable");
    await asset.body?.cancel();
    const sw = await app.request("/sw.js");
    assert.equal(sw.headers.get("cache-control"), "no-cache");
    await sw.body?.cancel();
    assert.equal(await mountPwa(new Hono<AppEnv>(), `${root}/missing`), false);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("static: build-time brotli/gzip copies chosen by Accept-Encoding, identity otherwise", async () => {
  const root = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${root}/index.html`, "<!doctype html><title>app</title>");
    await Deno.mkdir(`${root}/assets`);
    const source = "console.log('hello');".repeat(200);
    await Deno.writeTextFile(`${root}/assets/app-1.js`, source);
    const bytes = new TextEncoder().encode(source);
    const gzipped = new Uint8Array(await new Response(
      new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip")),
    ).arrayBuffer());
    await Deno.writeFile(`${root}/assets/app-1.js.gz`, gzipped);
    await Deno.writeFile(`${root}/assets/app-1.js.br`, new Uint8Array([1, 2, 3]));
    const app = new Hono<AppEnv>();
    await mountPwa(app, root);

    const br = await app.request("/assets/app-1.js", { headers: { "Accept-Encoding": "gzip, deflate, br" } });
    assert.equal(br.headers.get("content-encoding"), "br");
    assert.match(br.headers.get("vary") ?? "", /Accept-Encoding/);
    assert.equal(br.headers.get("content-type"), "text/javascript; charset=utf-8");
    assert.equal(br.headers.get("cache-control"), "public, max-age=31536000, immutable");
    assert.deepEqual(new Uint8Array(await br.arrayBuffer()), new Uint8Array([1, 2, 3]));

    const gz = await app.request("/assets/app-1.js", { headers: { "Accept-Encoding": "gzip" } });
    assert.equal(gz.headers.get("content-encoding"), "gzip");
    const unzipped = await new Response(gz.body!.pipeThrough(new DecompressionStream("gzip"))).text();
    assert.equal(unzipped, source);

    const plain = await app.request("/assets/app-1.js");
    assert.equal(plain.headers.get("content-encoding"), null);
    assert.equal(await plain.text(), source);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});
