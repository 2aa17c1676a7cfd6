/**
 * The transactions CSV is whole at any size: streamed a page at a time after the last row sent (it was cut at
 * 10,000 rows without a word), rows sharing a timestamp or a millisecond neither repeated nor skipped, scoped
 * like the list.
 */
import assert from "node:assert/strict";
import { apiTest } from "../../test/harness.ts";
import { CSV_PAGE } from "./money.ts";

apiTest("transactions CSV: every row, in order, scoped", async (t, ctx) => {
  const admin = await ctx.createUser("admin");
  const doctor = await ctx.createUser("doctor");
  const other = await ctx.createUser("doctor");
  const vma = await ctx.createUser("vma", { doctor_id: doctor.id });
  const patient = await ctx.createUser("patient", { doctor_id: doctor.id });
  const otherPatient = await ctx.createUser("patient", { doctor_id: other.id });
  // More rows than 10 pages: the first half share one timestamp; the rest are one microsecond apart,
  // several inside one millisecond (a cursor kept as a JavaScript Date would lose them).
  const mine = CSV_PAGE * 10 + 7;
  await ctx.sql`insert into payment_transactions (patient_id, doctor_id, invoice_id, type, status, amount_cents, created_at)
    select ${patient.id}, ${doctor.id}, 'in_csv_' || n, 'service', 'succeeded', n,
      case when n <= ${Math.floor(mine / 2)} then timestamptz '2026-10-01 12:00:00+00'
        else timestamptz '2026-10-02 12:00:00+00' + n * interval '1 microsecond' end
    from generate_series(1, ${mine}) as n`;
  await ctx.sql`insert into payment_transactions (patient_id, doctor_id, invoice_id, type, status, amount_cents)
    values (${otherPatient.id}, ${other.id}, 'in_csv_other', 'membership', 'succeeded', 5900)`;

  const csv = async (token: string, query = "") => {
    const res = await ctx.call("GET", `/transactions/csv${query}`, { token });
    assert.equal(res.status, 200);
    assert.match(res.headers.get("content-type")!, /^text\/csv/);
    // (Response.text() drops the byte-order mark in front.)
    const text = res.body as string;
    assert.ok(text.startsWith("date,type,status,patient,doctor,description,amount,platform_fee,doctor_net,refunded\r\n"));
    return text.split("\r\n").slice(1, -1);
  };

  await t.step("the admin gets every row, newest first, none twice", async () => {
    const lines = await csv(admin.token);
    assert.equal(lines.length, mine + 1);
    const amounts = lines.filter((l) => l.includes(",service,")).map((l) => l.split(",")[6]);
    assert.equal(new Set(amounts).size, mine);
    // The microsecond-apart rows come first, the newest (largest n) on top.
    assert.equal(amounts[0], (mine / 100).toFixed(2));
  });

  await t.step("a doctor and their VMA get the doctor's rows; another doctor's filter gives the header only", async () => {
    assert.equal((await csv(doctor.token)).length, mine);
    assert.equal((await csv(vma.token)).length, mine);
    assert.deepEqual(await csv(doctor.token, `?doctorId=${other.id}`), []);
    assert.equal((await csv(other.token)).length, 1);
    assert.equal((await ctx.call("GET", "/transactions/csv", { token: patient.token })).status, 403);
    assert.equal((await ctx.call("GET", "/transactions/csv?status=lost", { token: admin.token })).status, 400);
  });
});
