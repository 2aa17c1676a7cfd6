/** Real-time chat events over socket.io: who receives what, force logout, app:login, presence in one process. */
import assert from "node:assert/strict";
import { apiTest } from "../test/harness.ts";
import { startLiveServer } from "../test/live-server.ts";
import { type RecordingSocket, sleep } from "../test/socket-client.ts";
import { create, createPractice, newMessage, push } from "../test/sync-fixtures.ts";
import { send, startChat } from "../test/chat-fixtures.ts";

const sessionOf = (token: string) => JSON.parse(atob(token.split(".")[1].replaceAll("-", "+").replaceAll("_", "/"))).sid as string;
const named = (s: RecordingSocket, name: string) => s.events.filter((e) => e.name === name);

async function until(check: () => boolean, what: string, timeoutMs = 3000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

apiTest("chat events: messages, chats, members, read", async (t, ctx) => {
  const live = await startLiveServer(ctx);
  try {
    const { doctor, vma, patient } = await createPractice(ctx);
    const outsider = await ctx.createUser("doctor");
    const patientSocket = await live.connect(patient.token);
    const doctorSockets = [await live.connect(doctor.token), await live.connect(doctor.token)];
    const vmaSocket = await live.connect(vma.token);
    const outsiderSocket = await live.connect(outsider.token);

    let chatId = "";
    await t.step("chat:new reaches both people of a new chat, on every socket", async () => {
      chatId = await startChat(ctx, patient, doctor);
      for (const s of [patientSocket, ...doctorSockets]) {
        assert.deepEqual(await s.next("chat:new", (p) => p.chatId === chatId), { chatId, kind: "direct" });
      }
    });

    await t.step("message:received (ids, no text) reaches every member, sent through the API or pushed", async () => {
      const sent = await send(ctx, patient, chatId, "private words");
      for (const s of [patientSocket, ...doctorSockets]) {
        const event = await s.next("message:received", (p) => p.messageId === sent.id);
        assert.deepEqual(Object.keys(event).sort(), ["authorId", "chatId", "createdAt", "fileCount", "lastMessageAt", "messageId"]);
        assert.equal(event.authorId, patient.id);
        assert.equal(event.chatId, chatId);
        assert.ok(!JSON.stringify(event).includes("private words"));
      }
      const offline = newMessage(chatId, doctor.id, "written on a plane");
      await push(ctx, doctor.token, "chat_messages", [create(offline)]);
      await patientSocket.next("message:received", (p) => p.messageId === offline.id);
      // The text itself arrives through sync, to members only.
      await patientSocket.next("sync:chat_messages", (p) => p.documents.some((d: any) => d.text === "written on a plane"));
      await sleep(200);
      for (const s of [vmaSocket, outsiderSocket]) {
        assert.equal(named(s, "message:received").length, 0);
        assert.equal(named(s, "sync:chat_messages").length, 0);
      }
    });

    await t.step("chat:read goes to the reader's own sockets", async () => {
      await ctx.call("POST", `/messages/read/${chatId}`, { token: doctor.token });
      for (const s of doctorSockets) await s.next("chat:read", (p) => p.chatId === chatId);
      await sleep(100);
      assert.equal(named(patientSocket, "chat:read").length, 0);
    });

    await t.step("adding a member: chat:new to them, chat:opponent:new to the others", async () => {
      await ctx.call("POST", `/messages/opponents/${chatId}`, { token: doctor.token, body: { userId: vma.id } });
      assert.deepEqual(await vmaSocket.next("chat:new", (p) => p.chatId === chatId), { chatId, kind: "group" });
      for (const s of [patientSocket, doctorSockets[0]]) {
        assert.deepEqual(await s.next("chat:opponent:new", (p) => p.chatId === chatId), { chatId, userId: vma.id });
      }
      // Their device gets the history through sync.
      await vmaSocket.next("sync:chat_messages", (p) => p.documents.some((d: any) => d.text === "private words"));
    });

    await t.step("removing a member: chat:removed to them, chat:opponent:remove to the rest", async () => {
      await ctx.call("DELETE", `/messages/opponents/${chatId}`, { token: doctor.token, body: { userId: vma.id } });
      assert.deepEqual(await vmaSocket.next("chat:removed", (p) => p.chatId === chatId), { chatId });
      for (const s of [patientSocket, doctorSockets[1]]) {
        assert.deepEqual(await s.next("chat:opponent:remove", (p) => p.chatId === chatId), { chatId, userId: vma.id });
      }
      const before = named(vmaSocket, "message:received").length;
      await send(ctx, patient, chatId, "after");
      await doctorSockets[0].next("message:received", (p) => p.chatId === chatId && named(doctorSockets[0], "message:received").length >= 3);
      await sleep(200);
      assert.equal(named(vmaSocket, "message:received").length, before);
    });

    await t.step("siteNotification:new reaches admins when a contact-us message arrives", async () => {
      const admin = await ctx.createUser("admin");
      const adminSocket = await live.connect(admin.token);
      await ctx.call("POST", "/contactus", {
        body: { name: "Guest", email: "guest@example.test", subject: "Hello", message: "Question" },
        address: "10.9.9.9",
      });
      const event = await adminSocket.next("siteNotification:new");
      assert.equal(event.kind, "contactUs.received");
    });
  } finally {
    await live.close();
  }
});

apiTest("force logout and app:login", async (t, ctx) => {
  const live = await startLiveServer(ctx);
  const login = async (email: string, password: string) => {
    const res = await ctx.call("POST", "/users/login", { body: { email, password } });
    assert.equal(res.status, 200);
    return res.body.result.accessToken as string;
  };
  try {
    await t.step("a new sign-in: app:login on the account's sockets, not on others'", async () => {
      const user = await ctx.createUser("patient");
      const other = await ctx.createUser("patient");
      const mine = await live.connect(user.token);
      const theirs = await live.connect(other.token);
      await login(user.email, user.password);
      const event = await mine.next("app:login");
      assert.ok(event.device && event.at);
      await sleep(100);
      assert.equal(named(theirs, "app:login").length, 0);
    });

    await t.step("blocking: user:forceLogout {blocked} on every socket of every session; they are closed", async () => {
      const admin = await ctx.createUser("admin");
      const user = await ctx.createUser("doctor");
      const second = await login(user.email, user.password);
      const sockets = [
        await live.connect(user.token), await live.connect(user.token),
        await live.connect(second), await live.connect(second),
      ];
      const bystander = await live.connect((await ctx.createUser("doctor")).token);
      const res = await ctx.call("PUT", `/users/block/${user.id}`, { token: admin.token });
      assert.equal(res.status, 200);
      for (const s of sockets) assert.deepEqual(await s.next("user:forceLogout"), { reason: "blocked" });
      await until(() => sockets.every((s) => !s.socket.connected), "the sockets to close");
      await sleep(100);
      assert.equal(named(bystander, "user:forceLogout").length, 0);
      assert.equal(bystander.socket.connected, true);
    });

    await t.step("logout everywhere: every session's sockets", async () => {
      const user = await ctx.createUser("patient");
      const second = await login(user.email, user.password);
      const sockets = [await live.connect(user.token), await live.connect(second)];
      await ctx.call("POST", "/users/logout/all", { token: user.token });
      for (const s of sockets) assert.deepEqual(await s.next("user:forceLogout"), { reason: "logout_all" });
    });

    await t.step("password change: the other sessions' sockets; this session keeps its socket", async () => {
      const user = await ctx.createUser("patient");
      const second = await login(user.email, user.password);
      const here = await live.connect(user.token);
      const elsewhere = [await live.connect(second), await live.connect(second)];
      const res = await ctx.call("POST", "/users/change-password", {
        token: user.token,
        body: { currentPassword: user.password, password: "new-password-1", repeatPassword: "new-password-1" },
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      for (const s of elsewhere) assert.deepEqual(await s.next("user:forceLogout"), { reason: "password_changed" });
      await sleep(200);
      assert.equal(named(here, "user:forceLogout").length, 0);
      assert.equal(here.socket.connected, true);
    });

    await t.step("revoking one session: that session's sockets only", async () => {
      const user = await ctx.createUser("patient");
      const second = await login(user.email, user.password);
      const kept = await live.connect(user.token);
      const revoked = [await live.connect(second), await live.connect(second)];
      const res = await ctx.call("DELETE", `/users/sessions/${sessionOf(second)}`, { token: user.token });
      assert.equal(res.status, 200);
      for (const s of revoked) assert.deepEqual(await s.next("user:forceLogout"), { reason: "session_revoked" });
      await until(() => revoked.every((s) => !s.socket.connected), "the revoked sockets to close");
      await sleep(100);
      assert.equal(named(kept, "user:forceLogout").length, 0);
    });

    await t.step("logout: the session's other tabs", async () => {
      const user = await ctx.createUser("patient");
      const tabs = [await live.connect(user.token), await live.connect(user.token)];
      await ctx.call("POST", "/users/logout", { token: user.token });
      for (const s of tabs) assert.deepEqual(await s.next("user:forceLogout"), { reason: "logout" });
    });

    await t.step("password reset by email link: every session", async () => {
      const user = await ctx.createUser("patient");
      const s = await live.connect(user.token);
      await ctx.call("POST", "/users/reset/request", { body: { email: user.email } });
      const mail = await ctx.lastMessage(user.email);
      const token = /token=([^\s&]+)/.exec(mail!.body)![1];
      const res = await ctx.call("POST", `/users/reset/${decodeURIComponent(token)}`, {
        body: { password: "another-password", repeatPassword: "another-password" },
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.deepEqual(await s.next("user:forceLogout"), { reason: "password_reset" });
    });
  } finally {
    await live.close();
  }
});

apiTest("presence in one process: online:init, user:joined, user:leaved to chat partners", async (t, ctx) => {
  const live = await startLiveServer(ctx);
  try {
    const { doctor, vma, patient } = await createPractice(ctx);
    const stranger = await ctx.createUser("doctor");
    await startChat(ctx, patient, doctor);
    await startChat(ctx, vma, doctor);
    const doctorSocket = await live.connect(doctor.token);
    const strangerSocket = await live.connect(stranger.token);

    await t.step("online:init on connecting lists the chat partners online now", async () => {
      assert.deepEqual(await doctorSocket.next("online:init"), { userIds: [] });
      const patientSocket = await live.connect(patient.token);
      assert.deepEqual(await patientSocket.next("online:init"), { userIds: [doctor.id] });
      assert.deepEqual(await doctorSocket.next("user:joined", (p) => p.userId === patient.id), { userId: patient.id });
      // Asking again answers again.
      patientSocket.events.length = 0;
      patientSocket.socket.emit("online:init", { userId: patient.id });
      assert.deepEqual(await patientSocket.next("online:init"), { userIds: [doctor.id] });
    });

    await t.step("a second tab changes nothing; closing the last one says user:leaved", async () => {
      const tab1 = await live.connect(vma.token);
      await doctorSocket.next("user:joined", (p) => p.userId === vma.id);
      const tab2 = await live.connect(vma.token);
      await tab2.next("online:init");
      tab1.close();
      await sleep(300);
      assert.equal(doctorSocket.events.filter((e) => e.name === "user:leaved" && e.payload.userId === vma.id).length, 0);
      assert.equal(doctorSocket.events.filter((e) => e.name === "user:joined" && e.payload.userId === vma.id).length, 1);
      tab2.close();
      assert.deepEqual(await doctorSocket.next("user:leaved", (p) => p.userId === vma.id), { userId: vma.id });
      const members = await ctx.call("GET", "/users/chat/opponents", { token: doctor.token });
      const byId = new Map(members.body.result.list.map((p: any) => [p.id, p.isOnline]));
      assert.deepEqual([byId.get(vma.id), byId.get(patient.id)], [false, true]);
    });

    await t.step("people who share no chat hear nothing", async () => {
      await sleep(100);
      assert.deepEqual(strangerSocket.events.filter((e) => e.name.startsWith("user:")), []);
    });
  } finally {
    await live.close();
  }
});
