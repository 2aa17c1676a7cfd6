import { describe, expect, it } from "vitest";
import { intervalWords, membershipPrice, nextCharge, statusWords } from "./membership-words.ts";

const END = "2026-12-24T12:00:00.000Z";
const base = { doctorName: "Grace Hopper", currentPeriodEnd: END, amountCents: 5900, pendingChange: null };

describe("membership words", () => {
  it("names every state the edge reports", () => {
    expect(statusWords({ ...base, status: "active" }).label).toBe("Active");
    expect(statusWords({ ...base, status: "trialing" }).label).toBe("Free trial");
    expect(statusWords({ ...base, status: "pastDue" }).label).toBe("Payment past due");
    expect(statusWords({ ...base, status: "cancelled" }).label).toBe("Active until December 24, 2026");
    expect(statusWords({ ...base, status: "expired" }).detail).toBe("Ended on December 24, 2026.");
    expect(statusWords({ ...base, status: "incomplete" }).label).toBe("Payment not completed");
  });

  it("counts intervals (custom in days)", () => {
    expect(intervalWords("month", 1)).toBe("month");
    expect(intervalWords("month", 3)).toBe("3 months");
    expect(intervalWords("custom", 10)).toBe("10 days");
  });

  it("charges next at period end, the pending plan's price when a change waits; nothing for cancelled, past-due or ended", () => {
    expect(nextCharge({ ...base, status: "active" })).toEqual({ at: END, amountCents: 5900 });
    const pendingChange = { planId: "p", planName: "Annual", startsAt: END, amountCents: 46800 };
    expect(nextCharge({ ...base, status: "active", pendingChange })).toEqual({ at: END, amountCents: 46800 });
    for (const status of ["cancelled", "pastDue", "expired", "incomplete"] as const) expect(nextCharge({ ...base, status })).toBeNull();
  });

  it("a plan that does not renew (one week's access) is what it is: no 'every week', no next charge, not 'cancelled'", () => {
    const week = { ...base, amountCents: 4900, interval: "week" as const, intervalCount: 1, renews: false };
    const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
    expect(membershipPrice(week, money)).toBe("$49.00 for 1 week, once");
    expect(membershipPrice({ ...week, renews: true }, money)).toBe("$49.00 every week");
    for (const status of ["active", "cancelled"] as const) {
      expect(nextCharge({ ...week, status })).toBeNull();
      const words = statusWords({ ...week, status });
      expect(words.label).toBe("Active until December 24, 2026");
      expect(words.detail).toMatch(/^One period only: it does not renew and nothing more is charged/);
    }
  });
});
