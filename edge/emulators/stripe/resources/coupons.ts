/** Coupons (percent or amount off, once / forever / repeating, redemption limits) and promotion codes. */
import { asBool, asInt, asString, invalid, required, StripeError } from "../form.ts";
import { type Core, expandList, mergeMetadata } from "../core.ts";
import { route, type Route } from "../router.ts";
import type { StoredObject } from "../store.ts";

export function couponRoutes(core: Core): Route[] {
  return [
    route("POST", "/v1/coupons", ({ params }) => {
      const percent = params.percent_off === undefined ? undefined : Number(params.percent_off);
      const amountOff = asInt(params.amount_off, "amount_off");
      if ((percent === undefined) === (amountOff === undefined)) throw invalid("You must pass either percent_off or amount_off, but not both.");
      if (percent !== undefined && !(percent > 0 && percent <= 100)) throw invalid("Invalid percent_off: must be between 0 and 100", "percent_off");
      if (amountOff !== undefined && amountOff <= 0) throw invalid("Invalid amount_off: must be positive", "amount_off");
      const duration = asString(params.duration, "duration") ?? "once";
      if (!["once", "forever", "repeating"].includes(duration)) throw invalid("Invalid duration: must be one of forever, once, or repeating", "duration");
      const id = asString(params.id, "id") || core.id("").slice(1, 9);
      if (core.store.get(id)) throw new StripeError(400, { type: "invalid_request_error", code: "resource_already_exists", message: "Coupon already exists.", param: "id" });
      const coupon = core.insert({
        id,
        object: "coupon",
        amount_off: amountOff ?? null,
        created: core.now(),
        currency: amountOff !== undefined ? required(asString(params.currency, "currency"), "currency") : null,
        duration,
        duration_in_months: duration === "repeating" ? required(asInt(params.duration_in_months, "duration_in_months"), "duration_in_months") : null,
        livemode: false,
        max_redemptions: asInt(params.max_redemptions, "max_redemptions") ?? null,
        metadata: mergeMetadata({}, params.metadata),
        name: asString(params.name, "name") ?? null,
        percent_off: percent ?? null,
        redeem_by: asInt(params.redeem_by, "redeem_by") ?? null,
        times_redeemed: 0,
        valid: true,
      });
      core.emit("coupon.created", coupon);
      return core.out(coupon, expandList(params));
    }),
    route("GET", "/v1/coupons/:id", ({ params, path }) => core.out(refresh(core, core.store.need("coupon", path.id, "id")), expandList(params))),
    route("POST", "/v1/coupons/:id", ({ params, path }) => {
      const coupon = core.store.need("coupon", path.id, "id");
      const name = asString(params.name, "name");
      if (name !== undefined) coupon.name = name || null;
      coupon.metadata = mergeMetadata(coupon.metadata, params.metadata);
      core.emit("coupon.updated", coupon);
      return core.out(coupon, expandList(params));
    }),
    route("DELETE", "/v1/coupons/:id", ({ path }) => {
      const coupon = core.store.need("coupon", path.id, "id");
      coupon.deleted = true;
      core.emit("coupon.deleted", coupon);
      return { id: coupon.id, object: "coupon", deleted: true };
    }),
    route("GET", "/v1/coupons", ({ params }) => core.list("/v1/coupons", core.store.all("coupon").map((c) => refresh(core, c)), params)),
    route("POST", "/v1/promotion_codes", ({ params }) => {
      const couponId = asString(params.promotion?.coupon, "promotion[coupon]") ?? asString(params.coupon, "coupon");
      const coupon = core.store.need("coupon", required(couponId, "promotion[coupon]"), "promotion[coupon]");
      const code = asString(params.code, "code") || core.id("").slice(1, 9).toUpperCase();
      if (core.store.all("promotion_code", (p) => p.active && p.code.toLowerCase() === code.toLowerCase()).length > 0) {
        throw invalid("An active promotion code with `code: " + code + "` already exists.", "code");
      }
      const promo = core.insert({
        id: core.id("promo"),
        object: "promotion_code",
        active: asBool(params.active, "active") ?? true,
        code,
        coupon: coupon.id,
        created: core.now(),
        customer: asString(params.customer, "customer") ?? null,
        expires_at: asInt(params.expires_at, "expires_at") ?? null,
        livemode: false,
        max_redemptions: asInt(params.max_redemptions, "max_redemptions") ?? null,
        metadata: mergeMetadata({}, params.metadata),
        promotion: { coupon: coupon.id, type: "coupon" },
        restrictions: { first_time_transaction: false, minimum_amount: null, minimum_amount_currency: null },
        times_redeemed: 0,
      });
      core.emit("promotion_code.created", promo);
      return core.out(promo, expandList(params));
    }),
    route("GET", "/v1/promotion_codes/:id", ({ params, path }) => core.out(core.store.need("promotion_code", path.id, "id"), expandList(params))),
    route("POST", "/v1/promotion_codes/:id", ({ params, path }) => {
      const promo = core.store.need("promotion_code", path.id, "id");
      const active = asBool(params.active, "active");
      if (active !== undefined) promo.active = active;
      promo.metadata = mergeMetadata(promo.metadata, params.metadata);
      core.emit("promotion_code.updated", promo);
      return core.out(promo, expandList(params));
    }),
    route("GET", "/v1/promotion_codes", ({ params }) => {
      const code = asString(params.code, "code");
      const active = asBool(params.active, "active");
      const coupon = asString(params.coupon, "coupon");
      const items = core.store.all("promotion_code", (p) =>
        (!code || p.code.toLowerCase() === code.toLowerCase()) && (active === undefined || p.active === active) && (!coupon || p.coupon === coupon)
      );
      return core.list("/v1/promotion_codes", items, params);
    }),
  ];
}

function refresh(core: Core, coupon: StoredObject): StoredObject {
  coupon.valid = !(coupon.max_redemptions !== null && coupon.times_redeemed >= coupon.max_redemptions) &&
    !(coupon.redeem_by !== null && coupon.redeem_by < core.now());
  return coupon;
}

/** Redeems a coupon or promotion code for a subscription, counting redemptions; returns the discount object. */
export function redeem(core: Core, input: { coupon?: string; promotionCode?: string; customer: string; subscription: string }): StoredObject {
  let promo: StoredObject | null = null;
  let coupon: StoredObject;
  if (input.promotionCode) {
    promo = core.store.need("promotion_code", input.promotionCode, "promotion_code");
    if (!promo.active || (promo.expires_at && promo.expires_at < core.now()) || (promo.max_redemptions !== null && promo.times_redeemed >= promo.max_redemptions)) {
      throw invalid("This promotion code cannot be redeemed because the associated coupon is no longer valid.", "promotion_code");
    }
    coupon = core.store.need("coupon", promo.coupon, "promotion_code");
  } else coupon = core.store.need("coupon", input.coupon, "coupon");
  if (!refresh(core, coupon).valid) throw invalid(`Coupon expired: ${coupon.id}`, "coupon");
  coupon.times_redeemed++;
  refresh(core, coupon);
  if (promo) promo.times_redeemed++;
  const start = core.now();
  return {
    id: core.id("di"),
    object: "discount",
    checkout_session: null,
    coupon: core.out(coupon),
    customer: input.customer,
    end: coupon.duration === "repeating" ? start + coupon.duration_in_months * 30 * 86_400 : null,
    invoice: null,
    invoice_item: null,
    promotion_code: promo?.id ?? null,
    source: { coupon: coupon.id, type: "coupon" },
    start,
    subscription: input.subscription,
    subscription_item: null,
  } as StoredObject;
}

/** The amount off for one invoice, or 0 once the discount has run out. */
export function discountAmount(discount: StoredObject | null, amount: number, now: number): number {
  if (!discount) return 0;
  const coupon = discount.coupon;
  // A `once` coupon discounts the first invoice made after it was applied, then it is spent.
  if (coupon.duration === "once" && discount._spent) return 0;
  if (discount.end !== null && discount.end < now) return 0;
  const off = coupon.percent_off !== null ? Math.round((amount * coupon.percent_off) / 100) : coupon.amount_off;
  return Math.min(amount, off);
}

export type DiscountAmount = { amount: number; discount: string };

/** The subscription's discounts (in order) as they apply to an invoice's subtotal: each to what the previous ones left. */
export function subscriptionDiscounts(core: Core, sub: StoredObject, subtotal: number, now: number): DiscountAmount[] {
  const out: DiscountAmount[] = [];
  let left = subtotal;
  for (const id of sub.discounts ?? []) {
    const discount = core.store.get(id) ?? null;
    const amount = Math.min(left, discountAmount(discount, left, now));
    if (amount > 0) out.push({ amount, discount: id });
    left -= amount;
  }
  return out;
}

/** After an invoice was made: the subscription's `once` discounts are used up (also by a trial's $0 invoice). */
export function spendOnceDiscounts(core: Core, sub: StoredObject): void {
  for (const id of sub.discounts ?? []) {
    const discount = core.store.get(id);
    if (discount?.coupon.duration === "once") discount._spent = true;
  }
}
