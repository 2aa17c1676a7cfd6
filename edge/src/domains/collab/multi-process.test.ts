/**
 * Two edge processes on one PostgreSQL keep one note consistent (LISTEN/NOTIFY relay of appended updates)
 * and show each other's editors (relay of awareness).
 */
import assert from "node:assert/strict";
import { apiTest, TEST_JWT_SECRET } from "../../test/harness.ts";
import { type EdgeProcess, startEdgeProcess } from "../../test/edge-process.ts";
import { type CollabClient, createCollabClient, eventually } from "../../test/collab-client.ts";
import { createEncounterWithNote } from "../../test/sync-fixtures.ts";
import { createChart, createPractices } from "../chart/chart-fixtures.ts";

apiTest("collab: two edge processes on one database converge on one note", async (t, ctx) => {
  if (!ctx.databaseUrl) {
    console.error("note: no PostgreSQL server: two processes cannot share embedded PGlite; skipped");
    return;
  }
  const edges: EdgeProcess[] = [];
  const clients: CollabClient[] = [];
  try {
    edges.push(...await Promise.all([1, 2].map(() => startEdgeProcess({ databaseUrl: ctx.databaseUrl!, jwtSecret: TEST_JWT_SECRET }))));
    const [one, two] = edges;
    const { doctor, vma, patient } = await createPractices(ctx);
    const { note } = await createChart(ctx, doctor, patient.id);
    const client = (base: string, token: string, noteId = note.id) => {
      const c = createCollabClient({ base, noteId, token });
      clients.push(c);
      return c;
    };

    await t.step("edits through either process reach the other's editor, concurrent ones included", async () => {
      const d = client(one.url, doctor.token);
      const v = client(two.url, vma.token);
      await Promise.all([d.connect(), v.connect()]);
      assert.deepEqual([d.text("Subjective"), v.text("Subjective")], [["Dry cough"], ["Dry cough"]], "seeded once, not twice");
      d.append("Plan", "from one");
      await eventually(() => v.text("Plan").includes("from one"), 3000, "process two sees process one's edit");
      for (let i = 0; i < 10; i++) {
        d.append("Objective", `d${i}`);
        v.append("Objective", `v${i}`);
      }
      const same = () => JSON.stringify(d.text("Objective")) === JSON.stringify(v.text("Objective"));
      await eventually(() => same() && d.text("Objective").length === 20, 5000, "convergence across processes");
    });

    await t.step("the VMA offline on process two, then back: converges, and a fresh device on process one gets it all", async () => {
      const [d, v] = clients;
      await v.disconnect();
      v.append("Assessment", "offline on two");
      d.append("Assessment", "online on one");
      // The VMA's device reconnects to process two; a second device of theirs opens through process one.
      await v.connect();
      const back = client(one.url, vma.token);
      await back.connect();
      await eventually(() => d.text("Assessment").length === 2 && v.text("Assessment").length === 2 && back.text("Assessment").length === 2, 5000, "all three agree");
      assert.deepEqual(new Set(d.text("Assessment")), new Set(["offline on two", "online on one"]));
    });

    await t.step("presence crosses processes: shown, changed, gone when the editor leaves; a late opener asks for it", async () => {
      const [d, v] = clients;
      d.setPresence({ user: { name: "Dr One", color: "#0a0" } });
      await eventually(() => v.others().some((s: any) => s.user?.name === "Dr One"), 3000, "process two shows process one's editor");
      // A note not yet open on process one: the first opener there asks process two for its editors.
      const late = await createEncounterWithNote(ctx, doctor, patient.id);
      const here = client(two.url, vma.token, late.noteId!);
      await here.connect();
      here.setPresence({ user: { name: "VMA Two", color: "#00a" } });
      const there = client(one.url, doctor.token, late.noteId!);
      await there.connect();
      await eventually(() => there.others().some((s: any) => s.user?.name === "VMA Two"), 3000, "the late opener sees the editor already there");
      d.setPresence({ user: { name: "Dr One", color: "#a00" } });
      await eventually(() => v.others().some((s: any) => s.user?.color === "#a00"), 3000, "a change crosses too");
      await d.disconnect();
      await eventually(() => !v.others().some((s: any) => s.user?.name === "Dr One"), 3000, "gone once the editor left");
      await d.connect();
      await here.disconnect();
      await there.disconnect();
    });

    await t.step("after both processes stop, a new process serves everything", async () => {
      for (const c of clients) await c.disconnect();
      const expected = clients[0].text("Objective");
      await Promise.all(edges.splice(0).map((e) => e.stop()));
      const three = await startEdgeProcess({ databaseUrl: ctx.databaseUrl!, jwtSecret: TEST_JWT_SECRET });
      edges.push(three);
      const fresh = client(three.url, doctor.token);
      await fresh.connect();
      assert.deepEqual(fresh.text("Objective"), expected);
      assert.deepEqual(new Set(fresh.text("Assessment")), new Set(["offline on two", "online on one"]));
      await fresh.disconnect();
      await eventually(async () => {
        const [row] = await ctx.sql<{ fields: Record<string, string> }[]>`select fields from encounter_notes where id = ${note.id}`;
        return row.fields.Plan === "from one" && row.fields.Objective?.split("\n").length === 20;
      }, 3000, "the note's plain fields follow the document");
    });
  } finally {
    for (const c of clients) await c.disconnect();
    await Promise.all(edges.map((e) => e.stop()));
  }
});
