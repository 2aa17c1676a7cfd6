/**
 * Stripe's test clocks (`/v1/test_helpers/test_clocks`) over the emulator's single clock: advancing a test clock
 * moves the whole emulator by the same amount (runs renewals, retries, … and delivers their webhooks) and is
 * `ready` at once — on Stripe it is `advancing` for a while, so code should poll until `ready` either way. As on
 * Stripe, one advance may go at most two intervals of the shortest subscription on the clock ahead (two years
 * without one).
 */
import { asInt, asString, invalid, required } from "../form.ts";
import { type Core, expandList } from "../core.ts";
import { route, type Route } from "../router.ts";
import type { StoredObject } from "../store.ts";
import { addIntervals } from "../periods.ts";

/** Stripe's limit on one advance: two intervals of the shortest live subscription of the clock's customers, else two years. */
function advanceLimit(core: Core, clock: StoredObject): number {
  const from = clock.frozen_time;
  const subs = core.store.all("subscription", (s) =>
    !s.deleted && !["canceled", "incomplete_expired"].includes(s.status) && core.store.get(s.customer)?.test_clock === clock.id
  );
  const ends = subs.map((s) => addIntervals(from, s.items.data[0].price.recurring, 2));
  return ends.length ? Math.min(...ends) : addIntervals(from, { interval: "year", interval_count: 1 }, 2);
}

export function testClockRoutes(core: Core): Route[] {
  const need = (id: string) => core.store.need("test_helpers.test_clock", id, "test_clock", "test clock");
  return [
    route("POST", "/v1/test_helpers/test_clocks", ({ params }) => {
      const frozen = required(asInt(params.frozen_time, "frozen_time"), "frozen_time");
      const clock = core.insert({
        id: core.id("clock"),
        object: "test_helpers.test_clock",
        created: core.now(),
        deletes_after: core.now() + 30 * 86_400,
        frozen_time: frozen,
        livemode: false,
        name: asString(params.name, "name") ?? null,
        status: "ready",
        status_details: {},
      });
      return core.out(clock, expandList(params));
    }),
    route("GET", "/v1/test_helpers/test_clocks/:id", ({ params, path }) => core.out(need(path.id), expandList(params))),
    route("GET", "/v1/test_helpers/test_clocks", ({ params }) => core.list("/v1/test_helpers/test_clocks", core.store.all("test_helpers.test_clock"), params)),
    route("DELETE", "/v1/test_helpers/test_clocks/:id", ({ path }) => {
      const clock = need(path.id);
      clock.deleted = true;
      return { id: clock.id, object: "test_helpers.test_clock", deleted: true };
    }),
    route("POST", "/v1/test_helpers/test_clocks/:id/advance", async ({ params, path }) => {
      const clock = need(path.id);
      const target = required(asInt(params.frozen_time, "frozen_time"), "frozen_time");
      if (target <= clock.frozen_time) throw invalid("The frozen_time must be after the test clock's current frozen_time.", "frozen_time");
      const limit = advanceLimit(core, clock);
      if (target > limit) {
        throw invalid(
          `The frozen_time cannot be more than two intervals of the shortest subscription on this test clock (or two years without one) after its current frozen_time: at most ${limit}.`,
          "frozen_time",
        );
      }
      const delta = target - clock.frozen_time;
      clock.frozen_time = target;
      await core.advance(delta);
      clock.status = "ready";
      return core.out(clock, expandList(params));
    }),
  ];
}
