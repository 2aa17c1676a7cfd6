/**
 * Conflicts per synced kind a device may change (issue 31), each against the real server with the shared conflict
 * rule (`resolvePushConflict`, as the PWA's RxDB handler runs it): the same field changed on two devices, and one
 * device that stayed offline for a day while the other changed the row several times. Kinds a device only creates
 * in (chart entries, encounter notes' creates) cannot conflict: their ids are the device's own, and a create the
 * server refuses is covered by refusals.test.ts. Every scenario ends with both devices holding the server's row.
 */
import assert from "node:assert/strict";
import { apiTest, type TestContext } from "../../test/harness.ts";
import { type Doc, type ModelApi, ModelClient } from "../../test/model-client.ts";
import { createChat, newDraft, newFile, newMessage, pullAll, stored } from "../../test/sync-fixtures.ts";
import { type CollectionName, CONFLICT_END, CONFLICT_START, hasConflict, sameValue } from "../../../../sync/collections/index.ts";
import { syncPaths } from "../../../../sync/protocol.ts";

function apiOf(ctx: TestContext): ModelApi {
  return {
    async push(token, collection, rows) {
      const res = await ctx.call("POST", syncPaths.push(collection), { token, body: rows });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      return res.body.result as Doc[];
    },
    async pull(token, collection, checkpoint, limit) {
      const params = new URLSearchParams({ limit: String(limit) });
      if (checkpoint) params.set("updatedAt", String(checkpoint.updatedAt)), params.set("id", checkpoint.id);
      const res = await ctx.call("GET", `${syncPaths.pull(collection)}?${params}`, { token });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      return res.body.result;
    },
  };
}

/** Both devices sync until nothing is pending, then hold exactly the server's row. */
async function settle(ctx: TestContext, collection: CollectionName, id: string, devices: ModelClient[]) {
  for (let round = 0; round < 5; round++) {
    let pushed = 0;
    for (const d of devices) pushed += await d.push(collection);
    for (const d of devices) await d.pull(collection);
    if (pushed === 0) break;
  }
  const server = (await pullAll<Doc>(ctx, devices[0].user.token, collection)).docs.find((d) => d.id === id)!;
  for (const d of devices) {
    assert.deepEqual(d.pending(collection), [], `${d.name} has nothing left to push`);
    const { updatedAt: _a, ...mine } = d.local.get(collection)!.get(id)!;
    const { updatedAt: _b, ...theirs } = server;
    assert.ok(sameValue(mine, theirs), `${d.name} holds the server's ${collection} row`);
  }
  return server;
}

/** A created row both devices hold; then `online` makes its changes (pushed one by one) while `offline` is away. */
async function scenario(ctx: TestContext, o: {
  collection: CollectionName;
  devices: [ModelClient, ModelClient];
  doc: Doc;
  online: ((doc: Doc) => Doc | Promise<void>)[];
  offline: (doc: Doc) => Doc;
}) {
  const [online, offline] = o.devices;
  online.write(o.collection, o.doc);
  await online.push(o.collection);
  for (const d of o.devices) await d.pull(o.collection);
  const base = offline.local.get(o.collection)!.get(o.doc.id)!;
  for (const change of o.online) {
    const current = online.local.get(o.collection)!.get(o.doc.id)!;
    const next = await change(current);
    if (next) {
      online.write(o.collection, next);
      assert.equal(await online.push(o.collection), 1);
    }
    await online.pull(o.collection);
  }
  offline.write(o.collection, o.offline(base));
  return await settle(ctx, o.collection, o.doc.id, o.devices);
}

apiTest("conflicts per synced kind: two devices, one offline for a day", async (t, ctx) => {
  const doctor = await ctx.createUser("doctor");
  const vma = await ctx.createUser("vma", { doctor_id: doctor.id });
  const patient = await ctx.createUser("patient", { doctor_id: doctor.id });
  const api = apiOf(ctx);
  const device = (name: string, user: { id: string; token: string }, collection: CollectionName) =>
    new ModelClient(name, user, [collection], () => api);

  await t.step("note drafts: the same field written on both keeps both versions, marked; other fields merge", async () => {
    const laptop = device("laptop", doctor, "note_drafts");
    const phone = device("phone", doctor, "note_drafts");
    const row = await scenario(ctx, {
      collection: "note_drafts",
      devices: [laptop, phone],
      doc: newDraft(patient.id, doctor.id, { subjective: "Cough", plan: "" }) as Doc,
      online: [1, 2, 3].map((n) => (d: Doc) => ({ ...d, fields: { ...(d.fields as object), subjective: `Cough, day ${n}` } })),
      offline: (d) => ({ ...d, title: "Home visit", fields: { subjective: "Fever since Monday", plan: "Fluids" } }),
    });
    const fields = row.fields as Record<string, string>;
    assert.equal(fields.subjective, `Cough, day 3\n\n${CONFLICT_START}\nFever since Monday\n${CONFLICT_END}`);
    assert.ok(hasConflict(fields.subjective));
    assert.deepEqual([fields.plan, row.title], ["Fluids", "Home visit"]);
  });

  await t.step("chat messages: a delete on the author's other device survives edits made meanwhile", async () => {
    const chatId = await createChat(ctx, [doctor.id, patient.id]);
    const laptop = device("laptop", doctor, "chat_messages");
    const phone = device("phone", doctor, "chat_messages");
    const row = await scenario(ctx, {
      collection: "chat_messages",
      devices: [laptop, phone],
      doc: newMessage(chatId, doctor.id, "Take it twice a day") as Doc,
      online: [(d) => ({ ...d, text: "Take it twice a day with food" })],
      offline: (d) => ({ ...d, _deleted: true }),
    });
    assert.equal(row._deleted, true);
  });

  await t.step("chat messages: the same text edited on both keeps the one stored first", async () => {
    const chatId = await createChat(ctx, [doctor.id, patient.id]);
    const row = await scenario(ctx, {
      collection: "chat_messages",
      devices: [device("laptop", doctor, "chat_messages"), device("phone", doctor, "chat_messages")],
      doc: newMessage(chatId, doctor.id, "See you at 3") as Doc,
      online: [(d) => ({ ...d, text: "See you at 4" }), (d) => ({ ...d, text: "See you at 5" })],
      offline: (d) => ({ ...d, text: "See you at 3:30" }),
    });
    assert.deepEqual([row.text, row._deleted], ["See you at 5", false]);
  });

  await t.step("medical files: a move made offline survives renames; the name changed on both keeps the stored one", async () => {
    const row = await scenario(ctx, {
      collection: "medical_files",
      devices: [device("doctor", doctor, "medical_files"), device("vma", vma, "medical_files")],
      doc: newFile(patient.id, doctor.id, { folder: "Misc", name: "scan.pdf" }) as Doc,
      online: [(d) => ({ ...d, name: "chest x-ray.pdf" }), (d) => ({ ...d, name: "chest x-ray, May.pdf" })],
      offline: (d) => ({ ...d, name: "xray.pdf", folder: "Imaging" }),
    });
    assert.deepEqual([row.name, row.folder], ["chest x-ray, May.pdf", "Imaging"]);
  });

  await t.step("tasks: closed offline by the VMA stays closed though the doctor changed it online meanwhile", async () => {
    const task = {
      id: crypto.randomUUID(), practiceId: doctor.id, assigneeId: vma.id, assigneeName: "", patientId: patient.id,
      patientName: "", encounterId: null, description: "Call the lab", category: "Lab", status: "open", dueDate: "2026-12-01",
      createdBy: doctor.id, createdByName: "", onBehalfOf: null, updatedBy: doctor.id, createdAt: new Date().toISOString(),
      updatedAt: 0, _deleted: false,
    };
    const edit = (body: object) => async (d: Doc) => {
      const res = await ctx.call("PUT", `/doctorTasks/edit/${d.id}`, { token: doctor.token, body });
      assert.equal(res.status, 200, JSON.stringify(res.body));
    };
    const row = await scenario(ctx, {
      collection: "tasks",
      devices: [device("doctor", doctor, "tasks"), device("vma", vma, "tasks")],
      doc: task as Doc,
      online: [edit({ dueDate: "2026-12-03" }), edit({ description: "Call the lab about the CBC" })],
      offline: (d) => ({ ...d, status: "closed" }),
    });
    assert.deepEqual([row.status, row.dueDate, row.description], ["closed", "2026-12-03", "Call the lab about the CBC"]);
    assert.equal((await stored<Doc>(ctx, "tasks", task.id))!.status, "closed");
  });

  await t.step("tasks: closed offline by the VMA, deleted online by the doctor meanwhile: stays deleted", async () => {
    const doc = {
      id: crypto.randomUUID(), practiceId: doctor.id, assigneeId: vma.id, assigneeName: "", patientId: patient.id,
      patientName: "", encounterId: null, description: "Fax the referral", category: "Referral", status: "open", dueDate: null,
      createdBy: doctor.id, createdByName: "", onBehalfOf: null, updatedBy: doctor.id, createdAt: new Date().toISOString(),
      updatedAt: 0, _deleted: false,
    };
    const remove = async (d: Doc) => {
      const res = await ctx.call("DELETE", `/doctorTasks/${d.id}`, { token: doctor.token });
      assert.equal(res.status, 200, JSON.stringify(res.body));
    };
    const row = await scenario(ctx, {
      collection: "tasks",
      devices: [device("doctor", doctor, "tasks"), device("vma", vma, "tasks")],
      doc: doc as Doc,
      online: [remove],
      offline: (d) => ({ ...d, status: "closed" }),
    });
    assert.equal(row._deleted, true);
  });
});
