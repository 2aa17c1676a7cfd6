/** The Idempotency-Key rule (idempotency.ts) on a real app and database, through the routes that create. */
import assert from "node:assert/strict";
import { apiTest, type TestContext } from "../test/harness.ts";
import { createPractice } from "../test/sync-fixtures.ts";
import { form, pdfFile, startChat } from "../test/chat-fixtures.ts";
import { openApiDocument } from "./openapi.ts";
import { declaredAnswer } from "./answers.ts";
import { isIdempotent, stableJson } from "./idempotency.ts";
import { ABANDONED_AFTER_MS, IDEMPOTENCY_SWEEP_JOB, KEY_TTL_MS } from "./idempotency-store.ts";

const messagesIn = async (ctx: TestContext, chatId: string) =>
  (await ctx.sql<{ count: number }[]>`select count(*)::int as count from chat_messages where chat_id = ${chatId}`)[0].count;
const keyRows = async (ctx: TestContext, key: string) =>
  (await ctx.sql<{ count: number }[]>`select count(*)::int as count from idempotency_keys where key = ${key}`)[0].count;

apiTest("Idempotency-Key: one create per key and caller", async (t, ctx) => {
  const { doctor, patient } = await createPractice(ctx);
  const chatId = await startChat(ctx, patient, doctor);
  const post = (o: { key?: string; text?: string; token?: string }) =>
    ctx.call("POST", `/messages/${chatId}`, {
      token: o.token ?? patient.token,
      body: { text: o.text ?? "hello" },
      headers: o.key === undefined ? {} : { "Idempotency-Key": o.key },
    });

  await t.step("the same key and body twice: one message, the first answer replayed", async () => {
    const key = crypto.randomUUID();
    const before = await messagesIn(ctx, chatId);
    const first = await post({ key, text: "once" });
    assert.equal(first.status, 201, JSON.stringify(first.body));
    assert.equal(first.headers.get("Idempotent-Replayed"), null);
    const again = await post({ key, text: "once" });
    assert.equal(again.status, 201);
    assert.equal(again.headers.get("Idempotent-Replayed"), "true");
    assert.deepEqual(again.body, first.body);
    assert.equal(await messagesIn(ctx, chatId), before + 1);
  });

  await t.step("the same key with another body or path: 409 IDEMPOTENCY_KEY_REUSED, nothing created", async () => {
    const key = crypto.randomUUID();
    assert.equal((await post({ key, text: "first" })).status, 201);
    const before = await messagesIn(ctx, chatId);
    const other = await post({ key, text: "second" });
    assert.equal(other.status, 409);
    assert.equal(other.body.details.reason, "IDEMPOTENCY_KEY_REUSED");
    const contact = { name: "Pat", email: "pat@example.test", subject: "Hi", message: "first" };
    const elsewhere = await ctx.call("POST", "/contactus", { token: patient.token, body: contact, headers: { "Idempotency-Key": key }, address: "10.9.9.8" });
    assert.equal(elsewhere.status, 409);
    assert.equal(elsewhere.body.details.reason, "IDEMPOTENCY_KEY_REUSED");
    assert.equal(await messagesIn(ctx, chatId), before);
  });

  await t.step("another user with the same key: their own create, never the first user's answer", async () => {
    const key = crypto.randomUUID();
    const mine = await post({ key, text: "same words" });
    const theirs = await post({ key, text: "same words", token: doctor.token });
    assert.equal(theirs.status, 201);
    assert.equal(theirs.headers.get("Idempotent-Replayed"), null);
    assert.notEqual(theirs.body.result.id, mine.body.result.id);
    assert.equal(await keyRows(ctx, key), 2);
  });

  await t.step("no header: two requests create two messages, and no key is stored", async () => {
    const before = await messagesIn(ctx, chatId);
    const keys = async () => (await ctx.sql`select 1 from idempotency_keys`).length;
    const keysBefore = await keys();
    const [a, b] = [await post({ text: "twice" }), await post({ text: "twice" })];
    assert.notEqual(a.body.result.id, b.body.result.id);
    assert.equal(await messagesIn(ctx, chatId), before + 2);
    assert.equal(await keys(), keysBefore);
  });

  await t.step("the same key five times at once: one message; the others replay it or are told it is in use", async () => {
    const key = crypto.randomUUID();
    const before = await messagesIn(ctx, chatId);
    const all = await Promise.all(Array.from({ length: 5 }, () => post({ key, text: "racing" })));
    assert.equal(await messagesIn(ctx, chatId), before + 1);
    const created = all.filter((r) => r.status === 201);
    assert.ok(created.length >= 1);
    assert.equal(new Set(created.map((r) => r.body.result.id)).size, 1);
    for (const r of all.filter((r) => r.status !== 201)) {
      assert.equal(r.status, 409, JSON.stringify(r.body));
      assert.equal(r.body.details.reason, "IDEMPOTENCY_KEY_IN_USE");
    }
    const later = await post({ key, text: "racing" });
    assert.equal(later.headers.get("Idempotent-Replayed"), "true");
  });

  await t.step("a key that is empty, too long or not printable: 400, nothing created", async () => {
    const before = await messagesIn(ctx, chatId);
    for (const key of ["", "k".repeat(256), "clé", "a\tb"]) {
      const res = await post({ key, text: "bad key" });
      assert.equal(res.status, 400, `${key.length}: ${JSON.stringify(res.body)}`);
      assert.equal(res.body.details.reason, "IDEMPOTENCY_KEY_INVALID");
    }
    assert.equal((await post({ key: "k".repeat(255), text: "longest key" })).status, 201);
    assert.equal(await messagesIn(ctx, chatId), before + 1);
  });

  await t.step("a refusal is not kept: the key is free again", async () => {
    const key = crypto.randomUUID();
    const refused = await ctx.call("POST", `/messages/${chatId}`, { token: patient.token, body: { text: "   " }, headers: { "Idempotency-Key": key } });
    assert.equal(refused.status, 400);
    assert.equal(await keyRows(ctx, key), 0);
    assert.equal((await post({ key, text: "now valid" })).status, 201);
  });

  await t.step("a multipart create: the same files replay, another file is another request", async () => {
    const key = crypto.randomUUID();
    const file = pdfFile("scan.pdf", 4096);
    const send = (f: File) =>
      ctx.call("POST", `/messages/${chatId}`, { token: patient.token, form: form({ text: "with a file" }, [f]), headers: { "Idempotency-Key": key } });
    const first = await send(file);
    assert.equal(first.status, 201, JSON.stringify(first.body));
    const again = await send(file);
    assert.equal(again.headers.get("Idempotent-Replayed"), "true");
    assert.deepEqual(again.body, first.body);
    const other = await send(pdfFile("scan.pdf", 4097));
    assert.equal(other.body.details.reason, "IDEMPOTENCY_KEY_REUSED");
  });

  await t.step("a claim with no answer after a minute is abandoned: the request runs", async () => {
    const key = crypto.randomUUID();
    await ctx.sql`insert into idempotency_keys (user_id, key, route, request_hash, created_at)
      values (${patient.id}, ${key}, 'POST /crashed', 'x', ${new Date(ctx.clock.now().getTime() - 10_000)})`;
    assert.equal((await post({ key, text: "after a crash" })).body.details.reason, "IDEMPOTENCY_KEY_REUSED");
    await ctx.sql`update idempotency_keys set request_hash = 'y', created_at = ${new Date(ctx.clock.now().getTime() - ABANDONED_AFTER_MS - 1)}
      where key = ${key}`;
    assert.equal((await post({ key, text: "after a crash" })).status, 201);
  });

  await t.step("after 24 hours a key is new again, and the sweep deletes it", async () => {
    // The rows are aged rather than the clock moved: a day later the test's tokens have expired.
    const age = (ms: number) => ctx.sql`update idempotency_keys set created_at = created_at - ${ms} * interval '1 millisecond'`;
    const key = crypto.randomUUID();
    const first = await post({ key, text: "yesterday" });
    await age(KEY_TTL_MS - 1000);
    assert.equal((await post({ key, text: "yesterday" })).headers.get("Idempotent-Replayed"), "true");
    await age(2000);
    const next = await post({ key, text: "yesterday" });
    assert.equal(next.status, 201);
    assert.equal(next.headers.get("Idempotent-Replayed"), null);
    assert.notEqual(next.body.result.id, first.body.result.id);
    const fresh = crypto.randomUUID();
    await post({ key: fresh, text: "today" });
    await ctx.deps.jobs.send(IDEMPOTENCY_SWEEP_JOB, {});
    await ctx.deps.jobs.drain({ jobs: [IDEMPOTENCY_SWEEP_JOB] });
    const left = await ctx.sql<{ key: string }[]>`select key from idempotency_keys where user_id = ${patient.id}`;
    assert.deepEqual(left.map((r) => r.key).sort(), [key, fresh].sort());
  });

  await t.step("a public create without a token is keyed for callers without one", async () => {
    const key = crypto.randomUUID();
    const body = { name: "Ann", email: "ann@example.test", subject: "Hello", message: "A question" };
    const call = () => ctx.call("POST", "/contactus", { body, headers: { "Idempotency-Key": key }, address: "10.9.9.9" });
    const first = await call();
    assert.equal(first.status, 201, JSON.stringify(first.body));
    assert.equal((await call()).headers.get("Idempotent-Replayed"), "true");
    const rows = await ctx.sql`select 1 from contact_messages where email = 'ann@example.test'`;
    assert.equal(rows.length, 1);
  });
});

apiTest("Idempotency-Key: declared on the routes that create", async (t, ctx) => {
  // Creates that keep their own rule: the purchase and the subscription carry their key in the body (the
  // processor's key too); starting a chat finds the one chat of a pair; a sign-up refuses a taken e-mail.
  const OWN_RULE = new Set(["POST /paidServices/request/:id", "POST /messages/chat/:userId", "POST /users"]);

  await t.step("every POST that answers 201 is idempotent(), but for those with their own rule", () => {
    const missing = new Set<string>();
    const marked = new Set<string>();
    for (const r of ctx.api.routes) {
      const name = `${r.method} ${r.path}`;
      if (isIdempotent(r.handler)) marked.add(name);
      const answer = declaredAnswer(r.handler);
      if (r.method === "POST" && answer && answer.status === 201 && !OWN_RULE.has(name)) missing.add(name);
    }
    for (const name of marked) missing.delete(name);
    assert.deepEqual([...missing], []);
    assert.ok(marked.has("POST /messages/:chatId") && marked.has("POST /doctorTasks") && marked.has("POST /contactus"));
  });

  await t.step("the document shows the header and the 409 on them, not elsewhere", () => {
    const doc = openApiDocument(ctx.api.routes, { version: "test", serverUrl: "/api/v1" });
    const send = doc.paths["/messages/{chatId}"].post;
    assert.ok(send.parameters?.some((p) => p.name === "Idempotency-Key" && p.in === "header"));
    assert.ok(send.responses["409"]);
    assert.ok(!doc.paths["/users/login"].post.parameters?.some((p) => p.name === "Idempotency-Key"));
  });

  await t.step("stableJson reads the same value the same way", () => {
    assert.equal(stableJson({ b: 1, a: [{ d: 2, c: null }] }), stableJson({ a: [{ c: null, d: 2 }], b: 1 }));
    assert.notEqual(stableJson({ a: [1, 2] }), stableJson({ a: [2, 1] }));
  });
});
