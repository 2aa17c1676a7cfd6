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
