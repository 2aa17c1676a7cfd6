/**
 * Demo data of administration (called from demo.ts): a second approved doctor,
 * two pending applications (one with a payout account, one without), a past
 * finished consultation of the demo patient with the demo doctor (so the demo
 * patient can leave a review), reviews by other demo patients giving both
 * doctors a rating, and one open contact-us message. Idempotent (by email). Their emails are
 * @example.test: the four sign-in accounts stay the only @demo.test ones.
 */
import type { Sql } from "../db/connect.ts";
import { recomputeRating } from "../domains/admin/reviews.ts";

const PEOPLE = {
  doctor2: "linus.carter@example.test",
  applicant: "marie.curie@example.test",
  applicantNoPayout: "rosalind.franklin@example.test",
  reviewer1: "ruth.reviewer@example.test",
  reviewer2: "omar.reviewer@example.test",
};

export async function seedAdminDemo(sql: Sql, passwordHash: string, ids: { doctorEmail: string; patientEmail: string }) {
  const [done] = await sql`select 1 from users where email = ${PEOPLE.doctor2}`;
  if (done) return;
  await sql.begin(async (tx) => {
    const [doctor] = await tx<{ id: string }[]>`select id from users where email = ${ids.doctorEmail}`;
    const [patient] = await tx<{ id: string }[]>`select id from users where email = ${ids.patientEmail}`;
    if (!doctor || !patient) return;
    const base = {
      password_hash: passwordHash, is_activated: true, birth_date: "1979-04-02", gender: "Male", state: "NV", city: "Reno",
      zip: "89501", address: "5 Demo Avenue", phone_number: "+17025550110",
    };
    const insert = async (values: Record<string, unknown>) => {
      const [row] = await tx<{ id: string }[]>`insert into users ${tx({ ...base, ...values } as unknown as Record<string, never>)} returning id`;
      for (const name of ["terms", "privacy", "prescription"]) {
        await tx`insert into user_agreements (user_id, name) values (${row.id}, ${name}) on conflict do nothing`;
      }
      return row.id;
    };
    const doctor2 = await insert({
      email: PEOPLE.doctor2, role: "doctor", first_name: "Linus", last_name: "Carter", application_status: "approved",
      commission: 15, commission_percent: 15, npi: "1245319599", dea: "BC1234563", timezone: "America/Los_Angeles",
      specialty: "Internal medicine", licensed_states: ["NV", "CA"], stripe_account: "acct_demo_carter",
      is_active_stripe_account: true, credentialed_at: "2024-02-01", approved_at: new Date("2024-02-01T00:00:00Z"),
      bio: "Internist who enjoys untangling long medication lists.",
    });
    await insert({
      email: PEOPLE.applicant, role: "doctor", first_name: "Marie", last_name: "Curie", gender: "Female",
      application_status: "initial", npi: "1679576722", dea: "FC1234563", timezone: "America/Denver",
      specialty: "Family practice", licensed_states: ["NV", "AZ"], stripe_account: "acct_demo_curie", is_active_stripe_account: true,
    });
    await insert({
      email: PEOPLE.applicantNoPayout, role: "doctor", first_name: "Rosalind", last_name: "Franklin", gender: "Female",
      application_status: "initial", npi: "1234567890", dea: "FF1234563", timezone: "America/New_York",
      specialty: "Med/peds", licensed_states: ["NY"],
    });
    const r1 = await insert({ email: PEOPLE.reviewer1, role: "patient", first_name: "Ruth", last_name: "Reviewer", gender: "Female", doctor_id: doctor.id, profile_filled_at: new Date() });
    const r2 = await insert({ email: PEOPLE.reviewer2, role: "patient", first_name: "Omar", last_name: "Reviewer", doctor_id: doctor2, profile_filled_at: new Date() });
    // Past finished consultations (30 and 20 days ago, on the hour).
    const past = (days: number, hour: number) => {
      const d = new Date(Date.now() - days * 86_400_000);
      d.setUTCHours(hour, 0, 0, 0);
      return d;
    };
    for (const [doctorId, patientId, start] of [[doctor.id, patient.id, past(30, 17)], [doctor.id, r1, past(25, 18)], [doctor2, r2, past(20, 19)]] as const) {
      await tx`insert into consultations (id, doctor_id, patient_id, type, status, start_at, end_at, reason, created_at, seq)
        values (gen_random_uuid(), ${doctorId}, ${patientId}, 'video', 'finished', ${start}, ${new Date(start.getTime() + 30 * 60_000)},
          'Follow-up visit', ${new Date(start.getTime() - 86_400_000)}, nextval('sync_seq'))`;
    }
    await tx`insert into reviews (doctor_id, patient_id, rating, comment) values
      (${doctor.id}, ${r1}, 4, 'Clear explanations and a quick follow-up.'),
      (${doctor2}, ${r2}, 5, 'Sorted out my medications in one visit.')`;
    await recomputeRating(tx, doctor.id);
    await recomputeRating(tx, doctor2);
    await tx`insert into contact_messages (name, email, subject, message)
      values ('Sam Visitor', 'sam.visitor@example.test', 'Do you serve Utah?', 'I am moving to Salt Lake City next month. Can I keep my doctor?')`;
  });
}
