/**
 * Tasks, macros and contacts (02 §7): every call with bad input and roles,
 * another practice's rows answer 404, on-behalf-of in the audit log and on the
 * task, the assignee's notification and count, placeholders, admins' own desk.
 */
import assert from "node:assert/strict";
import { apiTest } from "../../test/harness.ts";
import { createEncounterWithNote, createPractice, edit, pullAll, push } from "../../test/sync-fixtures.ts";
import { SHORTCUT_EXISTS } from "../../../../sync/schemas/team.ts";

apiTest("tasks: create, from an encounter, list filters, edit, close, delete; another practice 404; audit actor and principal", async (t, ctx) => {
  const a = await createPractice(ctx);
  const b = await createPractice(ctx);
  const admin = await ctx.createUser("admin");
  const call = (u: { token: string }, method: string, path: string, body?: unknown) => ctx.call(method, path, { token: u.token, body });
  let taskId = "";

  await t.step("assignees: the doctor and their VMAs", async () => {
    const res = await call(a.vma, "GET", "/doctorTasks/assignees/dropdown");
    assert.deepEqual(res.body.result.list.map((m: { id: string }) => m.id).sort(), [a.doctor.id, a.vma.id].sort());
  });

  await t.step("a VMA creates a task for the doctor: audit actor = VMA, principal = doctor; the doctor is notified and counts it", async () => {
    const res = await call(a.vma, "POST", "/doctorTasks", { assigneeId: a.doctor.id, patientId: a.patient.id, description: "Call back about labs", category: "Call back", dueDate: "2026-03-09" });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const task = res.body.result;
    taskId = task.id;
    assert.equal(task.onBehalfOf, a.doctor.id);
    assert.equal(task.createdBy, a.vma.id);
    assert.equal(task.status, "open");
    const [row] = await ctx.sql<{ actor_id: string; principal_id: string }[]>`select actor_id::text, principal_id::text from audit_log
      where event = 'task.write' and details->>'taskId' = ${taskId}`;
    assert.deepEqual(row, { actor_id: a.vma.id, principal_id: a.doctor.id });
    const notes = await call(a.doctor, "GET", "/siteNotifications");
    assert.ok(notes.body.result.list.some((n: { kind: string; payload: { taskId: string } }) => n.kind === "task.assigned" && n.payload.taskId === taskId));
    assert.deepEqual((await call(a.doctor, "GET", "/doctorTasks/count")).body.result, { count: 1 });
    assert.deepEqual((await call(a.vma, "GET", "/doctorTasks/count")).body.result, { count: 0 });
  });

  await t.step("a doctor's own write has no principal", async () => {
    const res = await call(a.doctor, "POST", "/doctorTasks", { assigneeId: a.vma.id, patientId: a.patient.id, description: "Fax the referral", category: "Referral" });
    assert.equal(res.status, 200);
    const [row] = await ctx.sql<{ principal_id: string | null }[]>`select principal_id::text from audit_log where details->>'taskId' = ${res.body.result.id}`;
    assert.equal(row.principal_id, null);
  });

  await t.step("from an encounter: its patient; another practice's encounter 404", async () => {
    const chart = await createEncounterWithNote(ctx, a.doctor, a.patient.id, { note: false });
    const res = await call(a.vma, "POST", `/doctorTasks/encounter/${chart.encounterId}`, { assigneeId: a.doctor.id, description: "Sign the note", category: "Paperwork" });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.result.patientId, a.patient.id);
    assert.equal(res.body.result.encounterId, chart.encounterId);
    assert.equal((await call(b.vma, "POST", `/doctorTasks/encounter/${chart.encounterId}`, { assigneeId: b.doctor.id, description: "x", category: "Other" })).status, 404);
  });

  await t.step("bad input: missing fields, another practice's assignee or patient, NUL, unknown fields", async () => {
    const base = { assigneeId: a.doctor.id, patientId: a.patient.id, description: "x", category: "Lab" };
    for (const body of [{}, { ...base, description: " " }, { ...base, category: "Party" }, { ...base, dueDate: "2026-02-30" },
      { ...base, description: "a\u0000b" }, { ...base, extra: 1 }, { ...base, assigneeId: b.doctor.id }]) {
      const res = await call(a.doctor, "POST", "/doctorTasks", body);
      assert.equal(res.status, 400, JSON.stringify(body));
    }
    assert.equal((await call(a.doctor, "POST", "/doctorTasks", { ...base, patientId: b.patient.id })).status, 404);
  });

  await t.step("list: filters and paging", async () => {
    const list = async (filter: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      (await call(a.doctor, "POST", "/doctorTasks/list", { filter, ...extra })).body.result;
    assert.equal((await list({})).totalCount, 3);
    assert.equal((await list({ mine: true })).totalCount, 2);
    assert.equal((await list({ category: "Referral" })).totalCount, 1);
    assert.equal((await list({ patientId: b.patient.id })).totalCount, 0);
    const page = await list({}, { offset: 1, limit: 1 });
    assert.deepEqual([page.list.length, page.totalCount], [1, 3]);
    assert.equal((await call(a.doctor, "POST", "/doctorTasks/list", { filter: { status: "maybe" } })).status, 400);
    assert.equal((await call(b.doctor, "POST", "/doctorTasks/list", {})).body.result.totalCount, 0);
  });

  await t.step("another practice cannot read, edit, close or delete (404)", async () => {
    for (const [method, path, body] of [["GET", `/doctorTasks/${taskId}`], ["PUT", `/doctorTasks/edit/${taskId}`, { description: "x" }],
      ["PUT", `/doctorTasks/close/${taskId}`], ["DELETE", `/doctorTasks/${taskId}`]] as const) {
      assert.equal((await call(b.doctor, method, path, body)).status, 404, `${method} ${path}`);
      assert.equal((await call(b.vma, method, path, body)).status, 404, `${method} ${path}`);
    }
    for (const u of [a.patient, admin]) assert.equal((await call(u, "GET", `/doctorTasks/${taskId}`)).status, 403);
    assert.equal((await ctx.call("GET", `/doctorTasks/${taskId}`)).status, 401);
  });

  await t.step("edit, close (open → closed), and the synced row follows", async () => {
    const edited = await call(a.doctor, "PUT", `/doctorTasks/edit/${taskId}`, { description: "Call back about the lipid panel", assigneeId: a.vma.id });
    assert.equal(edited.status, 200);
    assert.equal(edited.body.result.assigneeId, a.vma.id);
    const closed = await call(a.vma, "PUT", `/doctorTasks/close/${taskId}`);
    assert.equal(closed.body.result.status, "closed");
    const { docs } = await pullAll(ctx, a.doctor.token, "tasks");
    const doc = docs.find((d) => d.id === taskId)!;
    assert.equal(doc.status, "closed");
    assert.equal(doc.createdByName.length > 0, true);
  });

  await t.step("delete: the creator or the doctor; a VMA not the creator is refused", async () => {
    const mine = await call(a.doctor, "POST", "/doctorTasks", { assigneeId: a.doctor.id, patientId: a.patient.id, description: "Mine", category: "Other" });
    assert.equal((await call(a.vma, "DELETE", `/doctorTasks/${mine.body.result.id}`)).status, 403);
    assert.equal((await call(a.doctor, "DELETE", `/doctorTasks/${mine.body.result.id}`)).status, 200);
    assert.equal((await call(a.doctor, "GET", `/doctorTasks/${mine.body.result.id}`)).status, 404);
  });

  await t.step("sync: the practice reads its tasks, others none; a device closes one; other fields stay the server's", async () => {
    assert.ok((await pullAll(ctx, a.vma.token, "tasks")).docs.length >= 3);
    for (const u of [b.doctor, b.vma, a.patient, admin]) assert.equal((await pullAll(ctx, u.token, "tasks")).docs.length, 0);
    await call(a.doctor, "PUT", `/doctorTasks/reopen/${taskId}`);
    const master = (await pullAll(ctx, a.doctor.token, "tasks")).docs.find((d) => d.id === taskId)!;
    const res = await push(ctx, a.doctor.token, "tasks", [edit(master, { status: "closed" })]);
    assert.deepEqual(res.body.result, []);
    assert.equal((await call(a.doctor, "GET", `/doctorTasks/${taskId}`)).body.result.status, "closed");
    const again = (await pullAll(ctx, a.doctor.token, "tasks")).docs.find((d) => d.id === taskId)!;
    const refused = await push(ctx, a.doctor.token, "tasks", [edit(again, { description: "changed on the device" })]);
    assert.equal(refused.body.result.length, 1, "a description change answers the master");
    const outsider = await push(ctx, b.doctor.token, "tasks", [edit(again, { status: "open" })]);
    assert.equal(outsider.body.result.length, 1);
    assert.equal((await call(a.doctor, "GET", `/doctorTasks/${taskId}`)).body.result.status, "closed");
  });

  await t.step("admin tasks: the platform's desk, admins only, never synced", async () => {
    const other = await ctx.createUser("admin");
    const res = await call(admin, "POST", "/adminTasks", { assigneeId: other.id, description: "Refund request", category: "Billing" });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal((await call(admin, "POST", "/adminTasks", { assigneeId: a.doctor.id, description: "x", category: "Billing" })).status, 400);
    assert.equal((await call(other, "GET", "/adminTasks/count")).body.result.count, 1);
    assert.equal((await call(a.doctor, "GET", `/adminTasks/${res.body.result.id}`)).status, 403);
    assert.equal((await call(a.doctor, "GET", `/doctorTasks/${res.body.result.id}`)).status, 404);
    assert.equal((await call(other, "PUT", `/adminTasks/close/${res.body.result.id}`)).body.result.status, "closed");
  });
});

apiTest("macros: shortcut per practice, 'Shortcut already exists', placeholders, 404 across practices, sync", async (t, ctx) => {
  const a = await createPractice(ctx);
  const b = await createPractice(ctx);
  await ctx.sql`update users set first_name = 'Ann', birth_date = '1990-01-01' where id = ${a.patient.id}`;
  const call = (u: { token: string }, method: string, path: string, body?: unknown) => ctx.call(method, path, { token: u.token, body });
  let macroId = "";

  await t.step("the doctor creates; the VMA sees it; the same shortcut (any case) is refused", async () => {
    const res = await call(a.doctor, "POST", "/doctorMacros", { shortcut: ";bp", text: "BP checked for {patient.firstName} today." });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    macroId = res.body.result.id;
    const dup = await call(a.vma, "POST", "/doctorMacros", { shortcut: ";BP", text: "x" });
    assert.equal(dup.status, 409);
    assert.equal(dup.body.message, SHORTCUT_EXISTS);
    assert.deepEqual((await call(a.vma, "GET", "/doctorMacros/list")).body.result.list.map((m: { id: string }) => m.id), [macroId]);
    assert.equal((await call(b.doctor, "POST", "/doctorMacros", { shortcut: ";bp", text: "B's own" })).status, 200, "another practice may use it");
  });

  await t.step("bad input", async () => {
    for (const body of [{}, { shortcut: "bp", text: "x" }, { shortcut: ";b p", text: "x" }, { shortcut: ";bp2", text: "" },
      { shortcut: ";bp3", text: "a\u0000" }, { shortcut: ";bp4", text: "x", extra: true }]) {
      assert.equal((await call(a.doctor, "POST", "/doctorMacros", body)).status, 400, JSON.stringify(body));
    }
    assert.equal((await call(a.patient, "GET", "/doctorMacros/list")).status, 403);
  });

  await t.step("dropdown fills placeholders for a patient of the practice; another practice's patient is 404", async () => {
    const res = await call(a.vma, "GET", `/doctorMacros/dropdown/list?search=bp&patientId=${a.patient.id}`);
    assert.deepEqual(res.body.result.list.map((m: { text: string }) => m.text), ["BP checked for Ann today."]);
    const bare = await call(a.vma, "GET", "/doctorMacros/dropdown/list");
    assert.equal(bare.body.result.list[0].text, "BP checked for {patient.firstName} today.");
    assert.equal((await call(a.vma, "GET", `/doctorMacros/dropdown/list?patientId=${b.patient.id}`)).status, 404);
  });

  await t.step("another practice cannot edit or delete (404); sync reads the practice's only", async () => {
    assert.equal((await call(b.doctor, "PUT", `/doctorMacros/${macroId}`, { shortcut: ";x", text: "x" })).status, 404);
    assert.equal((await call(b.vma, "DELETE", `/doctorMacros/${macroId}`)).status, 404);
    const docs = (await pullAll(ctx, a.vma.token, "macros")).docs;
    assert.deepEqual(docs.map((d) => d.id), [macroId]);
    assert.equal((await pullAll(ctx, a.patient.token, "macros")).docs.length, 0);
    const refused = await push(ctx, a.doctor.token, "macros", [edit(docs[0], { text: "pushed" })]);
    assert.equal(refused.body.result.length, 1, "pull-only");
  });

  await t.step("edit and delete; a deleted shortcut may be reused", async () => {
    assert.equal((await call(a.doctor, "PUT", `/doctorMacros/${macroId}`, { shortcut: ";bp", text: "New text" })).body.result.text, "New text");
    assert.equal((await call(a.doctor, "DELETE", `/doctorMacros/${macroId}`)).status, 200);
    assert.equal((await call(a.doctor, "POST", "/doctorMacros", { shortcut: ";bp", text: "again" })).status, 200);
    const row = (await pullAll(ctx, a.doctor.token, "macros")).docs.find((d) => d.id === macroId);
    assert.ok(!row || row._deleted);
  });
});

apiTest("contacts: the practice's address book, admins' directory, search and paging, 404 across practices", async (t, ctx) => {
  const a = await createPractice(ctx);
  const b = await createPractice(ctx);
  const admin = await ctx.createUser("admin");
  const call = (u: { token: string }, method: string, path: string, body?: unknown) => ctx.call(method, path, { token: u.token, body });
  const contact = (name: string, kind = "Specialist") => ({ name, organization: `${name} Clinic`, kind, phone: "775-555-0100", fax: "775-555-0101" });
  let zoeId = "";

  await t.step("create by doctor and VMA; list by name; search; paging", async () => {
    zoeId = (await call(a.doctor, "POST", "/contacts", contact("Zoe Cardio"))).body.result.id;
    assert.equal((await call(a.vma, "POST", "/contacts", contact("Adam Lab", "Lab"))).status, 200);
    await call(a.vma, "POST", "/contacts", contact("Mia Imaging", "Imaging"));
    const list = (await call(a.doctor, "POST", "/contacts/list", {})).body.result;
    assert.deepEqual(list.list.map((c: { name: string }) => c.name), ["Adam Lab", "Mia Imaging", "Zoe Cardio"]);
    assert.deepEqual((await call(a.doctor, "POST", "/contacts/list", { search: "zoe" })).body.result.list.map((c: { id: string }) => c.id), [zoeId]);
    const page = (await call(a.doctor, "POST", "/contacts/list", { offset: 2, limit: 1 })).body.result;
    assert.deepEqual([page.list[0].name, page.totalCount], ["Zoe Cardio", 3]);
    const dropdown = (await call(a.vma, "GET", "/contacts/dropdown?kind=Lab")).body.result.list;
    assert.deepEqual(dropdown.map((c: { name: string }) => c.name), ["Adam Lab"]);
  });

  await t.step("bad input", async () => {
    for (const body of [{}, { name: "x" }, { ...contact("x"), kind: "Bar" }, { ...contact("x"), email: "nope" }, { ...contact("x\u0000") }, { ...contact("x"), id: "y" }]) {
      assert.equal((await call(a.doctor, "POST", "/contacts", body)).status, 400, JSON.stringify(body));
    }
    assert.equal((await call(a.doctor, "POST", "/contacts/list", { order: "phone" })).status, 400);
    assert.equal((await call(a.patient, "POST", "/contacts/list", {})).status, 403);
  });

  await t.step("another practice: not listed, 404 on read, edit, delete", async () => {
    assert.equal((await call(b.doctor, "POST", "/contacts/list", {})).body.result.totalCount, 0);
    assert.equal((await call(b.doctor, "GET", `/contacts/${zoeId}`)).status, 404);
    assert.equal((await call(b.vma, "PUT", `/contacts/edit/${zoeId}`, contact("Hijack"))).status, 404);
    assert.equal((await call(b.doctor, "DELETE", `/contacts/${zoeId}`)).status, 404);
    assert.equal((await call(admin, "GET", `/contacts/${zoeId}`)).status, 404, "admins keep their own directory");
  });

  await t.step("edit and delete; the admins' directory is separate", async () => {
    assert.equal((await call(a.vma, "PUT", `/contacts/edit/${zoeId}`, contact("Zoe Heart"))).body.result.name, "Zoe Heart");
    assert.equal((await call(a.doctor, "DELETE", `/contacts/${zoeId}`)).status, 200);
    assert.equal((await call(a.doctor, "GET", `/contacts/${zoeId}`)).status, 404);
    await call(admin, "POST", "/contacts", contact("Quest Labs", "Lab"));
    assert.deepEqual((await call(admin, "POST", "/contacts/list", {})).body.result.list.map((c: { name: string }) => c.name), ["Quest Labs"]);
    assert.equal((await call(a.doctor, "POST", "/contacts/list", { search: "Quest" })).body.result.totalCount, 0);
  });
});
