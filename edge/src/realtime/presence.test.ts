/**
 * Presence and chat events across two real edge processes on one PostgreSQL:
 * a user is online while any socket of theirs is connected to either; a
 * killed process's sockets count until its heartbeat expires, then its users
 * go offline; force logout and message:received reach sockets on both.
 */
import assert from "node:assert/strict";
import { apiTest, TEST_JWT_SECRET } from "../test/harness.ts";
import { type EdgeProcess, startEdgeProcess } from "../test/edge-process.ts";
import { connectSocket, type RecordingSocket, sleep } from "../test/socket-client.ts";
import { createPractice } from "../test/sync-fixtures.ts";
import { send, startChat } from "../test/chat-fixtures.ts";

const TTL_SECONDS = 2;

apiTest("presence across two edge processes", async (t, ctx) => {
  if (!ctx.databaseUrl) {
    console.error("note: no PostgreSQL server: two processes cannot share embedded PGlite; skipped");
    return;
  }
  const edges: EdgeProcess[] = [];
  const sockets: RecordingSocket[] = [];
  const connect = async (edge: EdgeProcess, token: string) => {
    const s = await connectSocket(edge.url, token);
    sockets.push(s);
    return s;
  };
  const joins = (s: RecordingSocket, userId: string) => s.events.filter((e) => e.name === "user:joined" && e.payload.userId === userId).length;
  const leaves = (s: RecordingSocket, userId: string) => s.events.filter((e) => e.name === "user:leaved" && e.payload.userId === userId).length;
  try {
    const env = { PRESENCE_TTL_SECONDS: String(TTL_SECONDS) };
    edges.push(...await Promise.all([1, 2].map(() => startEdgeProcess({ databaseUrl: ctx.databaseUrl!, jwtSecret: TEST_JWT_SECRET, env }))));
    const [one, two] = edges;
    const { doctor, vma, patient } = await createPractice(ctx);
    const chatId = await startChat(ctx, patient, doctor);
    await startChat(ctx, patient, vma);
    const doctorOnTwo = await connect(two, doctor.token);
    await doctorOnTwo.next("online:init");

    let patientOnOne: RecordingSocket;
    await t.step("a socket on process one: the partner on process two hears user:joined", async () => {
      patientOnOne = await connect(one, patient.token);
      assert.deepEqual(await doctorOnTwo.next("user:joined", (p) => p.userId === patient.id, 5000), { userId: patient.id });
    });

    let patientOnTwo: RecordingSocket;
    await t.step("a second socket on process two: no second user:joined; online:init on either process lists them", async () => {
      patientOnTwo = await connect(two, patient.token);
      await patientOnTwo.next("online:init");
      const vmaOnOne = await connect(one, vma.token);
      assert.deepEqual(await vmaOnOne.next("online:init"), { userIds: [patient.id] });
      await sleep(300);
      assert.equal(joins(doctorOnTwo, patient.id), 1);
    });

    await t.step("closing the socket on process one: still online (process two holds one)", async () => {
      patientOnOne.close();
      await sleep(500);
      assert.equal(leaves(doctorOnTwo, patient.id), 0);
      const [{ online }] = await ctx.sql`select exists (select 1 from presence p join presence_processes pp on pp.id = p.process_id
        where p.user_id = ${patient.id} and pp.expires_at > now()) as online`;
      assert.equal(online, true);
    });

    await t.step("message:received reaches the recipient's socket on the other process", async () => {
      const sent = await send(ctx, doctor, chatId, "across processes");
      await patientOnTwo.next("message:received", (p) => p.messageId === sent.id, 3000);
    });

    await t.step("closing the last socket: user:leaved", async () => {
      patientOnTwo.close();
      assert.deepEqual(await doctorOnTwo.next("user:leaved", (p) => p.userId === patient.id, 5000), { userId: patient.id });
    });

    await t.step("force logout reaches the user's sockets on both processes", async () => {
      const admin = await ctx.createUser("admin");
      const a = await connect(one, vma.token);
      const b = await connect(two, vma.token);
      const res = await ctx.call("PUT", `/users/block/${vma.id}`, { token: admin.token });
      assert.equal(res.status, 200);
      for (const s of [a, b]) assert.deepEqual(await s.next("user:forceLogout", () => true, 3000), { reason: "blocked" });
    });

    await t.step("a killed process: its user goes offline once its heartbeat expires", async () => {
      const again = await connect(one, patient.token);
      await again.next("online:init");
      await doctorOnTwo.next("user:joined", () => joins(doctorOnTwo, patient.id) === 2, 5000);
      const killedAt = Date.now();
      await one.kill();
      await doctorOnTwo.next("user:leaved", () => leaves(doctorOnTwo, patient.id) === 2, (TTL_SECONDS + 3) * 1000);
      const took = Date.now() - killedAt;
      assert.ok(took <= (TTL_SECONDS + 2) * 1000, `offline after ${took} ms`);
      const [{ rows }] = await ctx.sql`select count(*)::int as rows from presence where user_id = ${patient.id}`;
      assert.equal(rows, 0);
    });
  } finally {
    for (const s of sockets) s.close();
    await Promise.all(edges.map((e) => e.stop()));
  }
});
