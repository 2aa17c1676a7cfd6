/**
 * The collab endpoint on the embedded database, as `npm start` runs it with no
 * DATABASE_URL: a real edge process on PGlite (its demo practice), where notices
 * of appended updates, sync changes and presence travel in-process. Two editors
 * converge, presence is shared, the text survives a restart of the process, and
 * an unshared note closes its patient reader.
 */
import assert from "node:assert/strict";
import { type EdgeProcess, startEdgeProcess } from "../../test/edge-process.ts";
import { type CollabClient, createCollabClient, eventually } from "../../test/collab-client.ts";
import { TEST_JWT_SECRET } from "../../test/harness.ts";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "../../seed/demo.ts";
import { CLOSE } from "./server.ts";

async function request(edge: EdgeProcess, method: string, path: string, o: { token?: string; body?: unknown } = {}) {
  const res = await fetch(`${edge.url}/api/v1${path}`, {
    method,
    headers: { "content-type": "application/json", ...(o.token ? { authorization: `Bearer ${o.token}` } : {}) },
    body: o.body === undefined ? undefined : JSON.stringify(o.body),
  });
  const body = await res.json();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(body)}`);
  return body.result;
}

Deno.test({ name: "collab on embedded PGlite (a real edge process)", sanitizeOps: false, sanitizeResources: false }, async (t) => {
  const dataDir = await Deno.makeTempDir({ prefix: "collab-pglite-" });
  // One data directory kept across the two processes (the second is a restart).
  const start = () =>
    startEdgeProcess({ databaseUrl: null, jwtSecret: TEST_JWT_SECRET, timeoutMs: 90_000, env: { DATA_DIR: dataDir, STATIC_DIR: `${dataDir}/no-pwa` } });
  let edge = await start();
  const clients: CollabClient[] = [];
  const client = (token: string, noteId: string) => {
    const c = createCollabClient({ base: edge.url, noteId, token });
    clients.push(c);
    return c;
  };
  try {
    const health = await request(edge, "GET", "/health");
    assert.equal(health.database.status, "up");
    // The edge runs on the embedded database, in its data folder.
    assert.ok((await Deno.stat(`${dataDir}/pgdata`)).isDirectory);
    const signIn = async (email: string) => (await request(edge, "POST", "/users/login", { body: { email, password: DEMO_PASSWORD } })).accessToken as string;
    const [doctor, vma, patient] = [await signIn(DEMO_ACCOUNTS.doctor), await signIn(DEMO_ACCOUNTS.vma), await signIn(DEMO_ACCOUNTS.patient)];
    const patientId = (await request(edge, "POST", "/doctorPatients/list", { token: doctor, body: {} })).list[0].id as string;
    const type = await request(edge, "POST", "/noteTypes", { token: doctor, body: { name: "SOAP", fieldNames: ["Subjective", "Plan"] } });
    const encounter = await request(edge, "POST", `/encounters/${patientId}`, { token: doctor, body: { type: "video", reason: "Cough", datetime: "2026-01-10T15:00:00Z" } });
    const note = await request(edge, "POST", `/encounterNotes/${encounter.id}`, { token: doctor, body: { noteTypeId: type.id, fields: { Subjective: "Dry cough" } } });

    await t.step("doctor and VMA edit at once and converge; presence is shared", async () => {
      const d = client(doctor, note.id);
      const v = client(vma, note.id);
      await Promise.all([d.connect(), v.connect()]);
      assert.deepEqual(d.text("Subjective"), ["Dry cough"]);
      d.setPresence({ user: { name: "Demo Doctor" } });
      for (let i = 0; i < 5; i++) {
        d.append("Plan", `d${i}`);
        v.append("Plan", `v${i}`);
      }
      await eventually(() => d.text("Plan").length === 10 && JSON.stringify(d.text("Plan")) === JSON.stringify(v.text("Plan")), 5000, "convergence");
      await eventually(() => v.others().some((s: any) => s.user?.name === "Demo Doctor"), 3000, "the doctor's presence");
      await d.disconnect();
      await v.disconnect();
    });

    await t.step("a patient reading a shared note is closed when it is unshared (4404)", async () => {
      await request(edge, "PUT", `/encounterNotes/share/${note.id}`, { token: doctor });
      const p = client(patient, note.id);
      await p.connect();
      assert.equal(p.text("Plan").length, 10);
      await request(edge, "PUT", `/encounterNotes/unshare/${note.id}`, { token: doctor });
      assert.equal(await p.closed(), CLOSE.notFound);
    });

    await t.step("the text is in the chart and survives a restart of the process", async () => {
      const expected = clients[0].text("Plan");
      await eventually(async () => {
        const list = await request(edge, "GET", `/encounterNotes/${encounter.id}/list`, { token: doctor });
        return list.list[0].fields.Plan === expected.join("\n");
      }, 5000, "the compacted text in the note's fields");
      await edge.stop();
      edge = await start();
      const fresh = client(await signIn(DEMO_ACCOUNTS.doctor), note.id);
      await fresh.connect();
      assert.deepEqual(fresh.text("Plan"), expected);
      await fresh.disconnect();
    });
  } finally {
    for (const c of clients) await c.disconnect();
    await edge.stop();
    await Deno.remove(dataDir, { recursive: true }).catch(() => {});
  }
});
