/** The chat API: every call, its bad input, unread state and the order of chats. */
import assert from "node:assert/strict";
import { apiTest } from "../../test/harness.ts";
import { createPractice, pullAll } from "../../test/sync-fixtures.ts";
import { form, pdfFile, pngFile, send, startChat, textFile } from "../../test/chat-fixtures.ts";
import { CHAT_FILE_MAX_BYTES } from "../../../../sync/constants.ts";

const NOT_A_UUID = "not-a-uuid";
const UNKNOWN = "7b0c6f7e-0000-4000-8000-000000000000";

apiTest("chat API: start, send, list, read, counters", async (t, ctx) => {
  const { doctor, vma, patient } = await createPractice(ctx);
  const other = await createPractice(ctx);

  await t.step("POST /messages/chat/{userId}: bad input", async () => {
    const cases: [string, string | undefined, number, string][] = [
      [NOT_A_UUID, patient.token, 400, "VALIDATION_FAILED"],
      [patient.id, patient.token, 400, "SELF_CHAT"],
      [UNKNOWN, patient.token, 404, "NOT_FOUND"],
      [doctor.id, undefined, 401, "TOKEN_MISSING"],
    ];
    for (const [id, token, status, reason] of cases) {
      const res = await ctx.call("POST", `/messages/chat/${id}`, { token });
      assert.equal(res.status, status, `${id}: ${JSON.stringify(res.body)}`);
      assert.equal(res.body.details.reason, reason);
    }
  });

  let chatId = "";
  await t.step("starting a chat answers 201 with the chat, then 200 with the same one (also concurrently)", async () => {
    const first = await ctx.call("POST", `/messages/chat/${doctor.id}`, { token: patient.token });
    assert.equal(first.status, 201);
    chatId = first.body.result.chatId;
    assert.equal(first.body.result.kind, "direct");
    assert.deepEqual(first.body.result.opponents.map((o: any) => o.id), [doctor.id]);
    assert.equal(first.body.result.isUnread, false);
    assert.equal(first.body.result.lastMessage, null);
    const again = await ctx.call("POST", `/messages/chat/${patient.id}`, { token: doctor.token });
    assert.equal(again.status, 200);
    assert.equal(again.body.result.chatId, chatId);
    const racing = await Promise.all([1, 2, 3, 4].map(() => ctx.call("POST", `/messages/chat/${vma.id}`, { token: doctor.token })));
    assert.equal(new Set(racing.map((r) => r.body.result.chatId)).size, 1);
    assert.deepEqual(racing.map((r) => r.status).sort(), [200, 200, 200, 201]);
  });

  await t.step("POST /messages/{chatId}: bad input changes nothing", async () => {
    const cases: [string, unknown, number, string, string?][] = [
      [`/messages/${NOT_A_UUID}`, { text: "x" }, 400, "VALIDATION_FAILED", "chatId"],
      [`/messages/${UNKNOWN}`, { text: "x" }, 404, "NOT_FOUND"],
      [`/messages/${chatId}`, {}, 400, "VALIDATION_FAILED", "text"],
      [`/messages/${chatId}`, { text: "   " }, 400, "VALIDATION_FAILED", "text"],
      [`/messages/${chatId}`, { text: "x".repeat(10_001) }, 400, "VALIDATION_FAILED", "text"],
      [`/messages/${chatId}`, { text: 5 }, 400, "VALIDATION_FAILED", "text"],
      [`/messages/${chatId}`, { text: "x", fileIds: [NOT_A_UUID] }, 400, "VALIDATION_FAILED", "fileIds.0"],
      [`/messages/${chatId}`, { text: "x", fileIds: Array.from({ length: 11 }, () => crypto.randomUUID()) }, 400, "VALIDATION_FAILED", "fileIds"],
      [`/messages/${chatId}`, { text: "x", fileIds: [UNKNOWN] }, 400, "UNKNOWN_FILES", "fileIds"],
      [`/messages/${chatId}`, { text: "x", noClearTemp: "maybe" }, 400, "VALIDATION_FAILED", "noClearTemp"],
      [`/messages/${chatId}`, { text: "x", colour: "red" }, 400, "VALIDATION_FAILED", "colour"],
    ];
    for (const [path, body, status, reason, field] of cases) {
      const res = await ctx.call("POST", path, { token: patient.token, body });
      assert.equal(res.status, status, `${JSON.stringify(body)}: ${JSON.stringify(res.body)}`);
      assert.equal(res.body.details.reason, reason);
      if (field) assert.ok(res.body.details.fields[field], `${field} in ${JSON.stringify(res.body.details.fields)}`);
    }
    const outsider = await ctx.call("POST", `/messages/${chatId}`, { token: other.patient.token, body: { text: "x" } });
    assert.equal(outsider.status, 404);
    const [{ n }] = await ctx.sql`select count(*)::int as n from chat_messages where chat_id = ${chatId}`;
    assert.equal(n, 0);
  });

  await t.step("multipart: files checked from their content, at most 10, at most 60 MB", async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => pngFile(`p${i}.png`));
    const tooMany = await ctx.call("POST", `/messages/${chatId}`, { token: patient.token, form: form({ text: "x" }, eleven) });
    assert.equal(tooMany.status, 400);
    assert.ok(tooMany.body.details.fields.files);
    const fake = await ctx.call("POST", `/messages/${chatId}`, { token: patient.token, form: form({ text: "x" }, [textFile()]) });
    assert.equal(fake.status, 400);
    assert.equal(fake.body.details.reason, "UNSUPPORTED_FILE");
    const big = new File([new Uint8Array(CHAT_FILE_MAX_BYTES + 1).fill(1, 0, 1)], "big.pdf");
    const tooBig = await ctx.call("POST", `/messages/${chatId}`, { token: patient.token, form: form({ text: "x" }, [big]) });
    assert.equal(tooBig.status, 400);
    assert.match(tooBig.body.message, /too large/);
    const strayKey = await ctx.call("POST", `/messages/${chatId}`, { token: patient.token, form: form({ text: "x" }, [pngFile()], "photo") });
    assert.equal(strayKey.status, 400);
    const [{ n }] = await ctx.sql`select count(*)::int as n from chat_messages where chat_id = ${chatId}`;
    assert.equal(n, 0);
  });

  let firstMessage: any;
  await t.step("a message with text and files: 201 with its files; the other member can download them", async () => {
    const res = await ctx.call("POST", `/messages/${chatId}`, {
      token: patient.token,
      form: form({ text: "[results] attached" }, [pdfFile("labs.pdf"), pngFile("rash.png")]),
    });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    firstMessage = res.body.result;
    assert.equal(firstMessage.text, "[results] attached", "a form's text is taken as typed");
    assert.equal(firstMessage.authorId, patient.id);
    assert.equal(firstMessage.isOwnMessage, true);
    assert.deepEqual(firstMessage.files.map((f: any) => [f.name, f.contentType, f.size]), [
      ["labs.pdf", "application/pdf", 2048],
      ["rash.png", "image/png", 1024],
    ]);
    const download = await ctx.app.request(`/api/v1${firstMessage.files[0].url.replace("/api/v1", "")}`, {
      headers: { authorization: `Bearer ${doctor.token}` },
    });
    assert.equal(download.status, 200);
    assert.equal(download.headers.get("content-type"), "application/pdf");
    const body = new Uint8Array(await download.arrayBuffer());
    assert.equal(body.byteLength, 2048);
    assert.equal(new TextDecoder().decode(body.subarray(0, 8)), "%PDF-1.4");
    for (const token of [other.doctor.token, vma.token]) {
      const res = await ctx.call("GET", `/messages/files/${firstMessage.files[0].id}`, { token });
      assert.equal(res.status, 404, "not a member: not found");
    }
  });

  await t.step("the synced message carries the same file ids; the chat moved to the top for both", async () => {
    const { docs } = await pullAll(ctx, doctor.token, "chat_messages");
    const doc = docs.find((d: any) => d.id === firstMessage.id);
    assert.deepEqual(doc.fileIds, firstMessage.files.map((f: any) => f.id));
    const chats = await pullAll(ctx, doctor.token, "chats");
    assert.ok(chats.docs.find((c: any) => c.id === chatId).lastMessageAt);
  });

  await t.step("unread: the recipient sees it unread, the sender not; counters count it", async () => {
    const mine = await ctx.call("GET", "/messages/chats", { token: patient.token });
    const forPatient = mine.body.result.list.find((c: any) => c.chatId === chatId);
    assert.equal(forPatient.isUnread, false);
    assert.deepEqual(forPatient.lastMessage, {
      id: firstMessage.id, authorId: patient.id, timestamp: firstMessage.createdAt, isOwnMessage: true,
      text: "[results] attached", fileCount: 2,
    });
    const theirs = await ctx.call("GET", "/messages/chats", { token: doctor.token });
    const forDoctor = theirs.body.result.list.find((c: any) => c.chatId === chatId);
    assert.equal(forDoctor.isUnread, true);
    assert.equal(forDoctor.unreadCount, 1);
    assert.equal(forDoctor.lastMessage.isOwnMessage, false);
    const counters = await ctx.call("GET", "/users/counters", { token: doctor.token });
    assert.deepEqual(counters.body.result, { messages: 1, faxes: 0, unreadChatIds: [chatId] });
    const own = await ctx.call("GET", "/users/counters", { token: patient.token });
    assert.deepEqual(own.body.result, { messages: 0, faxes: 0, unreadChatIds: [] });
  });

  await t.step("reading clears it; a new incoming message marks it unread again", async () => {
    const read = await ctx.call("POST", `/messages/read/${chatId}`, { token: doctor.token });
    assert.equal(read.status, 200);
    assert.deepEqual(read.body.result, { chatId, unreadCount: 0, counters: { messages: 0, faxes: 0, unreadChatIds: [] } });
    await send(ctx, patient, chatId, "one more");
    await send(ctx, patient, chatId, "and another");
    const counters = await ctx.call("GET", "/users/counters", { token: doctor.token });
    assert.deepEqual(counters.body.result, { messages: 2, faxes: 0, unreadChatIds: [chatId] });
    // Answering reads the chat for the one who answers.
    await send(ctx, doctor, chatId, "got it");
    assert.deepEqual((await ctx.call("GET", "/users/counters", { token: doctor.token })).body.result.messages, 0);
    assert.deepEqual((await ctx.call("GET", "/users/counters", { token: patient.token })).body.result.unreadChatIds, [chatId]);
  });

  await t.step("POST /messages/read/{chatId}: bad id 400, not a member 404", async () => {
    assert.equal((await ctx.call("POST", `/messages/read/${NOT_A_UUID}`, { token: doctor.token })).status, 400);
    assert.equal((await ctx.call("POST", `/messages/read/${chatId}`, { token: other.doctor.token })).status, 404);
  });

  await t.step("GET /messages/{chatId}: newest first, paged; bad paging refused; outsiders 404", async () => {
    const page = await ctx.call("GET", `/messages/${chatId}?offset=1&limit=2`, { token: doctor.token });
    assert.equal(page.status, 200);
    assert.deepEqual(page.body.result.list.map((m: any) => m.text), ["and another", "one more"]);
    assert.equal(page.body.result.totalCount, 4);
    assert.deepEqual([page.body.result.offset, page.body.result.limit], [1, 2]);
    const all = await ctx.call("GET", `/messages/${chatId}`, { token: doctor.token });
    assert.equal(all.body.result.limit, 20);
    assert.deepEqual(all.body.result.list.at(-1).files.map((f: any) => f.name), ["labs.pdf", "rash.png"]);
    assert.equal(all.body.result.list[0].isOwnMessage, true);
    for (const q of ["limit=0", "limit=101", "offset=-1", "limit=x"]) {
      const res = await ctx.call("GET", `/messages/${chatId}?${q}`, { token: doctor.token });
      assert.equal(res.status, 400, q);
    }
    assert.equal((await ctx.call("GET", `/messages/${NOT_A_UUID}`, { token: doctor.token })).status, 400);
    assert.equal((await ctx.call("GET", `/messages/${chatId}`, { token: other.patient.token })).status, 404);
  });

  await t.step("GET /messages/chats: newest message first, search, searchUserId, paging", async () => {
    const withVma = await startChat(ctx, doctor, vma);
    ctx.clock.advance(60_000);
    await send(ctx, vma, withVma, "care team note");
    const list = await ctx.call("GET", "/messages/chats", { token: doctor.token });
    assert.equal(list.body.result.limit, 30);
    assert.deepEqual(list.body.result.list.map((c: any) => c.chatId), [withVma, chatId]);
    ctx.clock.advance(60_000);
    await send(ctx, patient, chatId, "back on top");
    const again = await ctx.call("GET", "/messages/chats", { token: doctor.token });
    assert.deepEqual(again.body.result.list.map((c: any) => c.chatId), [chatId, withVma]);
    assert.equal(again.body.result.list[0].isUnread, true);

    const [{ first_name }] = await ctx.sql`select first_name from users where id = ${vma.id}`;
    const bySearch = await ctx.call("GET", `/messages/chats?search=${first_name}`, { token: doctor.token });
    assert.deepEqual(bySearch.body.result.list.map((c: any) => c.chatId), [withVma]);
    const byUser = await ctx.call("GET", `/messages/chats?searchUserId=${patient.id}`, { token: doctor.token });
    assert.deepEqual(byUser.body.result.list.map((c: any) => c.chatId), [chatId]);
    const paged = await ctx.call("GET", "/messages/chats?offset=1&limit=1", { token: doctor.token });
    assert.deepEqual([paged.body.result.list.length, paged.body.result.totalCount], [1, 2]);
    for (const q of ["limit=0", "searchUserId=x", "offset=a", `search=${"x".repeat(101)}`]) {
      assert.equal((await ctx.call("GET", `/messages/chats?${q}`, { token: doctor.token })).status, 400, q);
    }
    const none = await ctx.call("GET", "/messages/chats", { token: other.doctor.token });
    assert.deepEqual(none.body.result.list, []);
  });

  await t.step("noClearTemp keeps a socket upload for another message; without it the upload is used up", async () => {
    const files = ctx.services.chatFiles;
    const actor = { userId: doctor.id } as any;
    const bytes = new Uint8Array(await pdfFile("plan.pdf", 3000).arrayBuffer());
    const { uploadId } = await files.start(actor, { name: "plan.pdf", size: bytes.byteLength });
    await files.append(actor, uploadId, 0, bytes.subarray(0, 2000));
    const done = await files.append(actor, uploadId, 2000, bytes.subarray(2000));
    assert.equal(done.done, true);
    const withVma = await startChat(ctx, doctor, vma);
    const kept = await ctx.call("POST", `/messages/${withVma}`, { token: doctor.token, body: { fileIds: [uploadId], noClearTemp: true } });
    assert.equal(kept.status, 201, JSON.stringify(kept.body));
    assert.notEqual(kept.body.result.files[0].id, uploadId, "a copy was sent");
    const used = await ctx.call("POST", `/messages/${chatId}`, { token: doctor.token, body: { text: "plan", fileIds: [uploadId] } });
    assert.equal(used.status, 201, JSON.stringify(used.body));
    assert.deepEqual(used.body.result.files.map((f: any) => f.id), [uploadId]);
    const reused = await ctx.call("POST", `/messages/${chatId}`, { token: doctor.token, body: { fileIds: [uploadId] } });
    assert.equal(reused.body.details.reason, "UNKNOWN_FILES");
    // Someone else's upload cannot be sent either.
    const theirs = await files.start({ userId: vma.id } as any, { name: "x.pdf", size: 10 });
    const stolen = await ctx.call("POST", `/messages/${withVma}`, { token: doctor.token, body: { fileIds: [theirs.uploadId] } });
    assert.equal(stolen.body.details.reason, "UNKNOWN_FILES");
    // Both messages' readers download the same bytes.
    for (const [token, file] of [[vma.token, kept.body.result.files[0]], [patient.token, used.body.result.files[0]]]) {
      const res = await ctx.app.request(`/api/v1/messages/files/${file.id}`, { headers: { authorization: `Bearer ${token}` } });
      assert.equal(res.status, 200);
      assert.equal((await res.arrayBuffer()).byteLength, 3000);
    }
  });
});

apiTest("chat API: members, opponents, support", async (t, ctx) => {
  const { doctor, vma, patient } = await createPractice(ctx);
  const vma2 = await ctx.createUser("vma", { doctor_id: doctor.id });
  const patient2 = await ctx.createUser("patient", { doctor_id: doctor.id });
  const other = await createPractice(ctx);
  const admin = await ctx.createUser("admin");

  const chatId = await startChat(ctx, doctor, patient);
  await send(ctx, patient, chatId, "history before anyone joined");

  await t.step("GET /messages/members/{chatId}: members only, page size 10, search", async () => {
    const res = await ctx.call("GET", `/messages/members/${chatId}`, { token: patient.token });
    assert.equal(res.status, 200);
    assert.equal(res.body.result.limit, 10);
    assert.deepEqual(res.body.result.list.map((m: any) => m.id).sort(), [doctor.id, patient.id].sort());
    assert.deepEqual(Object.keys(res.body.result.list[0]).sort(), ["firstName", "id", "isOnline", "lastName", "role"]);
    const [{ last_name }] = await ctx.sql`select last_name from users where id = ${doctor.id}`;
    const found = await ctx.call("GET", `/messages/members/${chatId}?search=${last_name}`, { token: patient.token });
    assert.deepEqual(found.body.result.list.map((m: any) => m.id), [doctor.id]);
    assert.equal((await ctx.call("GET", `/messages/members/${chatId}`, { token: vma.token })).status, 404);
    assert.equal((await ctx.call("GET", `/messages/members/${NOT_A_UUID}`, { token: patient.token })).status, 400);
    assert.equal((await ctx.call("GET", `/messages/members/${chatId}?limit=1000`, { token: patient.token })).status, 400);
  });

  await t.step("GET /users/chat/opponents with chatId: who may join that chat", async () => {
    const res = await ctx.call("GET", `/users/chat/opponents?chatId=${chatId}`, { token: doctor.token });
    assert.deepEqual(res.body.result.list.map((p: any) => p.id).sort(), [vma.id, vma2.id].sort());
    assert.equal((await ctx.call("GET", `/users/chat/opponents?chatId=${chatId}`, { token: vma.token })).status, 404);
    assert.equal((await ctx.call("GET", "/users/chat/opponents?chatId=x", { token: doctor.token })).status, 400);
    assert.equal((await ctx.call("GET", "/users/chat/opponents?limit=0", { token: doctor.token })).status, 400);
  });

  await t.step("POST /messages/opponents/{chatId}: refusals", async () => {
    const cases: [string, string, unknown, number, string][] = [
      ["patient adds", patient.token, { userId: vma.id }, 403, "CANNOT_ADD_MEMBER"],
      ["outsider adds", other.doctor.token, { userId: vma.id }, 404, "NOT_FOUND"],
      ["a patient of the same practice (patients never chat together)", doctor.token, { userId: patient2.id }, 403, "CANNOT_ADD_MEMBER"],
      ["another practice's VMA", doctor.token, { userId: other.vma.id }, 403, "CANNOT_ADD_MEMBER"],
      ["already a member", doctor.token, { userId: patient.id }, 409, "ALREADY_MEMBER"],
      ["unknown user", doctor.token, { userId: UNKNOWN }, 404, "NOT_FOUND"],
      ["bad user id", doctor.token, { userId: NOT_A_UUID }, 400, "VALIDATION_FAILED"],
      ["no body", doctor.token, {}, 400, "VALIDATION_FAILED"],
    ];
    for (const [name, token, body, status, reason] of cases) {
      const res = await ctx.call("POST", `/messages/opponents/${chatId}`, { token, body });
      assert.equal(res.status, status, `${name}: ${JSON.stringify(res.body)}`);
      assert.equal(res.body.details.reason, reason, name);
    }
  });

  await t.step("adding a VMA: the direct chat becomes a group; the VMA pulls its history, not as unread", async () => {
    const res = await ctx.call("POST", `/messages/opponents/${chatId}`, { token: doctor.token, body: { userId: vma.id } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.result.kind, "group");
    assert.equal(res.body.result.membersCount, 3);
    const { docs } = await pullAll(ctx, vma.token, "chat_messages");
    assert.deepEqual(docs.filter((d: any) => d.chatId === chatId).map((d: any) => d.text), ["history before anyone joined"]);
    const chats = await pullAll(ctx, patient.token, "chats");
    assert.deepEqual(chats.docs.find((c: any) => c.id === chatId).memberIds, [doctor.id, patient.id, vma.id].sort());
    const counters = await ctx.call("GET", "/users/counters", { token: vma.token });
    assert.deepEqual(counters.body.result.unreadChatIds, []);
    // The pair's direct chat is a new one now.
    const direct = await ctx.call("POST", `/messages/chat/${patient.id}`, { token: doctor.token });
    assert.equal(direct.status, 201);
  });

  await t.step("DELETE /messages/opponents/{chatId}: refusals", async () => {
    const direct = await startChat(ctx, doctor, vma2);
    const cases: [string, string, string, unknown, number, string][] = [
      ["a direct chat", direct, doctor.token, { userId: vma2.id }, 400, "NOT_A_GROUP_CHAT"],
      ["a patient removes someone else", chatId, patient.token, { userId: vma.id }, 403, "CANNOT_REMOVE_MEMBER"],
      ["not a member", chatId, doctor.token, { userId: vma2.id }, 404, "NOT_FOUND"],
      ["outsider", chatId, other.doctor.token, { userId: vma.id }, 404, "NOT_FOUND"],
      ["bad id", chatId, doctor.token, { userId: 1 }, 400, "VALIDATION_FAILED"],
    ];
    for (const [name, id, token, body, status, reason] of cases) {
      const res = await ctx.call("DELETE", `/messages/opponents/${id}`, { token, body });
      assert.equal(res.status, status, `${name}: ${JSON.stringify(res.body)}`);
      assert.equal(res.body.details.reason, reason, name);
    }
  });

  await t.step("removing the VMA: they stop receiving the chat; the others get the new member list", async () => {
    const { checkpoint } = await pullAll(ctx, vma.token, "chat_messages");
    const res = await ctx.call("DELETE", `/messages/opponents/${chatId}`, { token: doctor.token, body: { userId: vma.id } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    await send(ctx, patient, chatId, "after the VMA left");
    const after = await pullAll(ctx, vma.token, "chat_messages", checkpoint);
    assert.deepEqual(after.docs.filter((d: any) => d.chatId === chatId), []);
    assert.equal((await ctx.call("GET", `/messages/${chatId}`, { token: vma.token })).status, 404);
    const chats = await pullAll(ctx, doctor.token, "chats");
    assert.deepEqual(chats.docs.find((c: any) => c.id === chatId).memberIds, [doctor.id, patient.id].sort());
  });

  await t.step("a patient may leave a group chat", async () => {
    const res = await ctx.call("DELETE", `/messages/opponents/${chatId}`, { token: patient.token, body: { userId: patient.id } });
    assert.equal(res.status, 200);
    assert.equal((await ctx.call("GET", `/messages/${chatId}`, { token: patient.token })).status, 404);
  });

  await t.step("GET /messages/support: one chat with every admin, created once, completed with new admins", async () => {
    const first = await ctx.call("GET", "/messages/support", { token: patient2.token });
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.equal(first.body.result.kind, "support");
    assert.deepEqual(first.body.result.opponents.map((o: any) => o.id), [admin.id]);
    const again = await ctx.call("GET", "/messages/support", { token: patient2.token });
    assert.equal(again.body.result.chatId, first.body.result.chatId);
    await send(ctx, patient2, first.body.result.chatId, "I need help with billing");
    const newAdmin = await ctx.createUser("admin");
    const third = await ctx.call("GET", "/messages/support", { token: patient2.token });
    assert.deepEqual(third.body.result.opponents.map((o: any) => o.id).sort(), [admin.id, newAdmin.id].sort());
    const { docs } = await pullAll(ctx, newAdmin.token, "chat_messages");
    assert.deepEqual(docs.map((d: any) => d.text), ["I need help with billing"]);
    const queue = await ctx.call("GET", "/messages/chats", { token: admin.token });
    assert.equal(queue.body.result.list[0].chatId, first.body.result.chatId);
    assert.equal(queue.body.result.list[0].isUnread, true);
    const answer = await ctx.call("POST", `/messages/${first.body.result.chatId}`, { token: admin.token, body: { text: "On it" } });
    assert.equal(answer.status, 201);
    const adminOwn = await ctx.call("GET", "/messages/support", { token: admin.token });
    assert.equal(adminOwn.status, 400);
    assert.equal(adminOwn.body.details.reason, "ADMIN_SUPPORT");
    const late = await ctx.createUser("admin");
    assert.equal(await ctx.services.messages.joinSupportChats(late.id), 1);
    const lateChats = await ctx.call("GET", "/messages/chats", { token: late.token });
    assert.deepEqual(lateChats.body.result.list.map((c: any) => c.chatId), [first.body.result.chatId]);
    const support = await ctx.call("POST", `/messages/opponents/${first.body.result.chatId}`, { token: admin.token, body: { userId: doctor.id } });
    assert.equal(support.body.details.reason, "SUPPORT_CHAT");
  });

  await t.step("a patient with no doctor still reaches support", async () => {
    const loose = await ctx.createUser("patient");
    const res = await ctx.call("GET", "/messages/support", { token: loose.token });
    assert.equal(res.status, 200);
    await send(ctx, loose, res.body.result.chatId, "hello?");
  });
});
