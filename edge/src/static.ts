/** Serves the built PWA: hashed assets cached long, the service worker never, unknown routes 404. */
import type { Hono } from "hono";
import { serveStatic } from "hono/deno";
import type { AppEnv } from "./http/context.ts";
import { isKnownRoute } from "../../sync/routes.ts";

export async function mountPwa(app: Hono<AppEnv>, root: string): Promise<boolean> {
  let index: string;
  try {
    index = await Deno.readTextFile(`${root}/index.html`);
  } catch {
    return false;
  }
  app.use("/assets/*", async (c, next) => {
    await next();
    if (c.res.ok) c.header("Cache-Control", "public, max-age=31536000, immutable");
  });
  app.use("/sw.js", async (c, next) => {
    await next();
    c.header("Cache-Control", "no-cache");
  });
  // Assets are served from the brotli/gzip copies made at build time (pwa/build/precompress.ts) when the
  // browser accepts them; hono adds Content-Encoding and Vary: Accept-Encoding.
  app.use("*", serveStatic({ root, precompressed: true }));
  app.get("*", (c) => {
    c.header("Cache-Control", "no-cache");
    return c.html(index, isKnownRoute(c.req.path) ? 200 : 404);
  });
  return true;
}
