import assert from "node:assert/strict";
import { apiTest } from "../../test/harness.ts";
import {
  addChatMember, create, createChat, createPractice, edit, newDraft, newFile, newMessage, pull, pullAll, push,
} from "../../test/sync-fixtures.ts";
import { PULL_BULK_LIMIT_MAX, PULL_LIMIT_MAX, PULL_PAGE_BYTES_MAX, PUSH_ROWS_MAX, SYNC_VERSION, syncPaths } from "../../../../sync/protocol.ts";

apiTest("sync protocol: checkpoints, push contract, idempotency, conflicts, versions, validation", async (t, ctx) => {
  const { patient, doctor } = await createPractice(ctx);
  const chatId = await createChat(ctx, [patient.id, doctor.id]);
  const count = async (table: string) => (await ctx.sql`select count(*)::int as n from ${ctx.sql(table)}`)[0].n as number;

  await t.step("an empty pull answers no documents and a null checkpoint", async () => {
    const res = await pull(ctx, patient.token, "chat_messages");
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.result, { documents: [], checkpoint: null });
  });

  await t.step("a created document comes back with a server updatedAt; server fields are forced", async () => {
    const msg = { ...newMessage(chatId, patient.id), authorId: doctor.id, updatedAt: 777 };
    const res = await push(ctx, patient.token, "chat_messages", [create(msg)]);
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.result, []);
    const { docs } = await pullAll(ctx, doctor.token, "chat_messages");
    assert.equal(docs.length, 1);
    assert.equal(docs[0].authorId, patient.id, "authorId is the pusher");
    assert.notEqual(docs[0].updatedAt, 777);
    assert.ok(docs[0].updatedAt > 0);
    assert.deepEqual({ ...docs[0], updatedAt: 0 }, { ...msg, authorId: patient.id, updatedAt: 0 });
    const chats = (await pullAll(ctx, patient.token, "chats")).docs;
    assert.equal(chats.length, 1);
    assert.deepEqual(chats[0].memberIds, [patient.id, doctor.id].sort());
    assert.match(chats[0].lastMessageAt, /^\d{4}-\d\d-\d\dT.*Z$/, "a new message moves the chat's lastMessageAt");
  });

  await t.step("paging by checkpoint returns every document once, in (updatedAt, id) order", async () => {
    const before = (await pullAll(ctx, patient.token, "chat_messages")).checkpoint;
    const msgs = Array.from({ length: 7 }, () => newMessage(chatId, doctor.id));
    assert.deepEqual((await push(ctx, doctor.token, "chat_messages", msgs.map(create))).body.result, []);
    const seen: any[] = [];
    let checkpoint = before;
    for (let i = 0; i < 10; i++) {
      const res = await pull(ctx, patient.token, "chat_messages", checkpoint, 3);
      assert.ok(res.body.result.documents.length <= 3);
      if (!res.body.result.checkpoint) break;
      seen.push(...res.body.result.documents);
      const last = res.body.result.documents.at(-1);
      assert.deepEqual(res.body.result.checkpoint, { updatedAt: last.updatedAt, id: last.id });
      checkpoint = res.body.result.checkpoint;
    }
    assert.deepEqual(seen.map((d) => d.id).sort(), msgs.map((m) => m.id).sort());
    for (let i = 1; i < seen.length; i++) {
      const [a, b] = [seen[i - 1], seen[i]];
      assert.ok(a.updatedAt < b.updatedAt || (a.updatedAt === b.updatedAt && a.id < b.id), "strictly increasing");
    }
  });

  await t.step("a bulk page of large drafts ends early for its size and says more; an ordinary page never does", async () => {
    // 100 drafts of about 95 KB each (the limit is 100 KB): about 9.5 MB, so at least three bulk pages of ≤ 4 MB.
    const before = (await pullAll(ctx, doctor.token, "note_drafts")).checkpoint;
    const drafts = Array.from({ length: 100 }, (_, i) => newDraft(patient.id, doctor.id, { text: `${i} `.padEnd(95_000, "x") }));
    for (let i = 0; i < drafts.length; i += 40) {
      assert.deepEqual((await push(ctx, doctor.token, "note_drafts", drafts.slice(i, i + 40).map(create))).body.result, []);
    }
    const seen: string[] = [];
    const sizes: number[] = [];
    let checkpoint = before;
    for (let page = 0; page < 20; page++) {
      const res = await pull(ctx, doctor.token, "note_drafts", checkpoint, PULL_BULK_LIMIT_MAX);
      assert.equal(res.status, 200);
      const { documents, more } = res.body.result;
      if (documents.length === 0) break;
      sizes.push(JSON.stringify(documents).length);
      seen.push(...documents.map((d: { id: string }) => d.id));
      // Ended early (fewer than the limit, and not the last page): it says so; the last page does not.
      assert.equal(more, seen.length < drafts.length ? true : undefined, `page ${page}`);
      checkpoint = res.body.result.checkpoint;
    }
    assert.deepEqual(seen.toSorted(), drafts.map((d) => d.id).toSorted());
    assert.ok(sizes.length >= 3, `${sizes.length} pages`);
    assert.ok(sizes.every((bytes) => bytes <= PULL_PAGE_BYTES_MAX + 100_000), `pages of ${sizes.join(", ")} bytes`);
    // An ordinary page (RxDB's replication, and devices of earlier versions) is never ended early:
    // shorter than asked means the last, so it holds every draft.
    const ordinary = await pull(ctx, doctor.token, "note_drafts", before, PULL_LIMIT_MAX);
    assert.equal(ordinary.body.result.documents.length, drafts.length);
    assert.equal(ordinary.body.result.more, undefined);
    // A page full for its size at the collection's last document says nothing more.
    const fullAt = (await pull(ctx, doctor.token, "note_drafts", before, PULL_BULK_LIMIT_MAX)).body.result.documents.length;
    const from = ordinary.body.result.documents[drafts.length - fullAt - 1];
    const tail = await pull(ctx, doctor.token, "note_drafts", { updatedAt: from.updatedAt, id: from.id }, PULL_BULK_LIMIT_MAX);
    assert.equal(tail.body.result.documents.length, fullAt);
    assert.equal(tail.body.result.more, undefined);
  });

  await t.step("a bulk page of small documents holds up to its limit, in order and once each across the edge's reads of a thousand rows", async () => {
    const before = (await pullAll(ctx, patient.token, "chat_messages")).checkpoint;
    const msgs = Array.from({ length: 1203 }, () => newMessage(chatId, doctor.id));
    for (let i = 0; i < msgs.length; i += PUSH_ROWS_MAX) {
      assert.deepEqual((await push(ctx, doctor.token, "chat_messages", msgs.slice(i, i + PUSH_ROWS_MAX).map(create))).body.result, []);
    }
    const first = await pull(ctx, patient.token, "chat_messages", before, 1202);
    assert.equal(first.body.result.documents.length, 1202);
    assert.equal(first.body.result.more, undefined);
    const rest = await pull(ctx, patient.token, "chat_messages", first.body.result.checkpoint, PULL_BULK_LIMIT_MAX);
    assert.equal(rest.body.result.documents.length, 1);
    const all = [...first.body.result.documents, ...rest.body.result.documents];
    assert.deepEqual(all.map((d: { id: string }) => d.id).toSorted(), msgs.map((m) => m.id).toSorted());
    for (let i = 1; i < all.length; i++) {
      const [a, b] = [all[i - 1], all[i]];
      assert.ok(a.updatedAt < b.updatedAt || (a.updatedAt === b.updatedAt && a.id < b.id), "strictly increasing across the chunks");
    }
  });

  await t.step("equal updatedAt values are paged by id (the checkpoint's tie-breaker)", async () => {
    // seq is unique in practice; force a tie to prove the (seq, id) order keeps both rows.
    const a = newMessage(chatId, doctor.id);
    const b = newMessage(chatId, doctor.id);
    await push(ctx, doctor.token, "chat_messages", [create(a), create(b)]);
    const [{ seq }] = await ctx.sql`select max(seq)::bigint as seq from chat_messages`;
    await ctx.sql`update chat_messages set seq = ${seq} + 100 where id in (${a.id}, ${b.id})`;
    await ctx.sql`select setval('sync_seq', ${seq} + 100)`;
    const first = await pull(ctx, patient.token, "chat_messages", { updatedAt: Number(seq), id: "ffffffff-ffff-4fff-bfff-ffffffffffff" }, 1);
    const next = await pull(ctx, patient.token, "chat_messages", first.body.result.checkpoint, 1);
    const ids = [first.body.result.documents[0].id, next.body.result.documents[0].id];
    assert.deepEqual(ids, [a.id, b.id].sort());
  });

  await t.step("a replayed push is a no-op: no new seq, no duplicate", async () => {
    const msg = newMessage(chatId, patient.id);
    await push(ctx, patient.token, "chat_messages", [create(msg)]);
    const [before] = await ctx.sql`select seq::text from chat_messages where id = ${msg.id}`;
    const total = await count("chat_messages");
    const [seqBefore] = await ctx.sql`select last_value::text from sync_seq`;
    const master = (await pullAll(ctx, patient.token, "chat_messages")).docs.find((d) => d.id === msg.id);
    for (let i = 0; i < 3; i++) {
      // The device never heard its create answered and retries it (its old updatedAt, 0).
      assert.deepEqual((await push(ctx, patient.token, "chat_messages", [create(msg)])).body.result, []);
      const exact = await push(ctx, patient.token, "chat_messages", [{ assumedMasterState: master, newDocumentState: master }]);
      assert.deepEqual(exact.body.result, []);
    }
    const [after] = await ctx.sql`select seq::text from chat_messages where id = ${msg.id}`;
    assert.equal(after.seq, before.seq);
    assert.equal(await count("chat_messages"), total);
    assert.equal((await ctx.sql`select last_value::text from sync_seq`)[0].last_value, seqBefore.last_value);
  });

  await t.step("a stale assumedMasterState is a conflict answering the master; nothing changes", async () => {
    const msg = newMessage(chatId, patient.id);
    await push(ctx, patient.token, "chat_messages", [create(msg)]);
    const master = (await pullAll(ctx, patient.token, "chat_messages")).docs.find((d) => d.id === msg.id);
    assert.deepEqual((await push(ctx, patient.token, "chat_messages", [edit(master, { text: "second" })])).body.result, []);
    const current = (await pullAll(ctx, patient.token, "chat_messages")).docs.find((d) => d.id === msg.id);
    const res = await push(ctx, patient.token, "chat_messages", [edit(master, { text: "third, from an old state" })]);
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.result, [current]);
    const [row] = await ctx.sql`select text from chat_messages where id = ${msg.id}`;
    assert.equal(row.text, "second");
  });

  await t.step("same content with an older updatedAt is not stale (the device had not heard its own write back)", async () => {
    const draft = newDraft(patient.id, doctor.id);
    await push(ctx, doctor.token, "note_drafts", [create(draft)]);
    const first = (await pullAll(ctx, doctor.token, "note_drafts")).docs.find((d) => d.id === draft.id);
    const pushed = { ...first, title: "Edited once" };
    await push(ctx, doctor.token, "note_drafts", [{ assumedMasterState: first, newDocumentState: pushed }]);
    // RxDB now assumes `pushed` (old updatedAt) is the master; the next edit must still be written.
    const res = await push(ctx, doctor.token, "note_drafts", [{ assumedMasterState: pushed, newDocumentState: { ...pushed, title: "Edited twice" } }]);
    assert.deepEqual(res.body.result, []);
    const [row] = await ctx.sql`select title from note_drafts where id = ${draft.id}`;
    assert.equal(row.title, "Edited twice");
  });

  await t.step("a soft delete is pulled as _deleted: true after the reader's checkpoint", async () => {
    const msg = newMessage(chatId, patient.id);
    await push(ctx, patient.token, "chat_messages", [create(msg)]);
    const { docs, checkpoint } = await pullAll(ctx, doctor.token, "chat_messages");
    const master = docs.find((d) => d.id === msg.id);
    assert.deepEqual((await push(ctx, patient.token, "chat_messages", [edit(master, { _deleted: true })])).body.result, []);
    const later = await pullAll(ctx, doctor.token, "chat_messages", checkpoint);
    assert.equal(later.docs.length, 1);
    assert.equal(later.docs[0].id, msg.id);
    assert.equal(later.docs[0]._deleted, true);
    assert.ok(later.docs[0].updatedAt > master.updatedAt);
  });

  await t.step("a member added later receives the chat's earlier messages from their own checkpoint", async () => {
    const vma = await ctx.createUser("vma", { doctor_id: doctor.id });
    const { checkpoint } = await pullAll(ctx, vma.token, "chat_messages");
    assert.equal(checkpoint, null);
    // Move the newcomer's checkpoint past the chat's rows with a message in another chat.
    const other = await createChat(ctx, [vma.id, doctor.id]);
    await push(ctx, vma.token, "chat_messages", [create(newMessage(other, vma.id))]);
    const mine = await pullAll(ctx, vma.token, "chat_messages");
    assert.equal(mine.docs.length, 1);
    await addChatMember(ctx, chatId, vma.id);
    const history = await pullAll(ctx, vma.token, "chat_messages", mine.checkpoint);
    const [{ n }] = await ctx.sql`select count(*)::int as n from chat_messages where chat_id = ${chatId}`;
    assert.equal(history.docs.length, n);
    assert.ok((await pullAll(ctx, vma.token, "chats")).docs.some((c) => c.id === chatId && c.memberIds.includes(vma.id)));
  });

  await t.step("a batch: creates, edits of different fields, a stale edit and a replay, each answered as alone", async () => {
    const drafts = Array.from({ length: 4 }, (_, i) => newDraft(patient.id, doctor.id, { text: `draft ${i}` }));
    assert.deepEqual((await push(ctx, doctor.token, "note_drafts", drafts.map(create))).body.result, []);
    const masters = new Map((await pullAll(ctx, doctor.token, "note_drafts")).docs.map((d) => [d.id, d]));
    const [a, b, c, d] = drafts.map((draft) => masters.get(draft.id));
    const fresh = newDraft(patient.id, doctor.id, { text: "new in the batch" });
    const stale = { ...c, updatedAt: c.updatedAt - 1, title: "what the device saw" };
    const res = await push(ctx, doctor.token, "note_drafts", [
      edit(a, { fields: { text: "a edited" } }),
      create(fresh),
      edit(b, { title: "b renamed" }),
      { assumedMasterState: stale, newDocumentState: { ...c, title: "stale edit" } },
      { assumedMasterState: d, newDocumentState: d },
    ]);
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.result, [c], "only the stale edit conflicts, answered with its master");
    const after = new Map((await pullAll(ctx, doctor.token, "note_drafts")).docs.map((doc) => [doc.id, doc]));
    assert.deepEqual(after.get(a.id).fields, { text: "a edited" });
    assert.equal(after.get(a.id).title, a.title);
    assert.equal(after.get(b.id).title, "b renamed");
    assert.deepEqual(after.get(b.id).fields, b.fields);
    assert.ok(after.get(a.id).updatedAt > a.updatedAt && after.get(b.id).updatedAt > b.updatedAt);
    assert.notEqual(after.get(a.id).updatedAt, after.get(b.id).updatedAt, "each edit its own seq");
    assert.equal(after.get(c.id).updatedAt, c.updatedAt, "the stale edit wrote nothing");
    assert.equal(after.get(d.id).updatedAt, d.updatedAt, "the replay wrote nothing");
    assert.equal(after.get(fresh.id).fields.text, "new in the batch");

    // The same document twice in one batch: the second row is judged against what the first wrote.
    const master = after.get(a.id);
    const twice = await push(ctx, doctor.token, "note_drafts", [
      edit(master, { title: "first" }),
      { assumedMasterState: { ...master, title: "first" }, newDocumentState: { ...master, title: "second" } },
    ]);
    assert.deepEqual(twice.body.result, []);
    const last = (await pullAll(ctx, doctor.token, "note_drafts")).docs.find((doc) => doc.id === a.id);
    assert.equal(last.title, "second");
  });

  await t.step("a version other than the server's answers 426 and writes nothing", async () => {
    const msg = newMessage(chatId, patient.id);
    const total = await count("chat_messages");
    for (const version of [SYNC_VERSION - 1, SYNC_VERSION + 1, 0]) {
      const pushRes = await ctx.call("POST", `/sync/v${version}/chat_messages/push`, { token: patient.token, body: [create(msg)] });
      assert.equal(pushRes.status, 426);
      assert.equal(pushRes.body.message, "Please update the app");
      assert.equal(pushRes.body.details.reason, "CLIENT_OUTDATED");
      assert.equal(pushRes.body.details.serverVersion, SYNC_VERSION);
      const pullRes = await ctx.call("GET", `/sync/v${version}/chat_messages/pull`, { token: patient.token });
      assert.equal(pullRes.status, 426);
      const file = await ctx.call("PUT", `/sync/v${version}/medical_files/${crypto.randomUUID()}/content`, {
        token: patient.token, body: "x", headers: { "content-type": "application/octet-stream", "content-range": "bytes 0-0/1" },
      });
      assert.equal(file.status, 426);
    }
    assert.equal(await count("chat_messages"), total);
  });

  await t.step("an unknown collection answers 404; no token answers 401", async () => {
    for (const path of [syncPaths.pull("users"), syncPaths.pull("__proto__"), syncPaths.push("sessions")]) {
      const res = await ctx.call(path.endsWith("push") ? "POST" : "GET", path, { token: patient.token, body: path.endsWith("push") ? [] : undefined });
      assert.equal(res.status, 404, path);
      assert.equal(res.body.status, "error");
    }
    assert.equal((await ctx.call("GET", syncPaths.pull("chats"))).status, 401);
  });

  await t.step("text PostgreSQL cannot store (NUL, a lone surrogate) answers 400 on creates and edits and changes nothing", async () => {
    // Before the shared schemas refused it, PostgreSQL did: a 500 for the whole batch on every retry, and the
    // device's queue stuck behind it.
    const halfEmoji = "fever \ud83d";
    /** The document just pushed, as its pusher pulls it (the masters an edit names). */
    const pushed = async (token: string, collection: string, doc: { id: string }) => {
      const [{ seq }] = await ctx.sql`select coalesce(max(seq), 0)::int as seq from ${ctx.sql(collection)}`;
      assert.equal((await push(ctx, token, collection, [create(doc)])).status, 200);
      const { docs } = await pullAll(ctx, token, collection, { updatedAt: seq, id: "ffffffff-ffff-ffff-ffff-ffffffffffff" });
      return docs.find((d) => d.id === doc.id);
    };
    const draft = await pushed(doctor.token, "note_drafts", newDraft(patient.id, doctor.id));
    const file = await pushed(patient.token, "medical_files", newFile(patient.id, patient.id));
    const before = {
      messages: await count("chat_messages"),
      drafts: (await ctx.sql`select title, fields, seq from note_drafts where id = ${draft.id}`)[0],
      files: (await ctx.sql`select name, seq from medical_files where id = ${file.id}`)[0],
    };
    const cases: [string, string, string, unknown][] = [
      ["NUL in a new message", patient.token, "chat_messages", create(newMessage(chatId, patient.id, "a\u0000b"))],
      ["a lone surrogate in a new message", patient.token, "chat_messages", create(newMessage(chatId, patient.id, halfEmoji))],
      ["NUL in a new draft's field", doctor.token, "note_drafts", create(newDraft(patient.id, doctor.id, { plan: "x\u0000" }))],
      ["NUL in a draft's title (edit)", doctor.token, "note_drafts", edit(draft, { title: "Visit\u0000" })],
      ["a lone surrogate in a draft's title (edit)", doctor.token, "note_drafts", edit(draft, { title: halfEmoji })],
      ["a lone surrogate in a draft's field (edit)", doctor.token, "note_drafts", edit(draft, { fields: { plan: halfEmoji } })],
      ["a lone surrogate in a file's name (edit)", patient.token, "medical_files", edit(file, { name: "\udc00scan.pdf" })],
    ];
    for (const [label, token, collection, row] of cases) {
      const res = await push(ctx, token, collection, [row]);
      assert.equal(res.status, 400, label);
      assert.equal(res.body.details.reason, "VALIDATION_FAILED", label);
      assert.match(JSON.stringify(res.body.details.fields), /cannot be stored/, label);
    }
    assert.equal(await count("chat_messages"), before.messages);
    assert.deepEqual((await ctx.sql`select title, fields, seq from note_drafts where id = ${draft.id}`)[0], before.drafts);
    assert.deepEqual((await ctx.sql`select name, seq from medical_files where id = ${file.id}`)[0], before.files);
  });

  await t.step("bad bodies and queries answer 400 and write nothing", async () => {
    const total = await count("chat_messages");
    const good = newMessage(chatId, patient.id);
    const cases: [string, unknown][] = [
      ["not an array", { rows: [] }],
      ["unknown field", [create({ ...good, extra: 1 })]],
      ["missing field", [create({ ...good, text: undefined })]],
      ["text too long", [create({ ...good, text: "x".repeat(10_001) })]],
      ["too many files", [create({ ...good, fileIds: Array.from({ length: 11 }, () => crypto.randomUUID()) })]],
      ["upper-case id", [create({ ...good, id: good.id.toUpperCase() })]],
      ["client clock as createdAt", [create({ ...good, createdAt: "yesterday" })]],
      ["ids differ", [{ assumedMasterState: newMessage(chatId, patient.id), newDocumentState: good }]],
      ["a good row and a bad one", [create(good), create({ ...newMessage(chatId, patient.id), text: "" })]],
      ["too many rows", Array.from({ length: PUSH_ROWS_MAX + 1 }, () => create(newMessage(chatId, patient.id)))],
    ];
    for (const [label, body] of cases) {
      const res = await push(ctx, patient.token, "chat_messages", body as unknown[]);
      assert.equal(res.status, 400, label);
      assert.equal(res.body.details.reason, "VALIDATION_FAILED", label);
    }
    const files = await push(ctx, patient.token, "medical_files", [create({ ...newFile(patient.id, patient.id), size: 21 * 1024 * 1024 })]);
    assert.equal(files.status, 400);
    const drafts = await push(ctx, doctor.token, "note_drafts", [create(newDraft(patient.id, doctor.id, { big: "x".repeat(101 * 1024) }))]);
    assert.equal(drafts.status, 400);
    for (const query of ["limit=0", `limit=${PULL_BULK_LIMIT_MAX + 1}`, "updatedAt=-1", "id=nope", "updatedAt=1&other=2"]) {
      const res = await ctx.call("GET", `${syncPaths.pull("chat_messages")}?${query}`, { token: patient.token });
      assert.equal(res.status, 400, query);
    }
    const broken = await ctx.call("POST", syncPaths.push("chat_messages"), { token: patient.token, body: "[{" });
    assert.equal(broken.status, 400);
    assert.equal(await count("chat_messages"), total);
  });
});
