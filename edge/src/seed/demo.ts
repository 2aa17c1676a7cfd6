/**
 * The demo practice: one account per role, all with the password below.
 * Idempotent: creates only what is missing, so it is safe on every start.
 */
import type postgres from "postgres";
import { seedPayments } from "./payments.ts";
import type { Deps } from "../deps.ts";
import { availabilityInputSchema } from "../../../sync/schemas/availability.ts";
import { seedOrders } from "./orders.ts";
import { seedTeam } from "./team.ts";
import { seedAdminDemo } from "./admin.ts";
import { seedCommerce } from "./commerce.ts";
import { addDefaultNoteTypes } from "../domains/chart/default-note-types.ts";

export const DEMO_PASSWORD = "demo-password";
export const DEMO_ACCOUNTS = {
  admin: "admin@demo.test",
  doctor: "doctor@demo.test",
  vma: "vma@demo.test",
  patient: "patient@demo.test",
} as const;

const DEMO_MEDICAL_CARD = {
  allergies: [{ name: "Penicillin", reaction: "Rash", comment: "" }],
  allergiesNoSignificant: false,
  medications: [{ name: "Lisinopril", dose: "10 mg", frequency: "Once daily" }],
  pastMedicalHistory: [{ disease: "Hypertension", date: "2019" }],
  surgicalHistory: [],
  familyHistory: [{ member: "Father", condition: "Type 2 diabetes", status: "living" }],
  familyHistoryNoSignificant: false,
  socialHistory: { tobacco: "never", alcohol: "occasionally", drugs: "never" },
};

/** Fixed ids so the demo and the browser tests can open these chats directly. */
export const DEMO_CHATS = {
  careTeam: "0d3c0c1e-5f6a-4c8e-9a11-000000000001",
  doctorPatient: "0d3c0c1e-5f6a-4c8e-9a11-000000000002",
} as const;

/** The demo doctor's hours: weekdays 09:00–17:00 in Los Angeles, 30-minute slots (checked like `PUT /availability`). */
export const DEMO_AVAILABILITY = availabilityInputSchema.parse({
  timezone: "America/Los_Angeles",
  slotMinutes: 30,
  weekly: Object.fromEntries(["monday", "tuesday", "wednesday", "thursday", "friday"].map((d) => [d, [{ start: "09:00", end: "17:00" }]])),
});

/** The demo doctor's intake form: vitals asked (not required) and two optional questions, with fixed ids. */
export const DEMO_INTAKE_SETTINGS = {
  vitalsEnabled: true,
  vitalsRequired: false,
  fields: [
    { id: "0d3c0c1e-5f6a-4c8e-9a11-0000000000f1", question: "How long have you had these symptoms?", inputType: "text", required: false },
    { id: "0d3c0c1e-5f6a-4c8e-9a11-0000000000f2", question: "Are you taking any new medications?", inputType: "yesNo", required: false },
  ],
};

/**
 * Chats are synced rows: they take a `seq` like any synced write. At seed time
 * no client is connected yet, so no live notification is needed.
 */
async function ensureChat(tx: postgres.TransactionSql, id: string, kind: string, title: string, members: string[]) {
  const [existing] = await tx`select 1 from chats where id = ${id}`;
  if (existing) return;
  await tx`insert into chats (id, kind, title, seq) values (${id}, ${kind}, ${title}, nextval('sync_seq'))`;
  for (const userId of members) {
    await tx`insert into chat_members (chat_id, user_id) values (${id}, ${userId}) on conflict do nothing`;
  }
}

export async function seedDemo(deps: Pick<Deps, "sql" | "passwords" | "log"> & Partial<Pick<Deps, "payments" | "clock">>): Promise<boolean> {
  try {
    return await seedPractice(deps);
  } finally {
    await seedPayments(deps, DEMO_ACCOUNTS); // plans, the demo doctor's options and the demo patient's membership
    await seedCommerce(deps, DEMO_ACCOUNTS.doctor); // services, commission, promo code, the demo doctor's payout account
  }
}

async function seedPractice(deps: Pick<Deps, "sql" | "passwords" | "log">): Promise<boolean> {
  const { sql, passwords, log } = deps;
  const existing = await sql<{ email: string }[]>`select email from users where email in ${sql(Object.values(DEMO_ACCOUNTS))}`;
  const chats = await sql`select id from chats where id in ${sql(Object.values(DEMO_CHATS))}`;
  const [practice] = await sql<{ hours: boolean; intake: boolean }[]>`
    select exists (select 1 from availability a join users u on u.id = a.doctor_id where u.email = ${DEMO_ACCOUNTS.doctor}) as hours,
           exists (select 1 from intake_form_settings s join users u on u.id = s.doctor_id where u.email = ${DEMO_ACCOUNTS.doctor}) as intake`;
  if (
    existing.length === Object.keys(DEMO_ACCOUNTS).length && chats.length === Object.keys(DEMO_CHATS).length &&
    practice.hours && practice.intake
  ) {
    return false;
  }
  const hash = await passwords.hash(DEMO_PASSWORD);
  const now = new Date();
  await sql.begin(async (tx) => {
    const upsert = async (email: string, fields: Record<string, unknown>) => {
      const [row] = await tx<{ id: string }[]>`select id from users where email = ${email}`;
      if (row) return row.id;
      const values = {
        email, password_hash: hash, is_activated: true, last_password_changed_at: now,
        birth_date: "1985-03-14", gender: "Female", state: "NV", city: "Las Vegas", zip: "89101",
        address: "100 Demo Street", phone_number: "+17025550100", is_phone_verified: true, ...fields,
      };
      const [created] = await tx<{ id: string }[]>`insert into users ${tx(values as unknown as Record<string, never>)} returning id`;
      for (const name of ["terms", "privacy", "prescription"]) {
        await tx`insert into user_agreements (user_id, name) values (${created.id}, ${name}) on conflict do nothing`;
      }
      return created.id;
    };
    await upsert(DEMO_ACCOUNTS.admin, { role: "admin", first_name: "Ada", last_name: "Admin", is_super_admin: true });
    const doctorId = await upsert(DEMO_ACCOUNTS.doctor, {
      role: "doctor", first_name: "Grace", last_name: "Hopper", gender: "Female",
      application_status: "approved", commission: 20, npi: "1234567893", dea: "AB1234563",
      fax: "+17025550199", timezone: "America/Los_Angeles", specialty: "Family practice",
      licensed_states: ["NV"], bio: "Family physician with 15 years of practice, focused on prevention and chronic care.",
      stripe_account: "acct_demo_doctor", is_active_stripe_account: true, phone_number: "+17025550101",
    });
    // Like a registered doctor, the demo doctor starts with the default note types: once, when created here.
    if (!existing.some((r) => r.email === DEMO_ACCOUNTS.doctor)) await addDefaultNoteTypes(tx, doctorId, now);
    await upsert(DEMO_ACCOUNTS.vma, {
      role: "vma", first_name: "Victor", last_name: "Assistant", gender: "Male", doctor_id: doctorId,
      phone_number: "+17025550102",
    });
    const patientId = await upsert(DEMO_ACCOUNTS.patient, {
      role: "patient", first_name: "Pat", last_name: "Patient", gender: "Male", birth_date: "1980-07-02",
      doctor_id: doctorId, profile_filled_at: now, phone_number: "+17025550103",
    });
    await tx`insert into medical_cards (patient_id, card) values (${patientId}, ${tx.json(DEMO_MEDICAL_CARD as never)})
      on conflict do nothing`;
    const [vma] = await tx<{ id: string }[]>`select id from users where email = ${DEMO_ACCOUNTS.vma}`;
    await ensureChat(tx, DEMO_CHATS.careTeam, "group", "Care team", [doctorId, vma.id]);
    await ensureChat(tx, DEMO_CHATS.doctorPatient, "direct", "", [doctorId, patientId]);
    await seedTeam(tx, doctorId);
    await tx`insert into availability (doctor_id, slot_minutes, weekly, overrides)
      values (${doctorId}, ${DEMO_AVAILABILITY.slotMinutes}, ${tx.json(DEMO_AVAILABILITY.weekly as never)}, '[]')
      on conflict do nothing`;
    await tx`insert into intake_form_settings (doctor_id, vitals_enabled, vitals_required, fields)
      values (${doctorId}, ${DEMO_INTAKE_SETTINGS.vitalsEnabled}, ${DEMO_INTAKE_SETTINGS.vitalsRequired},
              ${tx.json(DEMO_INTAKE_SETTINGS.fields as never)})
      on conflict do nothing`;
  });
  await seedOrders(deps);
  await seedAdminDemo(sql, hash, { doctorEmail: DEMO_ACCOUNTS.doctor, patientEmail: DEMO_ACCOUNTS.patient });
  log.info("demo practice seeded", {
    password: DEMO_PASSWORD,
    accounts: Object.entries(DEMO_ACCOUNTS).map(([role, email]) => `${role}: ${email}`),
  });
  return true;
}
