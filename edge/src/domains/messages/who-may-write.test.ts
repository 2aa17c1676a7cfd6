/**
 * Who may write to whom, for every ordered pair of thirteen people, through
 * every way in: starting a chat, sending through the API, pushing a message
 * written offline; and the opponents list (the rule's SQL twin) agreeing with it.
 */
import assert from "node:assert/strict";
import { apiTest } from "../../test/harness.ts";
import { create, createChat, newMessage, push } from "../../test/sync-fixtures.ts";
import { partiesOf } from "../../access/chat-write.ts";
import { CANNOT_WRITE_MESSAGE, mayWrite } from "../../../../sync/rules/chat-write.ts";

apiTest("who may write to whom: every pair, API and sync alike", async (t, ctx) => {
  const doctorA = await ctx.createUser("doctor");
  const doctorB = await ctx.createUser("doctor");
  const pendingDoctor = await ctx.createUser("doctor", { application_status: "initial" });
  const people = {
    admin: await ctx.createUser("admin"),
    otherAdmin: await ctx.createUser("admin"),
    doctorA,
    vmaA: await ctx.createUser("vma", { doctor_id: doctorA.id }),
    vmaA2: await ctx.createUser("vma", { doctor_id: doctorA.id }),
    patientA: await ctx.createUser("patient", { doctor_id: doctorA.id }),
    patientA2: await ctx.createUser("patient", { doctor_id: doctorA.id }),
    doctorB,
    vmaB: await ctx.createUser("vma", { doctor_id: doctorB.id }),
    patientB: await ctx.createUser("patient", { doctor_id: doctorB.id }),
    pendingDoctor,
    pendingVma: await ctx.createUser("vma", { doctor_id: pendingDoctor.id }),
    loosePatient: await ctx.createUser("patient"),
  };
  type Name = keyof typeof people;
  const names = Object.keys(people) as Name[];
  // The expected answers, written out (the rule's own table test covers the same pairs on plain facts).
  const practiceOf: Record<Name, string | null> = {
    admin: null, otherAdmin: null, doctorA: "A", vmaA: "A", vmaA2: "A", patientA: "A", patientA2: "A",
    doctorB: "B", vmaB: "B", patientB: "B", pendingDoctor: null, pendingVma: null, loosePatient: null,
  };
  const role = (n: Name) => n.replace(/A2?$|B$|^pending|^loose|^other/g, "").toLowerCase();
  const expected = (from: Name, to: Name) =>
    from !== to && (role(from) === "admin" || role(to) === "admin" ||
      (!(role(from) === "patient" && role(to) === "patient") && practiceOf[from] !== null && practiceOf[from] === practiceOf[to]));

  await t.step("the opponents list is exactly the people the rule allows (admins only for admins)", async () => {
    const parties = await partiesOf(ctx.sql, names.map((n) => people[n].id));
    for (const from of names) {
      const res = await ctx.call("GET", "/users/chat/opponents?limit=100", { token: people[from].token });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const listed = new Set(res.body.result.list.map((p: any) => p.id));
      const me = parties.get(people[from].id)!;
      for (const to of names) {
        const them = parties.get(people[to].id)!;
        const shown = mayWrite(me, them) && (me.role === "admin" || them.role !== "admin");
        assert.equal(listed.has(people[to].id), shown, `${from} lists ${to}`);
        assert.equal(mayWrite(me, them), expected(from, to), `${from} → ${to} (rule vs table)`);
      }
      assert.equal(res.body.result.totalCount, listed.size);
    }
  });

  for (const from of names) {
    for (const to of names) {
      if (from === to) continue;
      const allowed = expected(from, to);
      await t.step(`${from} → ${to}: ${allowed ? "may write" : "may not write"}`, async () => {
        const sender = people[from];
        const start = await ctx.call("POST", `/messages/chat/${people[to].id}`, { token: sender.token });
        if (allowed) {
          assert.ok([200, 201].includes(start.status), JSON.stringify(start.body));
          const chatId = start.body.result.chatId;
          const sent = await ctx.call("POST", `/messages/${chatId}`, { token: sender.token, body: { text: `hi from ${from}` } });
          assert.equal(sent.status, 201, JSON.stringify(sent.body));
          const msg = newMessage(chatId, sender.id);
          assert.deepEqual((await push(ctx, sender.token, "chat_messages", [create(msg)])).body.result, []);
        } else {
          assert.equal(start.status, 403);
          assert.equal(start.body.message, CANNOT_WRITE_MESSAGE);
          assert.equal(start.body.details.reason, "CANNOT_WRITE");
          // A chat holding them both anyway (made directly): neither way in lets the message through.
          const chatId = await createChat(ctx, [sender.id, people[to].id]);
          const sent = await ctx.call("POST", `/messages/${chatId}`, { token: sender.token, body: { text: "let me in" } });
          assert.equal(sent.status, 403);
          assert.equal(sent.body.message, CANNOT_WRITE_MESSAGE);
          const msg = newMessage(chatId, sender.id);
          const pushed = await push(ctx, sender.token, "chat_messages", [create(msg)]);
          assert.deepEqual(pushed.body.result, [{ ...msg, updatedAt: 0, _deleted: true }]);
          const [{ n }] = await ctx.sql`select count(*)::int as n from chat_messages where chat_id = ${chatId}`;
          assert.equal(n, 0);
        }
      });
    }
  }

  await t.step("a relationship that ends closes the chat for new messages: the patient moves to another doctor", async () => {
    const start = await ctx.call("POST", `/messages/chat/${people.doctorA.id}`, { token: people.patientA2.token });
    const chatId = start.body.result.chatId;
    await ctx.sql`update users set doctor_id = ${people.doctorB.id} where id = ${people.patientA2.id}`;
    const sent = await ctx.call("POST", `/messages/${chatId}`, { token: people.doctorA.token, body: { text: "still there?" } });
    assert.equal(sent.status, 403);
    const pushed = await push(ctx, people.patientA2.token, "chat_messages", [create(newMessage(chatId, people.patientA2.id))]);
    assert.equal(pushed.body.result[0]._deleted, true);
    // Reading the history stays possible.
    assert.equal((await ctx.call("GET", `/messages/${chatId}`, { token: people.patientA2.token })).status, 200);
  });
});
