/**
 * `npm run bench:notes`: collaborative encounter notes, on loopback only. Not part of `npm test`.
 *
 * 1. A throwaway database on the local PostgreSQL (BENCH_DATABASE_URL, default
 *    postgres://postgres@127.0.0.1:5432/postgres; created and dropped here), migrated,
 *    with an approved doctor, their VMA and a patient (live sessions; access tokens
 *    signed with the edge's secret).
 * 2. One edge process (`edge/src/main.ts`) on 127.0.0.1; a note type, an encounter and
 *    a note made through the chart API.
 * 3. **apply**: one editor (a Yjs document over the y-websocket protocol, as the PWA's
 *    editor) types 10,000 characters into the note's "Plan" field, one update message
 *    each, as fast as it can. Measured from just before the first edit until the
 *    server has *persisted* all of them: the bench reads the note's rows in
 *    `note_updates` (every 50 ms) until their merged state vector holds the editor's
 *    last clock. apply = 10,000 / that time.
 * 4. **load**: the editor leaves (the server compacts the history into one row), then
 *    a fresh client opens the note 10 times, each time from a new WebSocket until its
 *    document has the server's state (sync step 2 applied), leaving before the next,
 *    so each open loads the note from the database. load = the median.
 * 5. **sync**: two editors (doctor and VMA) on the note; A inserts one character, B
 *    observes it in its document; 200 times one after another. sync p95 = the 95th
 *    percentile of A's edit → B's document.
 *
 * Bounded: every loop has its count, every wait its limit, and everything stops by
 * itself after BENCH_TIMEOUT_MS (default 300,000).
 *
 * Prints, as its last line:
 * `notes: edits <n> apply <n>/s load <ms> ms sync p95 <ms> ms`
 */
import postgres from "postgres";
import * as Y from "yjs";
import { migrate } from "../src/db/migrate.ts";
import { type CollabClient, createCollabClient } from "../src/test/collab-client.ts";
import { api, type BenchUser, createBenchDatabase, log, percentile, runBounded, signIn, sleep, startBenchEdge } from "./bench-kit.ts";

const TIMEOUT_MS = Number(Deno.env.get("BENCH_TIMEOUT_MS") ?? 300_000);
const EDITS = Number(Deno.env.get("BENCH_EDITS") ?? 10_000);
const LOADS = 10;
const ROUNDS = 200;
const APPLY_WAIT_MS = 240_000;
const ROUND_WAIT_MS = 5_000;
const FIELD = "Plan";

/** A doctor, their VMA and a patient, each with a live session and an access token. */
async function seedUsers(sql: postgres.Sql): Promise<{ doctor: BenchUser; vma: BenchUser; patient: BenchUser }> {
  await migrate(sql);
  const [doctor] = await sql<{ id: string }[]>`insert into users (role, email, first_name, last_name, is_activated, application_status, state, licensed_states)
    values ('doctor', 'bench.doctor@example.test', 'Bench', 'Doctor', true, 'approved', 'NV', '{NV}') returning id`;
  const [vma] = await sql<{ id: string }[]>`insert into users (role, email, first_name, last_name, is_activated, doctor_id)
    values ('vma', 'bench.vma@example.test', 'Bench', 'Assistant', true, ${doctor.id}) returning id`;
  const [patient] = await sql<{ id: string }[]>`insert into users (role, email, first_name, last_name, is_activated, doctor_id, state, profile_filled_at)
    values ('patient', 'bench.patient@example.test', 'Bench', 'Patient', true, ${doctor.id}, 'NV', now()) returning id`;
  const one = async (row: { id: string }, role: "doctor" | "vma" | "patient") => (await signIn(sql, [row], role))[0];
  return { doctor: await one(doctor, "doctor"), vma: await one(vma, "vma"), patient: await one(patient, "patient") };
}

/** A call's `result`; any status from 300 up stops the bench. */
async function result(base: string, token: string, method: string, path: string, body?: unknown) {
  const res = await api(base, token, method, path, body);
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
  return res.body.result;
}

/** The field's first paragraph's text, made on first use (as Tiptap's Collaboration does). */
function paragraphText(doc: Y.Doc): Y.XmlText {
  const fragment = doc.getXmlFragment(FIELD);
  let p = fragment.get(0) as Y.XmlElement | undefined;
  if (!p) {
    p = new Y.XmlElement("paragraph");
    p.insert(0, [new Y.XmlText("")]);
    fragment.insert(0, [p]);
  }
  return p.get(0) as Y.XmlText;
}

/** The clock of `clientId` in the merged state of every stored row of the note. */
async function storedClock(sql: postgres.Sql, noteId: string, clientId: number): Promise<number> {
  const rows = await sql<{ update: Uint8Array }[]>`select update from note_updates where note_id = ${noteId} order by seq`;
  if (rows.length === 0) return 0;
  const merged = Y.mergeUpdates(rows.map((r) => new Uint8Array(r.update)));
  return Y.decodeStateVector(Y.encodeStateVectorFromUpdate(merged)).get(clientId) ?? 0;
}

async function main() {
  const clients: CollabClient[] = [];
  let applyRate = 0;
  let loadMs = 0;
  let syncP95 = 0;

  const report = () => console.log(`notes: edits ${EDITS} apply ${applyRate.toFixed(0)}/s load ${loadMs.toFixed(0)} ms sync p95 ${syncP95.toFixed(0)} ms`);
  const closeClients = async () => {
    for (const c of clients) await c.disconnect().catch(() => {});
  };

  await runBounded({
    timeoutMs: TIMEOUT_MS,
    closeClients,
    report,
    run: async (cleanups) => {
      const db = await createBenchDatabase("notes");
      cleanups.push(() => db.drop());
      const sql = postgres(db.url, { max: 2, onnotice: () => {} });
      cleanups.push(() => sql.end());
      const { doctor, vma } = await seedUsers(sql);
      const patientId = (await sql<{ id: string }[]>`select id from users where role = 'patient'`)[0].id;

      const edge = await startBenchEdge(db.url, cleanups);
      const type = await result(edge.url, doctor.token, "POST", "/noteTypes", { name: "SOAP", fieldNames: ["Subjective", "Objective", "Assessment", FIELD] });
      const encounter = await result(edge.url, doctor.token, "POST", `/encounters/${patientId}`, { type: "video", reason: "Bench", datetime: new Date().toISOString() });
      const note = await result(edge.url, doctor.token, "POST", `/encounterNotes/${encounter.id}`, { noteTypeId: type.id, fields: { Subjective: "Benchmark" } });
      const open = async (token: string) => {
        const c = createCollabClient({ base: edge.url, noteId: note.id, token });
        clients.push(c);
        await c.connect(10_000);
        return c;
      };

      // 3. apply: 10,000 one-character edits, until all are stored.
      const writer = await open(doctor.token);
      const text = paragraphText(writer.doc);
      const t0 = performance.now();
      for (let i = 0; i < EDITS; i++) text.insert(text.length, String.fromCharCode(97 + (i % 26)));
      const sentIn = performance.now() - t0;
      const target = Y.encodeStateVector(writer.doc);
      const clock = Y.decodeStateVector(target).get(writer.doc.clientID) ?? 0;
      const applyUntil = performance.now() + APPLY_WAIT_MS;
      let polls = 0;
      while ((await storedClock(sql, note.id, writer.doc.clientID)) < clock) {
        if (performance.now() > applyUntil) throw new Error(`not all edits stored after ${APPLY_WAIT_MS} ms`);
        polls += 1;
        await sleep(50);
      }
      const applyMs = performance.now() - t0;
      applyRate = EDITS / (applyMs / 1000);
      const [{ n: rowsAfter }] = await sql<{ n: number }[]>`select count(*)::int as n from note_updates where note_id = ${note.id}`;
      // Every append and compaction draws from the table's sequence: how many transactions stored the edits.
      const [{ appends }] = await sql<{ appends: number }[]>`select last_value::int as appends from note_updates_seq_seq`;
      log(`apply: ${EDITS} edits sent in ${sentIn.toFixed(0)} ms, all stored after ${applyMs.toFixed(0)} ms ` +
        `(${polls} polls; about ${appends} appends; ${rowsAfter} rows now)`);

      // 4. load: the editor leaves; fresh clients open the note from the database.
      const warm = performance.now();
      const warmClient = await open(vma.token);
      log(`load while the note is open in the process: ${(performance.now() - warm).toFixed(1)} ms`);
      await warmClient.disconnect();
      await writer.disconnect();
      const compactUntil = performance.now() + 30_000;
      while ((await sql<{ n: number }[]>`select count(*)::int as n from note_updates where note_id = ${note.id}`)[0].n > 1) {
        if (performance.now() > compactUntil) throw new Error("the history was not compacted after the last editor left");
        await sleep(50);
      }
      const [{ bytes }] = await sql<{ bytes: number }[]>`select coalesce(sum(octet_length(update)), 0)::int as bytes from note_updates where note_id = ${note.id}`;
      log(`compacted: 1 row of ${bytes} bytes`);
      const loads: number[] = [];
      for (let i = 0; i < LOADS; i++) {
        await sleep(100); // the previous reader's release (and its compaction) is done
        const t = performance.now();
        const reader = await open(vma.token);
        loads.push(performance.now() - t);
        if (paragraphText(reader.doc).length !== EDITS) throw new Error(`a fresh client got ${paragraphText(reader.doc).length} characters`);
        await reader.disconnect();
      }
      loads.sort((a, b) => a - b);
      loadMs = percentile(loads, 50);
      log(`load from the database: ${loads.map((l) => l.toFixed(1)).join(", ")} ms`);

      // 5. sync: A edits, B observes; 200 rounds.
      const a = await open(doctor.token);
      const b = await open(vma.token);
      const aText = paragraphText(a.doc);
      const delays: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const expected = aText.length + 1;
        const seen = new Promise<number>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`round ${i}: B did not see the edit within ${ROUND_WAIT_MS} ms`)), ROUND_WAIT_MS);
          const check = () => {
            if (paragraphText(b.doc).length < expected) return;
            clearTimeout(timer);
            b.doc.off("update", check);
            resolve(performance.now());
          };
          b.doc.on("update", check);
        });
        const t = performance.now();
        aText.insert(aText.length, "z");
        delays.push((await seen) - t);
      }
      delays.sort((x, y) => x - y);
      syncP95 = percentile(delays, 95);
      log(`sync: p50 ${percentile(delays, 50).toFixed(1)} ms, p95 ${syncP95.toFixed(1)} ms, max ${delays.at(-1)!.toFixed(1)} ms`);
    },
  });
}

await main();
