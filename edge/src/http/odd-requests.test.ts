/**
 * Requests a real client sends by mistake get a client error, never a server failure (issue 32): a JSON `null` body
 * where fields are read, an OPTIONS request, a body too large (whose connection is then closed).
 */
import assert from "node:assert/strict";
import { apiTest } from "../test/harness.ts";
import { JSON_LIMIT_BYTES } from "./body-size.ts";

apiTest("odd requests: 4xx with a reason, nothing changed", async (t, ctx) => {
  const doctor = await ctx.createUser("doctor");
  const patient = await ctx.createUser("patient", { doctor_id: doctor.id });
  const chat = await ctx.call("POST", `/messages/chat/${doctor.id}`, { token: patient.token });
  const chatId = chat.body.result.chatId as string;

  await t.step("a message whose JSON body is null, a list or a bare value: 400, no message stored", async () => {
    for (const body of ["null", "[]", "42", "\"hi\""]) {
      const res = await ctx.call("POST", `/messages/${chatId}`, { token: patient.token, body });
      assert.equal(res.status, 400, `${body}: ${JSON.stringify(res.body)}`);
      assert.equal(res.body.details.reason, "INVALID_JSON");
    }
    const [{ n }] = await ctx.sql<{ n: number }[]>`select count(*)::int as n from chat_messages where chat_id = ${chatId}`;
    assert.equal(n, 0);
  });

  await t.step("OPTIONS says which methods there are (204), not 'not found'", async () => {
    const res = await ctx.app.request("/api/v1/doctors", { method: "OPTIONS" });
    assert.equal(res.status, 204);
    assert.match(res.headers.get("allow") ?? "", /GET, POST/);
  });

  await t.step("a body too large: 413, and the connection is closed (the body was not read)", async () => {
    const res = await ctx.call("POST", `/messages/${chatId}`, { token: patient.token, body: JSON.stringify({ text: "x".repeat(JSON_LIMIT_BYTES + 10) }) });
    assert.equal(res.status, 413);
    assert.equal(res.headers.get("connection"), "close");
  });
});
