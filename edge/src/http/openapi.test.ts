import assert from "node:assert/strict";
import { Validator } from "@seriousme/openapi-schema-validator";
import { z } from "zod";
import { apiTest } from "../test/harness.ts";
import { openApiDocument, openApiPath, type Operation } from "./openapi.ts";
import { createRouter } from "./router.ts";
import { allow } from "../access/policy.ts";
import { validate } from "./validate.ts";

const METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE"]);

apiTest("openapi: every route of the API is in the generated document, with its access and inputs", async (t, ctx) => {
  const res = await ctx.call("GET", "/openapi.json");
  assert.equal(res.status, 200);
  const doc = res.body as { openapi: string; paths: Record<string, Record<string, Operation>>; components: unknown };

  await t.step("the document's basic shape: OpenAPI 3.1.0, every operation answers something and states its access", () => {
    assert.equal(doc.openapi, "3.1.0");
    const ops = Object.values(doc.paths).flatMap((p) => Object.values(p));
    assert.ok(ops.length > 80, `expected the API's operations, got ${ops.length}`);
    for (const [path, methods] of Object.entries(doc.paths)) {
      assert.ok(path.startsWith("/"), path);
      for (const [method, op] of Object.entries(methods)) {
        assert.ok(Object.keys(op.responses).length > 0, `${method} ${path} has no response`);
        const success = Object.keys(op.responses).filter((code) => /^2/.test(code));
        assert.equal(success.length, 1, `${method} ${path} states one success answer`);
        assert.ok(op.responses["401"], `${method} ${path}`);
        assert.ok(["public", "signedIn", "roles", "superAdmin"].includes(op["x-access"].kind), `${method} ${path}`);
        assert.ok(op.security.length > 0, `${method} ${path}`);
        // Every {placeholder} of the path is a declared path parameter.
        const declared = new Set((op.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name));
        for (const [, name] of path.matchAll(/\{([^}]+)\}/g)) assert.ok(declared.has(name as string), `${method} ${path}: ${name}`);
      }
    }
    const ids = Object.values(doc.paths).flatMap((p) => Object.values(p).map((op) => op.operationId));
    assert.equal(new Set(ids).size, ids.length, "operation ids are unique");
  });

  await t.step("the document is valid OpenAPI 3.1 to an independent validator (@seriousme/openapi-schema-validator)", async () => {
    const verdict = await new Validator().validate(structuredClone(doc) as never);
    assert.deepEqual(verdict, { valid: true });
  });

  await t.step("every operation declares its result (http/answers.ts): a new route without one fails here", () => {
    const ops = Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([m, op]) => ({ key: `${m} ${path}`, op })));
    const undeclared = ops.filter(({ op }) => op.responses["2XX"]).map(({ key }) => key);
    console.log(`openapi: ${ops.length - undeclared.length} of ${ops.length} operations declare their result`);
    assert.deepEqual(undeclared, [], "declare each with answers(schema), answersFile(type) or answersNothing()");
    const problems = doc.paths["/problems/patient/{id}"].get.responses["200"] as any;
    assert.equal(problems.content["application/json"].schema.properties.result.type, "array");
  });

  await t.step("no route of the app is missing (walks app.routes)", () => {
    const routes = ctx.api.routes.filter((r) => METHODS.has(r.method));
    assert.ok(routes.length > 80);
    const missing = [...new Set(routes.map((r) => `${r.method} ${r.path}`))].filter((key) => {
      const [method, path] = key.split(" ");
      return !doc.paths[openApiPath(path).path]?.[method.toLowerCase()];
    });
    assert.deepEqual(missing, []);
    assert.ok(doc.paths["/openapi.json"]?.get && doc.paths["/docs"]?.get, "the reference documents itself");
  });

  await t.step("access and inputs come from the guards and the zod schemas", () => {
    const login = doc.paths["/users/login"].post;
    assert.equal(login["x-access"].kind, "public");
    assert.deepEqual(login.security, [{}, { bearer: [] }]);
    const body = (login.requestBody as any).content["application/json"].schema;
    assert.deepEqual(Object.keys(body.properties).sort(), ["email", "password"]);
    assert.ok(login.responses["400"], "inputs can be refused");

    const block = doc.paths["/users/block/{id}"].put;
    assert.deepEqual(block["x-access"], { kind: "roles", roles: ["admin"], fullAccess: false });
    assert.deepEqual(block.security, [{ bearer: [] }]);
    assert.ok(block.responses["403"]);
    assert.equal((block.parameters as any[])[0].schema.format, "uuid");

    const pull = doc.paths["/sync/{version}/{collection}/pull"].get;
    const version = (pull.parameters as any[]).find((p) => p.name === "version");
    assert.equal(version.schema.pattern, "^v[0-9]+$");
    assert.ok((pull.parameters as any[]).some((p) => p.in === "query"), "the pull's query is documented");

    const register = doc.paths["/users"].post;
    assert.ok((register.requestBody as any).content["multipart/form-data"], "multipart forms are documented");
  });

  await t.step("the newer domains' inputs are there too (orders, team, documents, admin)", () => {
    const jsonBodyOf = (path: string, method: string) => (doc.paths[path]?.[method]?.requestBody as any)?.content?.["application/json"]?.schema;
    const queryOf = (path: string) => ((doc.paths[path]?.get?.parameters ?? []) as any[]).filter((p) => p.in === "query").map((p) => p.name);
    assert.ok(jsonBodyOf("/encounterLabs/{encounterId}", "post"), "a lab order's body");
    assert.ok(jsonBodyOf("/encounterPrescriptions/{encounterId}", "post"), "a prescription's body");
    assert.ok(queryOf("/orders").includes("offset"), "the orders list's query");
    assert.ok(jsonBodyOf("/vmas", "post"), "a VMA invitation's body");
    assert.ok(jsonBodyOf("/contacts", "post"), "a contact's body");
    assert.equal(((doc.paths["/doctorMacros/{id}"].put.parameters as any[])[0]).schema.format, "uuid");
    assert.ok(jsonBodyOf("/documents/fax", "post"), "a fax's body");
    assert.ok(queryOf("/admin/applications").length > 0, "the applications' query");
    assert.ok((doc.paths["/admin/agreements"].post.requestBody as any).content["multipart/form-data"], "an agreement's form");
  });

  await t.step("the browsable reference is server-rendered HTML with no script, listing every path", async () => {
    const page = await ctx.call("GET", "/docs");
    assert.equal(page.status, 200);
    assert.match(page.headers.get("content-type") ?? "", /text\/html/);
    const csp = page.headers.get("content-security-policy") ?? "";
    assert.match(csp, /script-src 'self'/, "the app's one policy: no inline script");
    assert.doesNotMatch(csp, /unsafe-inline/);
    const html = page.body as string;
    assert.doesNotMatch(html, /<script/i);
    assert.doesNotMatch(html, /\sstyle=/i, "no inline style either");
    for (const path of Object.keys(doc.paths)) assert.ok(html.includes(`<code>${path}</code>`), path);
    const css = await ctx.call("GET", "/docs/style.css");
    assert.equal(css.status, 200);
    assert.match(css.headers.get("content-type") ?? "", /text\/css/);
  });
});

Deno.test("openapi: a route added to a router shows up in the document; undeclared parameters default to strings", () => {
  const r = createRouter();
  r.get("/things/:id", allow.signedIn, (c) => c.json({}));
  r.post("/things", allow.roles("doctor"), validate({ json: z.object({ name: z.string().max(10) }) }), (c) => c.json({}));
  const doc = openApiDocument(r.app.routes, { version: "t", serverUrl: "/" });
  assert.deepEqual(Object.keys(doc.paths).sort(), ["/things", "/things/{id}"]);
  assert.deepEqual(doc.paths["/things/{id}"].get.parameters, [{ name: "id", in: "path", required: true, schema: { type: "string" } }]);
  const body = (doc.paths["/things"].post.requestBody as any).content["application/json"].schema;
  assert.equal(body.properties.name.maxLength, 10);
  assert.equal(doc.paths["/things/{id}"].get.responses["400"], undefined, "no inputs declared: no 400");
});
