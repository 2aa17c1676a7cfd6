/** Renders the OpenAPI document as one accessible HTML page: a table of contents, then each operation. */
import type { OpenApiDocument, Operation } from "../../http/openapi.ts";

const esc = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

const anchor = (op: Operation) => esc(op.operationId);

function renderOperation(method: string, path: string, op: Operation): string {
  const params = (op.parameters ?? []) as { name: string; in: string; required: boolean; schema: unknown }[];
  const paramRows = params.map((p) =>
    `<tr><td><code>${esc(p.name)}</code></td><td>${esc(p.in)}</td><td>${p.required ? "yes" : "no"}</td>` +
    `<td><code>${esc(JSON.stringify(p.schema))}</code></td></tr>`
  ).join("");
  const body = op.requestBody as { content: Record<string, { schema: unknown }> } | undefined;
  const bodyHtml = body
    ? Object.entries(body.content).map(([type, { schema }]) =>
      `<details><summary>Request body: <code>${esc(type)}</code></summary><pre>${esc(JSON.stringify(schema, null, 2))}</pre></details>`
    ).join("")
    : "";
  const responses = Object.entries(op.responses).map(([code, r]) => {
    const ref = (r as { $ref?: string }).$ref;
    return `<li><strong>${esc(code)}</strong> ${esc(ref ? ref.split("/").pop() ?? "" : (r as { description?: string }).description ?? "")}</li>`;
  }).join("");
  return `<section class="op" id="${anchor(op)}" aria-labelledby="${anchor(op)}-h">
<h3 id="${anchor(op)}-h"><span class="method">${esc(method.toUpperCase())}</span> <code>${esc(path)}</code></h3>
<p>Access: ${esc(op.summary.split(" — ")[1] ?? "")}</p>
${paramRows ? `<table><caption>Parameters</caption><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Required</th><th scope="col">Schema</th></tr></thead><tbody>${paramRows}</tbody></table>` : ""}
${bodyHtml}
<p>Answers:</p><ul>${responses}</ul>
</section>`;
}

export function renderApiDocs(doc: OpenApiDocument): string {
  const byTag = new Map<string, [string, string, Operation][]>();
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const tag = op.tags[0];
      byTag.set(tag, [...(byTag.get(tag) ?? []), [method, path, op]]);
    }
  }
  const tags = [...byTag.keys()].sort();
  const toc = tags.map((t) => `<li><a href="#tag-${esc(t)}">${esc(t)}</a> (${byTag.get(t)!.length})</li>`).join("");
  const sections = tags.map((t) =>
    `<section aria-labelledby="tag-${esc(t)}"><h2 id="tag-${esc(t)}">${esc(t)}</h2>${
      byTag.get(t)!.map(([m, p, op]) => renderOperation(m, p, op)).join("\n")
    }</section>`
  ).join("\n");
  const info = doc.info as { title: string; version: string; description: string };
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(info.title)} ${esc(info.version)}</title><link rel="stylesheet" href="docs/style.css"></head>
<body><header><h1>${esc(info.title)} <small>${esc(info.version)}</small></h1>
<p>${esc(info.description)}</p>
<p>Base URL <code>/api/v1</code>. Machine-readable: <a href="openapi.json">openapi.json</a> (OpenAPI 3.1).</p></header>
<nav aria-label="Areas"><ul>${toc}</ul></nav>
<main>${sections}</main></body></html>`;
}
