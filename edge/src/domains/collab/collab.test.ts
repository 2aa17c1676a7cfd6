/** The collab endpoint over real WebSockets to a real loopback server: sync, offline, restart, access, audit. */
import assert from "node:assert/strict";
import * as Y from "yjs";
import { apiTest } from "../../test/harness.ts";
import { type CollabClient, createCollabClient, eventually } from "../../test/collab-client.ts";
import { startCollabServer } from "../../test/collab-server.ts";
import { connectSocket } from "../../test/socket-client.ts";
import { RESYNC_EVENT } from "../../../../sync/protocol.ts";
import { createChart, createPractices } from "../chart/chart-fixtures.ts";
import { CLOSE } from "./server.ts";

apiTest("collaborative notes over y-websocket", async (t, ctx) => {
  const { doctor, vma, patient, otherDoctor, admin } = await createPractices(ctx);
  const { note } = await createChart(ctx, doctor, patient.id);
  let server = await startCollabServer(ctx, { compactAfter: 5 });
  const clients: CollabClient[] = [];
  const client = (token: string, noteId = note.id) => {
    const c = createCollabClient({ base: server.base, noteId, token });
    clients.push(c);
    return c;
  };
  try {
    await t.step("a note written through the API opens with its text (seeded once)", async () => {
      const a = client(doctor.token);
      await a.connect();
      assert.deepEqual(a.text("Subjective"), ["Dry cough"]);
      await a.disconnect();
    });

    await t.step("doctor and VMA edit at once, the VMA offline for a while: both converge", async () => {
      const d = client(doctor.token);
      const v = client(vma.token);
      await d.connect();
      await v.connect();
      d.append("Plan", "Rest");
      await eventually(() => v.text("Plan").includes("Rest"), 3000, "the VMA sees the doctor's edit");
      await v.disconnect();
      v.append("Assessment", "Viral bronchitis (offline)");
      v.append("Plan", "Fluids (offline)");
      d.append("Plan", "Honey (online)");
      await new Promise((r) => setTimeout(r, 200));
      assert.ok(!d.text("Assessment").length, "the offline edit has not travelled yet");
      await v.connect();
      const same = () => JSON.stringify([d.text("Plan"), d.text("Assessment")]) === JSON.stringify([v.text("Plan"), v.text("Assessment")]);
      await eventually(same, 3000, "convergence");
      assert.deepEqual(new Set(d.text("Plan")), new Set(["Rest", "Fluids (offline)", "Honey (online)"]));
      assert.deepEqual(d.text("Assessment"), ["Viral bronchitis (offline)"]);
      await d.disconnect();
      await v.disconnect();
    });

    await t.step("the last editor leaving compacts the history and writes the text into the note's fields", async () => {
      await eventually(async () => {
        const [row] = await ctx.sql<{ n: number }[]>`select count(*)::int as n from note_updates where note_id = ${note.id}`;
        return row.n === 1;
      }, 3000, "compaction to one row");
      const res = await ctx.call("GET", `/encounterNotes/${note.encounterId}/list`, { token: doctor.token });
      const fields = res.status === 200 ? res.body.result.list[0].fields : (await ctx.sql`select fields from encounter_notes where id = ${note.id}`)[0].fields;
      assert.equal(fields.Subjective, "Dry cough");
      assert.equal(fields.Assessment, "Viral bronchitis (offline)");
      assert.deepEqual(new Set(fields.Plan.split("\n")), new Set(["Rest", "Fluids (offline)", "Honey (online)"]));
    });

    await t.step("many edits are compacted while editing; a restarted server loses nothing", async () => {
      const d = client(doctor.token);
      await d.connect();
      for (let i = 0; i < 12; i++) d.append("Objective", `line ${i}`);
      await eventually(async () => {
        const [row] = await ctx.sql<{ n: number }[]>`select count(*)::int as n from note_updates where note_id = ${note.id}`;
        return row.n <= 6;
      }, 3000, "compaction while editing");
      await new Promise((r) => setTimeout(r, 100));
      await server.close();
      await ctx.restart();
      server = await startCollabServer(ctx, { compactAfter: 5 });
      const fresh = client(doctor.token);
      await fresh.connect();
      assert.deepEqual(fresh.text("Objective"), Array.from({ length: 12 }, (_, i) => `line ${i}`));
      assert.equal(fresh.text("Subjective")[0], "Dry cough");
      await fresh.disconnect();
    });

    await t.step("an unshared note: the patient is refused like a missing note (4404)", async () => {
      await assert.rejects(client(patient.token).connect(), (e: any) => e.code === CLOSE.notFound);
    });

    await t.step("outsiders: another practice, an admin, a made-up note, no token, a bad token", async () => {
      await assert.rejects(client(otherDoctor.token).connect(), (e: any) => e.code === CLOSE.notFound);
      await assert.rejects(client(admin.token).connect(), (e: any) => e.code === CLOSE.notFound);
      await assert.rejects(client(doctor.token, crypto.randomUUID()).connect(), (e: any) => e.code === CLOSE.notFound);
      await assert.rejects(client(doctor.token, "not-a-uuid").connect(), (e: any) => e.code === CLOSE.notFound);
      await assert.rejects(client("").connect(), (e: any) => e.code === CLOSE.unauthorized);
      await assert.rejects(client("garbage").connect(), (e: any) => e.code === CLOSE.unauthorized);
    });

    await t.step("shared: the patient receives the content and live edits, but cannot change it; the VMA reads only", async () => {
      const shared = await ctx.call("PUT", `/encounterNotes/share/${note.id}`, { token: doctor.token });
      assert.equal(shared.status, 200);
      const d = client(doctor.token);
      const p = client(patient.token);
      const v = client(vma.token);
      await d.connect();
      await p.connect();
      await v.connect();
      assert.equal(p.text("Subjective")[0], "Dry cough");
      d.append("Plan", "Follow up in a week");
      await eventually(() => p.text("Plan").includes("Follow up in a week"), 3000, "the patient sees the edit");
      p.append("Plan", "PATIENT WROTE THIS");
      v.append("Plan", "VMA WROTE THIS");
      d.append("Plan", "after");
      await eventually(() => p.text("Plan").includes("after"), 3000, "the patient sees later edits");
      await new Promise((r) => setTimeout(r, 200));
      assert.ok(!d.text("Plan").includes("PATIENT WROTE THIS"));
      assert.ok(!d.text("Plan").includes("VMA WROTE THIS"));
      await d.disconnect();
      const again = client(doctor.token);
      await again.connect();
      assert.ok(!again.text("Plan").some((l) => l.includes("WROTE THIS")), "nothing of theirs was stored");
      await again.disconnect();
      await p.disconnect();
      await v.disconnect();
    });

    await t.step("socket.io and the collab endpoint share the server: a collab socket stays open past engine.io's 1 s", async () => {
      const d = client(doctor.token);
      await d.connect();
      const socket = await connectSocket(server.base, doctor.token);
      await socket.next(RESYNC_EVENT);
      await new Promise((r) => setTimeout(r, 1300));
      d.append("Plan", "still here");
      const other = client(doctor.token);
      await other.connect();
      await eventually(() => other.text("Plan").includes("still here"), 3000, "the late edit");
      assert.equal(d.closeCode, null);
      socket.close();
      await d.disconnect();
      await other.disconnect();
    });

    await t.step("a burst of keystrokes is stored in far fewer transactions than keystrokes, none lost", async () => {
      const seq = async () => (await ctx.sql<{ n: number }[]>`select last_value::int as n from note_updates_seq_seq`)[0].n;
      const before = await seq();
      const d = client(doctor.token);
      await d.connect();
      const p = new Y.XmlElement("paragraph");
      const typed = new Y.XmlText("");
      p.insert(0, [typed]);
      d.doc.getXmlFragment("Assessment").insert(0, [p]);
      for (let i = 0; i < 500; i++) typed.insert(typed.length, "x");
      const reader = client(doctor.token);
      await reader.connect();
      await eventually(() => reader.text("Assessment")[0] === "x".repeat(500), 5000, "every keystroke");
      await d.disconnect();
      await reader.disconnect();
      await eventually(async () => {
        const [row] = await ctx.sql<{ n: number }[]>`select count(*)::int as n from note_updates where note_id = ${note.id}`;
        return row.n === 1;
      }, 3000, "compaction");
      assert.ok((await seq()) - before < 250, "appends are batched");
      const fresh = client(doctor.token);
      await fresh.connect();
      assert.equal(fresh.text("Assessment")[0], "x".repeat(500), "stored: a new connection loads it from the database");
      await fresh.disconnect();
    });

    await t.step("opens and edits are audited as chart reads and writes of the patient", async () => {
      const rows = (await ctx.deps.audit.forSubject(patient.id)).filter((r) => String(r.details.what).startsWith("note.collab"));
      assert.ok(rows.some((r) => r.event === "chart.read" && r.details.what === "note.collab.open" && r.actor_id === patient.id));
      assert.ok(rows.some((r) => r.event === "chart.write" && r.details.what === "note.collab.edit" && r.actor_id === vma.id));
      assert.ok(!rows.some((r) => r.event === "chart.write" && r.actor_id === patient.id), "the patient's dropped edits are not writes");
      assert.ok(!rows.some((r) => r.actor_id === otherDoctor.id || r.actor_id === admin.id), "refusals open nothing");
    });
  } finally {
    for (const c of clients) await c.disconnect();
    await server.close();
  }
});
