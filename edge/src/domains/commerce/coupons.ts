/**
 * Promo codes (02 §3, §5, §7 "Coupons"): the admin creates, lists and deletes
 * them; the checkout checks a code; a purchase redeems it. Each one is mirrored
 * to the processor as a coupon + promotion code, so memberships (subscriptions
 * with a promotion code) get the same discount the processor computes.
 *
 * The redemption limit is counted exactly: a redemption is ONE conditional
 * update (`applied_times < redemption_limit`); concurrent ones queue on the
 * row and re-check the condition, so 20 simultaneous redemptions of a code with
 * limit 5 make exactly 5 (coupons.test.ts).
 */
import type { Actor } from "../../access/actor.ts";
import type { Deps } from "../../deps.ts";
import type { Queryable } from "../../db/connect.ts";
import { listOf } from "../../http/envelope.ts";
import { AppError, conflict, notFound } from "../../http/errors.ts";
import type { Coupon, CouponCheck, CouponInput, CouponsQuery } from "../../../../sync/schemas/commerce.ts";
import { COUPON_NAME_PATTERN } from "../../../../sync/schemas/commerce.ts";

export type CouponRow = {
  id: string;
  name: string;
  percentage_discount: number;
  duration: "once" | "forever";
  redemption_limit: number | null;
  applied_times: number;
  processor_coupon_id: string | null;
  processor_promotion_code_id: string | null;
  deleted_at: Date | null;
  created_at: Date;
};

/** 02 §8: one message for an unknown, deleted or used-up code (no hint which). */
export const invalidCoupon = () => new AppError(404, "Invalid coupon", { reason: "INVALID_COUPON" });
export const couponExists = () => conflict("Coupon already exists", "COUPON_EXISTS");

export const toCoupon = (r: CouponRow): Coupon => ({
  id: r.id,
  name: r.name,
  percentageDiscount: r.percentage_discount,
  duration: r.duration,
  redemptionLimit: r.redemption_limit,
  appliedTimes: r.applied_times,
  createdAt: r.created_at.toISOString(),
});

const usable = (r: CouponRow) => !r.deleted_at && (r.redemption_limit === null || r.applied_times < r.redemption_limit);

/** A live coupon by the code a patient typed (any case), or null. */
export async function couponByCode(sql: Queryable, code: string): Promise<CouponRow | null> {
  if (!COUPON_NAME_PATTERN.test(code) || code.length > 40) return null;
  const [row] = await sql<CouponRow[]>`select * from coupons where lower(name) = lower(${code}) and deleted_at is null`;
  return row ?? null;
}

/**
 * Takes one redemption of a coupon, inside the caller's transaction (so a failed
 * charge rolls it back). Throws `invalidCoupon` when it is used up or deleted.
 */
export async function redeemCoupon(
  tx: Queryable,
  o: { couponId: string; patientId: string; purpose: "membership" | "service"; subscriptionId?: string },
): Promise<CouponRow> {
  const [row] = await tx<CouponRow[]>`
    update coupons set applied_times = applied_times + 1
    where id = ${o.couponId} and deleted_at is null
      and (redemption_limit is null or applied_times < redemption_limit)
    returning *`;
  if (!row) throw invalidCoupon();
  await tx`insert into coupon_redemptions (coupon_id, patient_id, purpose, subscription_id)
    values (${o.couponId}, ${o.patientId}, ${o.purpose}, ${o.subscriptionId ?? null})`;
  return row;
}

/** Ties a membership's redemption to its subscription once the processor has made it. */
export async function bindRedemption(sql: Queryable, redemption: { couponId: string; patientId: string }, subscriptionId: string) {
  await sql`update coupon_redemptions set subscription_id = ${subscriptionId}
    where id = (select id from coupon_redemptions where coupon_id = ${redemption.couponId} and patient_id = ${redemption.patientId}
      and purpose = 'membership' and subscription_id is null order by created_at desc limit 1)`;
}

/**
 * Gives a redemption back: a membership whose first payment failed (or whose
 * subscription was never made: `subscriptionId` null = the patient's newest
 * unbound membership redemption of that coupon).
 */
export async function releaseRedemption(sql: Queryable, o: { subscriptionId: string } | { couponId: string; patientId: string }) {
  const [gone] = "subscriptionId" in o
    ? await sql<{ coupon_id: string }[]>`delete from coupon_redemptions where subscription_id = ${o.subscriptionId} returning coupon_id`
    : await sql<{ coupon_id: string }[]>`delete from coupon_redemptions where id = (select id from coupon_redemptions
        where coupon_id = ${o.couponId} and patient_id = ${o.patientId} and purpose = 'membership' and subscription_id is null
        order by created_at desc limit 1) returning coupon_id`;
  if (gone) await sql`update coupons set applied_times = greatest(applied_times - 1, 0) where id = ${gone.coupon_id}`;
}

export function createCouponsService(deps: Pick<Deps, "sql" | "audit" | "payments">) {
  const { sql, audit, payments } = deps;

  async function record(actor: Actor, what: string, details: Record<string, unknown>) {
    await audit.record({ event: "payment.write", actorId: actor.userId, subjectId: actor.userId, details: { what, ...details } });
  }

  return {
    async list(_actor: Actor, q: CouponsQuery) {
      const rows = await sql<CouponRow[]>`select * from coupons where deleted_at is null
        order by created_at desc, id desc offset ${q.offset} limit ${q.limit}`;
      const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from coupons where deleted_at is null`;
      return listOf(rows.map(toCoupon), q.offset, q.limit, n);
    },

    async create(actor: Actor, input: CouponInput) {
      if (await couponByCode(sql, input.name)) throw couponExists();
      let row: CouponRow;
      try {
        [row] = await sql<CouponRow[]>`insert into coupons (name, percentage_discount, duration, redemption_limit)
          values (${input.name}, ${input.percentageDiscount}, ${input.duration}, ${input.redemptionLimit}) returning *`;
      } catch (e) {
        if ((e as { code?: string }).code === "23505") throw couponExists();
        throw e;
      }
      // Mirrored to the processor; if that fails the code does not exist here either.
      try {
        const mirrored = await payments.createPromotionCode({
          key: row.id, code: row.name, percentOff: row.percentage_discount, duration: row.duration,
          // Our count is the limit (exact, and a failed first payment gives its redemption back); a limit at the
          // processor would keep redemptions a declined subscription used there, so it has none.
          maxRedemptions: null,
        });
        [row] = await sql<CouponRow[]>`update coupons set processor_coupon_id = ${mirrored.couponId},
          processor_promotion_code_id = ${mirrored.promotionCodeId} where id = ${row.id} returning *`;
      } catch (e) {
        await sql`delete from coupons where id = ${row.id}`;
        throw e;
      }
      await record(actor, "coupon.create", { couponId: row.id, percentageDiscount: row.percentage_discount });
      return toCoupon(row);
    },

    async remove(actor: Actor, id: string) {
      const [row] = await sql<CouponRow[]>`update coupons set deleted_at = now() where id = ${id} and deleted_at is null returning *`;
      if (!row) throw notFound("No such coupon");
      if (row.processor_promotion_code_id) await payments.deactivatePromotionCode(row.processor_promotion_code_id);
      await record(actor, "coupon.delete", { couponId: id });
      return { id };
    },

    /** The checkout's check: the discount a code gives, or 'Invalid coupon'. */
    async check(code: string): Promise<CouponCheck> {
      const row = await couponByCode(sql, code);
      if (!row || !usable(row)) throw invalidCoupon();
      return { name: row.name, percentageDiscount: row.percentage_discount, duration: row.duration };
    },
  };
}
export type CouponsService = ReturnType<typeof createCouponsService>;
