/**
 * A row leaves a device when access ends (issue 31): a device asks which of the scopes it holds its user may no
 * longer read: a patient moved to another practice, a chat the user is no longer in, another practice (a VMA
 * detached from their doctor is signed out instead). The same scope rules as the pulls; bad input is a 400.
 */
import assert from "node:assert/strict";
import { apiTest } from "../../test/harness.ts";
import { createChat, createPractice } from "../../test/sync-fixtures.ts";
import { SYNC_VERSION } from "../../../../sync/protocol.ts";

apiTest("sync access check: what a device holds that its user may no longer read", async (t, ctx) => {
  const a = await createPractice(ctx);
  const b = await createPractice(ctx);
  const admin = await ctx.createUser("admin");
  const chat = await createChat(ctx, [a.doctor.id, a.patient.id]);
  const check = async (token: string, body: unknown) => {
    const res = await ctx.call("POST", `/sync/v${SYNC_VERSION}/access`, { token, body });
    return res;
  };
  const revoked = async (token: string, body: Record<string, string[]>) => {
    const res = await check(token, body);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.result as { patients: string[]; chats: string[]; practices: string[] };
  };

  await t.step("while access lasts nothing is revoked; another practice's scopes are", async () => {
    const held = { patients: [a.patient.id], chats: [chat], practices: [a.doctor.id] };
    for (const user of [a.doctor, a.vma]) {
      assert.deepEqual(await revoked(user.token, { patients: held.patients, practices: held.practices }), { patients: [], chats: [], practices: [] });
    }
    assert.deepEqual(await revoked(a.doctor.token, { chats: [chat] }), { patients: [], chats: [], practices: [] });
    assert.deepEqual(await revoked(b.doctor.token, held), held);
    assert.deepEqual(await revoked(a.patient.token, { patients: [a.patient.id, b.patient.id] }), { patients: [b.patient.id], chats: [], practices: [] });
  });

  await t.step("a patient moved to the other doctor: revoked for the old care team, not for the new", async () => {
    const moved = await ctx.call("POST", "/doctors/choose/admin", { token: admin.token, body: { doctorId: b.doctor.id, patientId: a.patient.id } });
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    for (const user of [a.doctor, a.vma]) assert.deepEqual((await revoked(user.token, { patients: [a.patient.id] })).patients, [a.patient.id]);
    for (const user of [b.doctor, b.vma]) assert.deepEqual((await revoked(user.token, { patients: [a.patient.id] })).patients, []);
  });

  await t.step("a chat left and a VMA detached: revoked", async () => {
    await ctx.sql`delete from chat_members where chat_id = ${chat} and user_id = ${a.patient.id}`;
    assert.deepEqual((await revoked(a.patient.token, { chats: [chat] })).chats, [chat]);
    const detached = await ctx.call("POST", "/vmas/detach", { token: b.doctor.token, body: { vmaId: b.vma.id } });
    assert.equal(detached.status, 200, JSON.stringify(detached.body));
    // A VMA detached from their doctor has their sessions ended: their device is signed out (and cleared) at once.
    assert.equal((await check(b.vma.token, { practices: [b.doctor.id] })).status, 401);
  });

  await t.step("bad input is a 400 naming the field, and needs a signed-in user", async () => {
    const bad = await check(a.doctor.token, { patients: ["not-an-id"] });
    assert.equal(bad.status, 400);
    assert.ok(Object.keys(bad.body.details?.fields ?? {}).some((f) => f.startsWith("patients")), JSON.stringify(bad.body));
    assert.equal((await check(a.doctor.token, { patients: [], extra: 1 })).status, 400);
    assert.equal((await ctx.call("POST", `/sync/v${SYNC_VERSION}/access`, { body: {} })).status, 401);
  });
});
