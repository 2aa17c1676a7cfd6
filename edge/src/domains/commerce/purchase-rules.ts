/** What a purchase checks and charges by: a service turned off or not for this patient, the doctor's commission, imaging's additional window. */
import type { Deps } from "../../deps.ts";
import type { Queryable } from "../../db/connect.ts";
import { conflict } from "../../http/errors.ts";
import type { PaidServiceRow } from "./services.ts";

/** 02 §8 "service just turned off". */
export const serviceTurnedOff = () =>
  conflict("This service has just been turned off. Please choose another one.", "SERVICE_TURNED_OFF");
export const membersOnly = () => conflict("This service is only for the doctor's members.", "SERVICE_MEMBERS_ONLY");
export const nonMembersOnly = () => conflict("This service is only for patients without a membership.", "SERVICE_NON_MEMBERS_ONLY");

/** The doctor's commission (02 §5), 0 when the admin has not set one. */
export async function commissionOf(sql: Deps["sql"], doctorId: string): Promise<number> {
  const [row] = await sql<{ p: number | null }[]>`select commission_percent as p from users where id = ${doctorId}`;
  return row?.p ?? 0;
}

/**
 * A membership's split at the processor: the doctor's payout account receives
 * each invoice less `application_fee_percent` = their commission. An account
 * the processor does not know (test and legacy data) gets no split: the
 * platform keeps the payment, and the ledger records it so (fee = amount).
 */
export async function membershipSplit(deps: Pick<Deps, "sql" | "payments">, doctorId: string, accountId: string) {
  try {
    const account = await deps.payments.retrieveAccount(accountId);
    if (!account.chargesEnabled) return undefined;
  } catch {
    return undefined;
  }
  return { destinationAccountId: accountId, applicationFeePercent: await commissionOf(deps.sql, doctorId) };
}

/**
 * 02 §9 imaging referral: the patient's latest paid first request of this service to this doctor whose window
 * (`additional_within_days`) is still open, and how many additional requests use it (pending ones hold a place).
 * `lock` takes the first request's row so concurrent purchases count one after another. Null when the service
 * has no additional price or no window is open.
 */
export async function additionalWindow(
  q: Queryable,
  o: { service: PaidServiceRow; patientId: string; doctorId: string; lock?: boolean },
): Promise<{ firstRequestId: string; priceCents: number; used: number; max: number; endsAt: Date } | null> {
  const { additional_price_cents: priceCents, additional_max: max, additional_within_days: days } = o.service;
  if (priceCents === null || max === null || days === null) return null;
  const [first] = await q<{ id: string; created_at: Date }[]>`select id, created_at from service_requests
    where patient_id = ${o.patientId} and service_id = ${o.service.id} and doctor_id = ${o.doctorId} and first_request_id is null
      and status = 'paid' and created_at > now() - make_interval(days => ${days})
    order by created_at desc limit 1 ${o.lock ? q`for update` : q``}`;
  if (!first) return null;
  const [{ n }] = await q<{ n: number }[]>`select count(*)::int as n from service_requests
    where first_request_id = ${first.id} and status in ('pending', 'paid')`;
  return { firstRequestId: first.id, priceCents, used: n, max, endsAt: new Date(first.created_at.getTime() + days * 86_400_000) };
}

/** A service request as a purchase reads and settles it. */
export type RequestRow = {
  id: string;
  service_id: string;
  patient_id: string;
  doctor_id: string;
  coupon_id: string | null;
  price_cents: number;
  amount_cents: number;
  fee_cents: number;
  net_cents: number;
  status: "pending" | "paid" | "failed" | "refunded";
  intent_id: string | null;
};
