/**
 * Subscription schedules, enough for "change the plan at period end": create from_subscription (one phase = the
 * current period), update with a second phase, release (keep the subscription, drop the change) or cancel.
 * At each renewal the subscription takes the price of the phase that starts then; after the last phase the schedule
 * is released (end_behavior=release) or the subscription canceled (end_behavior=cancel).
 */
import { asInt, asString, invalid, type Params, required, StripeError } from "../form.ts";
import { type Core, expandList, mergeMetadata } from "../core.ts";
import { route, type Route } from "../router.ts";
import type { StoredObject } from "../store.ts";
import { addIntervals } from "../periods.ts";
import { changed } from "./customers.ts";

export function scheduleRoutes(core: Core): Route[] {
  const need = (id: string) => core.store.need("subscription_schedule", id, "schedule", "subscription_schedule");
  return [
    route("POST", "/v1/subscription_schedules", ({ params }) => {
      const fromId = required(asString(params.from_subscription, "from_subscription"), "from_subscription");
      const sub = core.store.need("subscription", fromId, "from_subscription", "subscription");
      if (sub.schedule) throw invalid(`You cannot migrate a subscription that is already attached to a schedule: \`${sub.schedule}\`.`, "from_subscription");
      const item = sub.items.data[0];
      const schedule = core.insert({
        id: core.id("sub_sched"),
        object: "subscription_schedule",
        application: null,
        canceled_at: null,
        completed_at: null,
        created: core.now(),
        current_phase: { start_date: item.current_period_start, end_date: item.current_period_end },
        customer: sub.customer,
        default_settings: { billing_cycle_anchor: "automatic", collection_method: "charge_automatically", default_payment_method: sub.default_payment_method },
        end_behavior: "release",
        livemode: false,
        metadata: mergeMetadata({}, params.metadata),
        phases: [phase(item.price.id, item.quantity, item.current_period_start, item.current_period_end)],
        released_at: null,
        released_subscription: null,
        status: "active",
        subscription: sub.id,
      });
      const before = structuredClone(sub);
      sub.schedule = schedule.id;
      core.emit("subscription_schedule.created", schedule);
      core.emit("customer.subscription.updated", sub, changed(before, sub));
      return core.out(schedule, expandList(params));
    }),
    route("GET", "/v1/subscription_schedules/:id", ({ params, path }) => core.out(need(path.id), expandList(params))),
    route("POST", "/v1/subscription_schedules/:id", ({ params, path }) => {
      const schedule = need(path.id);
      if (schedule.status !== "active" && schedule.status !== "not_started") throw invalid(`You cannot update a subscription schedule that is ${schedule.status}.`);
      if (params.phases !== undefined) schedule.phases = parsePhases(core, params.phases);
      const end = asString(params.end_behavior, "end_behavior");
      if (end) {
        if (!["release", "cancel"].includes(end)) throw invalid("Invalid end_behavior: must be release or cancel", "end_behavior");
        schedule.end_behavior = end;
      }
      schedule.metadata = mergeMetadata(schedule.metadata, params.metadata);
      core.emit("subscription_schedule.updated", schedule);
      return core.out(schedule, expandList(params));
    }),
    route("POST", "/v1/subscription_schedules/:id/release", ({ params, path }) => {
      const schedule = need(path.id);
      if (schedule.status !== "active") throw invalid(`You cannot release a subscription schedule that is currently ${schedule.status}.`);
      release(core, schedule);
      return core.out(schedule, expandList(params));
    }),
    route("POST", "/v1/subscription_schedules/:id/cancel", ({ params, path }) => {
      const schedule = need(path.id);
      if (schedule.status !== "active") throw invalid(`You cannot cancel a subscription schedule that is currently ${schedule.status}.`);
      const sub = core.store.get(schedule.subscription);
      schedule.status = "canceled";
      schedule.canceled_at = core.now();
      core.emit("subscription_schedule.canceled", schedule);
      if (sub && sub.status !== "canceled") {
        sub.status = "canceled";
        sub.canceled_at = sub.ended_at = core.now();
        core.emit("customer.subscription.deleted", sub);
      }
      return core.out(schedule, expandList(params));
    }),
    route("GET", "/v1/subscription_schedules", ({ params }) => {
      const customer = asString(params.customer, "customer");
      return core.list("/v1/subscription_schedules", core.store.all("subscription_schedule", (s) => !customer || s.customer === customer), params);
    }),
  ];
}

function phase(price: string, quantity: number, start: number, end: number) {
  return {
    add_invoice_items: [],
    application_fee_percent: null,
    billing_cycle_anchor: null,
    collection_method: null,
    currency: "usd",
    default_payment_method: null,
    description: null,
    discounts: [],
    end_date: end,
    items: [{ discounts: [], metadata: {}, price, quantity, tax_rates: [] }],
    metadata: {},
    on_behalf_of: null,
    proration_behavior: "none",
    start_date: start,
    transfer_data: null,
    trial_end: null,
  };
}

function parsePhases(core: Core, input: unknown): ReturnType<typeof phase>[] {
  if (!Array.isArray(input) || input.length === 0) throw invalid("phases must be a non-empty array", "phases");
  const out: ReturnType<typeof phase>[] = [];
  let cursor: number | undefined;
  input.forEach((p: Params, i: number) => {
    const item = Array.isArray(p.items) ? p.items[0] : undefined;
    const priceId = required(asString(item?.price, `phases[${i}][items][0][price]`), `phases[${i}][items][0][price]`);
    const price = core.store.need("price", priceId, `phases[${i}][items][0][price]`, "price");
    // Removed from the API in 2025-09-30.clover (`duration` replaces it): Stripe answers parameter_unknown.
    if (p.iterations !== undefined) {
      throw new StripeError(400, { type: "invalid_request_error", code: "parameter_unknown", param: `phases[${i}][iterations]`, message: `Received unknown parameter: phases[${i}][iterations]` });
    }
    const start = p.start_date === "now" ? core.now() : asInt(p.start_date, `phases[${i}][start_date]`) ?? cursor;
    if (start === undefined) throw invalid("The first phase needs a start_date.", `phases[${i}][start_date]`);
    let end = p.end_date === "now" ? core.now() : asInt(p.end_date, `phases[${i}][end_date]`);
    if (end === undefined && p.duration) {
      end = addIntervals(start, { interval: p.duration.interval, interval_count: asInt(p.duration.interval_count, `phases[${i}][duration][interval_count]`) ?? 1 }, 1);
    }
    if (end === undefined) end = addIntervals(start, price.recurring, 1);
    out.push(phase(price.id, asInt(item.quantity, `phases[${i}][items][0][quantity]`) ?? 1, start, end));
    cursor = end;
  });
  return out;
}

function release(core: Core, schedule: StoredObject): void {
  schedule.status = "released";
  schedule.released_at = core.now();
  schedule.released_subscription = schedule.subscription;
  const sub = core.store.get(schedule.subscription);
  if (sub) {
    const before = structuredClone(sub);
    sub.schedule = null;
    core.emit("customer.subscription.updated", sub, changed(before, sub));
  }
  core.emit("subscription_schedule.released", schedule);
}

/** At a renewal at `at`: the price of the phase starting then, "cancel" when the schedule ends by canceling, or null. */
export function currentPhasePrice(core: Core, sub: StoredObject, at: number): StoredObject | "cancel" | null {
  if (!sub.schedule) return null;
  const schedule = core.store.get(sub.schedule);
  if (!schedule || schedule.status !== "active") return null;
  const current = schedule.phases.find((p: { start_date: number; end_date: number }) => p.start_date <= at && at < p.end_date);
  if (!current) {
    if (schedule.end_behavior === "cancel") {
      schedule.status = "completed";
      schedule.completed_at = core.now();
      core.emit("subscription_schedule.completed", schedule);
      return "cancel";
    }
    release(core, schedule);
    return null;
  }
  schedule.current_phase = { start_date: current.start_date, end_date: current.end_date };
  return core.store.need("price", current.items[0].price, "price");
}
