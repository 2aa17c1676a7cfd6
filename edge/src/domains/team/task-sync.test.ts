/**
 * A task made on a device offline (issue 31) and the practice's people on its devices: the server sets the
 * author, on whose behalf and the time, audits the create and tells the assignee; the practice's members reach
 * the doctor's and the VMAs' devices, a name change is sent again, and a VMA detached reads as deleted.
 */
import assert from "node:assert/strict";
import { apiTest } from "../../test/harness.ts";
import { create, createPractice, pullAll, push } from "../../test/sync-fixtures.ts";

apiTest("tasks made on a device, and the practice's people on its devices", async (t, ctx) => {
  const a = await createPractice(ctx);
  const stranger = await ctx.createUser("doctor");
  const task = (over: Record<string, unknown> = {}) => ({
    id: crypto.randomUUID(), practiceId: a.doctor.id, assigneeId: a.vma.id, assigneeName: "?", patientId: a.patient.id, patientName: "?",
    encounterId: null, description: "Fax the referral letter", category: "Referral", status: "open", dueDate: "2026-12-01",
    createdBy: stranger.id, createdByName: "?", onBehalfOf: stranger.id, updatedBy: stranger.id, createdAt: "2001-01-01T00:00:00.000Z",
    updatedAt: 0, _deleted: false, ...over,
  });

  await t.step("the doctor's task: the server's author, time and no on-behalf-of; audited; the VMA is told", async () => {
    const doc = task();
    const res = await push(ctx, a.doctor.token, "tasks", [create(doc)]);
    assert.deepEqual([res.status, res.body.result], [200, []], JSON.stringify(res.body));
    const got = (await ctx.call("GET", `/doctorTasks/${doc.id}`, { token: a.vma.token })).body.result;
    assert.equal(got.createdBy, a.doctor.id);
    assert.equal(got.onBehalfOf, null);
    assert.notEqual(got.createdAt, "2001-01-01T00:00:00.000Z");
    assert.deepEqual([got.assigneeId, got.description, got.dueDate, got.status], [a.vma.id, "Fax the referral letter", "2026-12-01", "open"]);
    const [audit] = await ctx.sql`select 1 from audit_log where event = 'task.write' and details->>'taskId' = ${doc.id} and details->>'via' = 'sync'`;
    assert.ok(audit, "the create is audited");
    const [told] = await ctx.sql`select 1 from site_notifications where user_id = ${a.vma.id} and kind = 'task.assigned'
      and payload->>'taskId' = ${doc.id}`;
    assert.ok(told, "the assignee is notified");
    // A retry after a lost answer writes nothing twice.
    await push(ctx, a.doctor.token, "tasks", [create(doc)]);
    const [{ count }] = await ctx.sql<{ count: number }[]>`select count(*)::int as count from tasks where id = ${doc.id}`;
    assert.equal(count, 1);
  });

  await t.step("the VMA's task is on behalf of their doctor", async () => {
    const doc = task({ assigneeId: a.doctor.id });
    await push(ctx, a.vma.token, "tasks", [create(doc)]);
    const got = (await ctx.call("GET", `/doctorTasks/${doc.id}`, { token: a.doctor.token })).body.result;
    assert.deepEqual([got.createdBy, got.onBehalfOf], [a.vma.id, a.doctor.id]);
  });

  const members = async (token: string, since: { updatedAt: number; id: string } | null = null) =>
    (await pullAll(ctx, token, "practice_members", since)).docs as { userId: string; firstName: string; role: string; _deleted: boolean; updatedAt: number }[];

  await t.step("the practice's people reach its devices; a rename is sent again; a detached VMA reads as deleted", async () => {
    for (const user of [a.doctor, a.vma]) {
      const docs = await members(user.token);
      assert.deepEqual(docs.map((d) => [d.userId, d.role, d._deleted]).sort(), [[a.doctor.id, "doctor", false], [a.vma.id, "vma", false]].sort());
    }
    // Another practice sees only its own people; a patient nobody.
    assert.deepEqual((await members(stranger.token)).map((d) => d.userId), [stranger.id]);
    assert.deepEqual(await members(a.patient.token), []);
    const top = Math.max(...(await members(a.doctor.token)).map((d) => d.updatedAt));
    const since = { updatedAt: top, id: "ffffffff-ffff-4fff-bfff-ffffffffffff" };
    await ctx.sql`update users set first_name = 'Renata' where id = ${a.vma.id}`;
    await ctx.call("POST", "/vmas/detach", { token: a.doctor.token, body: { vmaId: a.vma.id } });
    const docs = await members(a.doctor.token, since);
    assert.deepEqual(docs.map((d) => [d.userId, d.firstName, d._deleted]), [[a.vma.id, "Renata", true]]);
  });

  await t.step("a task for a VMA no longer of the practice is refused", async () => {
    const res = await push(ctx, a.doctor.token, "tasks", [create(task())]);
    assert.equal(res.body.result[0]?._deleted, true, JSON.stringify(res.body));
  });
});
