import assert from "node:assert/strict";
import { apiTest } from "../../test/harness.ts";
import { CLIENT_TYPES_FILE, clientTypes } from "./client-types.ts";

const root = new URL("../../../../", import.meta.url);

apiTest("api types: the PWA's generated API types match the served OpenAPI document (npm run api:types)", async (_t, ctx) => {
  const res = await ctx.call("GET", "/openapi.json");
  assert.equal(res.status, 200);
  const generated = await clientTypes(res.body);
  const file = new URL(CLIENT_TYPES_FILE, root);
  if (Deno.env.get("UPDATE_API_TYPES") === "1") {
    await Deno.writeTextFile(file, generated);
    return;
  }
  const committed = await Deno.readTextFile(file).catch(() => "");
  assert.ok(committed === generated, `${CLIENT_TYPES_FILE} is out of date with the routes' declarations: run npm run api:types`);
  assert.match(committed, /"\/problems\/patient\/\{id\}"/);
});
