/** Two edge processes on one PostgreSQL: a change pushed through one reaches a socket of the other. */
import assert from "node:assert/strict";
import { apiTest, TEST_JWT_SECRET } from "../test/harness.ts";
import { type EdgeProcess, startEdgeProcess } from "../test/edge-process.ts";
import { connectSocket, type RecordingSocket } from "../test/socket-client.ts";
import { create, createChat, createPractice, newDraft, newMessage } from "../test/sync-fixtures.ts";
import { RESYNC_EVENT, syncPaths } from "../../../sync/protocol.ts";

apiTest("two edge processes on one database share live changes (LISTEN/NOTIFY)", async (t, ctx) => {
  if (!ctx.databaseUrl) {
    console.error("note: no PostgreSQL server: two processes cannot share embedded PGlite; skipped");
    return;
  }
  const edges: EdgeProcess[] = [];
  const sockets: RecordingSocket[] = [];
  try {
    edges.push(...await Promise.all([1, 2].map(() => startEdgeProcess({ databaseUrl: ctx.databaseUrl!, jwtSecret: TEST_JWT_SECRET }))));
    const [one, two] = edges;
    const { doctor, patient, vma } = await createPractice(ctx);
    const chat = await createChat(ctx, [patient.id, doctor.id]);
    const pushTo = async (edge: EdgeProcess, token: string, collection: string, rows: unknown[]) => {
      const res = await fetch(`${edge.url}/api/v1${syncPaths.push(collection)}`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify(rows),
      });
      return { status: res.status, body: await res.json() };
    };

    await t.step("a message pushed through process one reaches the doctor's socket on process two", async () => {
      const socket = await connectSocket(two.url, doctor.token);
      sockets.push(socket);
      await socket.next(RESYNC_EVENT);
      const msg = newMessage(chat, patient.id);
      const res = await pushTo(one, patient.token, "chat_messages", [create(msg)]);
      assert.deepEqual([res.status, res.body.result], [200, []]);
      const event = await socket.next("sync:chat_messages", (p) => p.documents.some((d: any) => d.id === msg.id), 2000);
      assert.equal(event.documents.find((d: any) => d.id === msg.id).authorId, patient.id);
    });

    await t.step("and the other way round, for a note draft reaching the VMA", async () => {
      const socket = await connectSocket(one.url, vma.token);
      sockets.push(socket);
      const draft = newDraft(patient.id, doctor.id);
      const res = await pushTo(two, doctor.token, "note_drafts", [create(draft)]);
      assert.deepEqual([res.status, res.body.result], [200, []]);
      await socket.next("sync:note_drafts", (p) => p.documents.some((d: any) => d.id === draft.id), 2000);
    });
  } finally {
    for (const s of sockets) s.close();
    await Promise.all(edges.map((e) => e.stop()));
  }
});
