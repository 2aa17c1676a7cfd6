/**
 * Demo commerce (02 §9): the fee table as plans — primary care $59/month,
 * $147/3 months, $468/year; specialty care $89/month, $237/3 months,
 * $828/year; one-off 1-week access $49 — with the welcome package on the
 * 3-month and annual plans; the demo doctor's primary-care and 1-week options
 * enabled; and, when a processor is running (npm start: the emulator), the
 * demo patient a member of the demo doctor (monthly, test card pm_card_visa),
 * so the first wave's demo (chat, booking) keeps working under the 402 rule.
 * Idempotent: runs on every start, adds only what is missing.
 */
import type { Deps } from "../deps.ts";
import { createMembershipsRepo } from "../domains/memberships/repo.ts";
import { recurrenceOf } from "../domains/memberships/core.ts";
import { createCustomers } from "../domains/payments/customers.ts";

export const DEMO_PLANS = [
  { name: "Primary care — monthly", price_cents: 5900, interval: "month", interval_count: 1, category: "primary", welcome_package: false },
  { name: "Primary care — 3 months", price_cents: 14700, interval: "month", interval_count: 3, category: "primary", welcome_package: true },
  { name: "Primary care — annual", price_cents: 46800, interval: "year", interval_count: 1, category: "primary", welcome_package: true },
  { name: "Specialty care — monthly", price_cents: 8900, interval: "month", interval_count: 1, category: "specialty", welcome_package: false },
  { name: "Specialty care — 3 months", price_cents: 23700, interval: "month", interval_count: 3, category: "specialty", welcome_package: true },
  { name: "Specialty care — annual", price_cents: 82800, interval: "year", interval_count: 1, category: "specialty", welcome_package: true },
  { name: "1-week access", price_cents: 4900, interval: "week", interval_count: 1, category: "one-time", welcome_package: false, auto_renewable: false },
] as const;

const DESCRIPTIONS: Record<string, string> = {
  primary: "Unlimited messaging and video visits with your primary care doctor.",
  specialty: "Ongoing care from a specialist, with messaging and video visits.",
  "one-time": "One week of messaging and video visits, no renewal.",
};

export async function seedPayments(
  deps: Pick<Deps, "sql" | "log"> & Partial<Pick<Deps, "payments" | "clock">>,
  emails: { doctor: string; patient: string },
) {
  const { sql, log } = deps;
  for (const p of DEMO_PLANS) {
    await sql`insert into plans (name, description, price_cents, interval, interval_count, category, welcome_package, auto_renewable, is_homepage)
      select ${p.name}, ${DESCRIPTIONS[p.category]}, ${p.price_cents}, ${p.interval}, ${p.interval_count}, ${p.category}, ${p.welcome_package},
        ${"auto_renewable" in p ? p.auto_renewable : true}, ${p.category === "primary"}
      where not exists (select 1 from plans where name = ${p.name})`;
  }
  const [doctor] = await sql<{ id: string }[]>`select id from users where email = ${emails.doctor}`;
  const [patient] = await sql<{ id: string; email: string; name: string }[]>`
    select id, email, first_name || ' ' || last_name as name from users where email = ${emails.patient}`;
  if (!doctor) return;
  await sql`insert into membership_options (doctor_id, plan_id, enabled)
    select ${doctor.id}, id, true from plans where category in ('primary', 'one-time') and name in ${sql(DEMO_PLANS.map((p) => p.name))}
    on conflict do nothing`;

  const payments = deps.payments;
  if (!patient || !payments?.publishableKey) return;
  const repo = createMembershipsRepo(sql);
  if (await sql`select 1 from memberships where patient_id = ${patient.id}`.then((r) => r.length)) return;
  try {
    const [plan] = await sql<{ id: string; name: string; interval: string; interval_count: number; price_cents: number }[]>`
      select id, name, interval, interval_count, price_cents from plans where name = ${DEMO_PLANS[0].name}`;
    const customerId = await createCustomers({ sql, payments }).ensure(patient.id, patient.email, patient.name);
    const priceId = await payments.createPrice({ name: plan.name, amountCents: plan.price_cents, recurrence: recurrenceOf(plan), planId: plan.id });
    await repo.savePrice(sql, { planId: plan.id, amountCents: plan.price_cents, interval: plan.interval, intervalCount: plan.interval_count, priceId });
    const card = await payments.attachCard(customerId, "pm_card_visa");
    const { subscription } = await payments.createSubscription({
      customerId, priceId, paymentMethodId: card.id, trialDays: 0,
      metadata: { patientId: patient.id, doctorId: doctor.id, planId: plan.id }, idempotencyKey: `demo-membership-${patient.id}`,
    });
    await repo.insert(sql, {
      patientId: patient.id, doctorId: doctor.id, planId: plan.id, subscriptionId: subscription.id, amountCents: plan.price_cents,
      intentId: null, now: deps.clock?.now() ?? new Date(), ...subscription,
    });
    log.info("demo membership seeded", { patient: emails.patient, plan: plan.name, status: subscription.status });
  } catch (e) {
    log.warn("demo membership not seeded", { error: e instanceof Error ? e.message : String(e) });
  }
}
