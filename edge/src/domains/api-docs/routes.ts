/**
 * The API's own reference: `GET /openapi.json` (OpenAPI 3.1, generated from the
 * route table by http/openapi.ts) and `GET /docs`, the same document as a plain
 * server-rendered HTML page (no script, so it passes the strictest CSP).
 */
import { allow } from "../../access/policy.ts";
import { type OpenApiDocument, openApiDocument, type RouteEntry } from "../../http/openapi.ts";
import { answersFile } from "../../http/answers.ts";
import { createRouter } from "../../http/router.ts";
import { renderApiDocs } from "./html.ts";

/** `routes` is read on first use, when every router of the API is mounted. */
export function apiDocsRoutes(routes: () => readonly RouteEntry[], version: string) {
  const r = createRouter();
  let doc: OpenApiDocument | null = null;
  let html: string | null = null;
  const document = () => (doc ??= openApiDocument(routes(), { version, serverUrl: "/api/v1" }));

  // The document itself, not an envelope.
  r.get("/openapi.json", allow.public, answersFile("application/json"), (c) => {
    c.header("Cache-Control", "no-cache");
    return c.json(document());
  });

  r.get("/docs", allow.public, answersFile("text/html"), (c) => {
    html ??= renderApiDocs(document());
    c.header("Cache-Control", "no-cache");
    // The app's one Content-Security-Policy (http/csp.ts) covers this page: no script, styles from the origin.
    return c.html(html);
  });

  r.get("/docs/style.css", allow.public, answersFile("text/css"), (c) => {
    c.header("Content-Type", "text/css; charset=utf-8");
    c.header("Cache-Control", "no-cache");
    return c.body(STYLE);
  });

  return r.app;
}

const STYLE = `
body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 72rem; padding: 1rem; color: #1a1a1a; }
h1, h2, h3 { line-height: 1.2; }
nav ul { columns: 14rem; padding-left: 1.2rem; }
section.op { border-top: 1px solid #ccc; padding: .5rem 0; }
.method { display: inline-block; min-width: 4.5rem; font-weight: 700; font-family: ui-monospace, monospace; }
code, pre { font-family: ui-monospace, monospace; font-size: .9rem; }
pre { background: #f4f4f4; padding: .5rem; overflow-x: auto; max-height: 24rem; }
table { border-collapse: collapse; }
th, td { border: 1px solid #ccc; padding: .2rem .5rem; text-align: left; vertical-align: top; }
details > summary { cursor: pointer; }
`;
