import assert from "node:assert/strict";
import { createServer } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { apiTest } from "../test/harness.ts";
import { connectSocket, sleep } from "../test/socket-client.ts";
import { create, createChat, createPractice, newDraft, newMessage, push } from "../test/sync-fixtures.ts";
import { RESYNC_EVENT } from "../../../sync/protocol.ts";
import { createRealtime } from "./realtime.ts";

const sessionOf = (token: string) => JSON.parse(atob(token.split(".")[1].replaceAll("-", "+").replaceAll("_", "/"))).sid as string;

apiTest("realtime: authenticated sockets receive the sync changes they may read", async (t, ctx) => {
  const server = createServer(getRequestListener(ctx.app.fetch));
  const realtime = await createRealtime({ server, deps: ctx.deps });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  const open: { close(): void }[] = [];
  const connect = async (token: string | undefined) => {
    const s = await connectSocket(base, token);
    open.push(s);
    return s;
  };

  try {
    const a = await createPractice(ctx);
    const b = await createPractice(ctx);
    const chat = await createChat(ctx, [a.patient.id, a.doctor.id]);

    await t.step("a socket is told to resync on connection", async () => {
      const s = await connect(a.doctor.token);
      await s.next(RESYNC_EVENT);
    });

    await t.step("a push reaches the other member's socket within a second; outsiders receive nothing", async () => {
      const doctor = await connect(a.doctor.token);
      const vma = await connect(a.vma.token);
      const outsider = await connect(b.doctor.token);
      const msg = newMessage(chat, a.patient.id);
      const started = Date.now();
      assert.deepEqual((await push(ctx, a.patient.token, "chat_messages", [create(msg)])).body.result, []);
      const event = await doctor.next("sync:chat_messages", (p) => p.documents.some((d: any) => d.id === msg.id), 1000);
      assert.ok(Date.now() - started < 1000);
      const doc = event.documents.find((d: any) => d.id === msg.id);
      assert.equal(doc.text, msg.text);
      assert.deepEqual(event.checkpoint, { updatedAt: event.documents.at(-1).updatedAt, id: event.documents.at(-1).id });
      await doctor.next("sync:chats", (p) => p.documents.some((d: any) => d.id === chat && d.lastMessageAt));
      await sleep(300);
      for (const s of [vma, outsider]) {
        assert.deepEqual(s.events.filter((e) => e.name.startsWith("sync:") && e.name !== RESYNC_EVENT), []);
      }
    });

    await t.step("note drafts reach the care team, never the patient", async () => {
      const vma = await connect(a.vma.token);
      const patient = await connect(a.patient.token);
      const draft = newDraft(a.patient.id, a.doctor.id);
      await push(ctx, a.doctor.token, "note_drafts", [create(draft)]);
      await vma.next("sync:note_drafts", (p) => p.documents.some((d: any) => d.id === draft.id));
      await sleep(300);
      assert.equal(patient.events.filter((e) => e.name === "sync:note_drafts").length, 0);
    });

    await t.step("a socket without a valid token is refused", async () => {
      await assert.rejects(() => connect(undefined), (e: any) => e.reason === "TOKEN_MISSING");
      await assert.rejects(() => connect("not-a-token"), (e: any) => e.reason === "TOKEN_INVALID");
      const user = await ctx.createUser("patient", { doctor_id: a.doctor.id });
      await ctx.call("POST", "/users/logout", { token: user.token });
      await assert.rejects(() => connect(user.token), (e: any) => e.reason === "TOKEN_REVOKED");
      const blocked = await ctx.createUser("patient", { doctor_id: a.doctor.id });
      await ctx.sql`update users set is_blocked = true where id = ${blocked.id}`;
      await assert.rejects(() => connect(blocked.token), (e: any) => e.reason === "TOKEN_BLOCKED");
    });

    await t.step("a session revoked or a user blocked after connecting receives nothing more", async () => {
      const vmaUser = await ctx.createUser("vma", { doctor_id: a.doctor.id });
      const blockedLater = await ctx.createUser("vma", { doctor_id: a.doctor.id });
      const revoked = await connect(vmaUser.token);
      const blocked = await connect(blockedLater.token);
      const watcher = await connect(a.vma.token);
      await ctx.sql`update sessions set revoked_at = now() where id = ${sessionOf(vmaUser.token)}`;
      await ctx.sql`update users set is_blocked = true where id = ${blockedLater.id}`;
      const draft = newDraft(a.patient.id, a.doctor.id);
      await push(ctx, a.doctor.token, "note_drafts", [create(draft)]);
      await watcher.next("sync:note_drafts", (p) => p.documents.some((d: any) => d.id === draft.id));
      await sleep(200);
      for (const s of [revoked, blocked]) assert.equal(s.events.filter((e) => e.name === "sync:note_drafts").length, 0);
    });
  } finally {
    for (const s of open) s.close();
    await realtime.close();
  }
});
