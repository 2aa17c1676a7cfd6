/**
 * Prepares the video test's embedded database before the edge starts on it
 * (Deno): the demo practice, a third account (outsider@demo.test, a patient of
 * the same doctor) and two video consultations open now — the demo patient's
 * with the demo doctor, and the outsider's own — ids written to video-seed.json.
 * Usage: deno run -A edge/src/test/video-seed.ts <DATA_DIR> [count]
 */
import { composeDeps } from "../compose.ts";
import { loadConfig } from "../config.ts";
import { startPglite } from "../db/connect.ts";
import { migrate } from "../db/migrate.ts";
import { silentLogger } from "../platform/log.ts";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from "../seed/demo.ts";

export const OUTSIDER = "outsider@demo.test";

const dataDir = Deno.args[0];
if (!dataDir) throw new Error("usage: seed.ts <DATA_DIR> [extra consultations]");
const extra = Number(Deno.args[1] ?? 0);
const database = await startPglite(`${dataDir}/pgdata`);
await migrate(database.sql);
const deps = await composeDeps({ config: loadConfig({ DATA_DIR: dataDir }), database, log: silentLogger, jwtSecret: "x".repeat(40) });
await seedDemo(deps);
const sql = deps.sql;
const id = async (email: string) => (await sql<{ id: string }[]>`select id from users where email = ${email}`)[0].id;
const doctorId = await id(DEMO_ACCOUNTS.doctor);
const patientId = await id(DEMO_ACCOUNTS.patient);

const [existing] = await sql`select 1 from users where email = ${OUTSIDER}`;
if (!existing) {
  await sql`insert into users ${
    sql({
      role: "patient", email: OUTSIDER, password_hash: await deps.passwords.hash(DEMO_PASSWORD), is_activated: true,
      first_name: "Oscar", last_name: "Outsider", birth_date: "1980-01-01", gender: "Male", state: "NV", city: "Reno",
      zip: "89501", address: "1 Elsewhere Way", phone_number: "+17025550177", doctor_id: doctorId, profile_filled_at: new Date(),
    } as unknown as Record<string, never>)
  }`;
  for (const name of ["terms", "privacy", "prescription"]) {
    await sql`insert into user_agreements (user_id, name) values (${await id(OUTSIDER)}, ${name}) on conflict do nothing`;
  }
}
const outsiderId = await id(OUTSIDER);

/** An accepted video consultation running from a minute ago for two hours (written as the API would, with a sync seq). */
async function openVisit(patient: string, minuteOffset: number) {
  const consultationId = crypto.randomUUID();
  const start = new Date(Date.now() - 60_000 + minuteOffset * 1000);
  await sql`insert into consultations (id, doctor_id, patient_id, type, status, start_at, end_at, reason, seq)
    values (${consultationId}, ${doctorId}, ${patient}, 'video', 'accepted', ${start}, ${new Date(start.getTime() + 2 * 3600_000)},
            'Video test', nextval('sync_seq'))`;
  return consultationId;
}

const visit = await openVisit(patientId, 0);
const outsiderVisit = await openVisit(outsiderId, 1);
const more: string[] = [];
for (let i = 0; i < extra; i++) more.push(await openVisit(patientId, 2 + i));
await Deno.writeTextFile(`${dataDir}/video-seed.json`, JSON.stringify({ visit, outsiderVisit, more }));
await database.close();
