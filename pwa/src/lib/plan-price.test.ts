import { describe, expect, it } from "vitest";
import { limitTexts, priceText, renewalText } from "./plan-price.ts";

describe("priceText and renewalText", () => {
  const week = { priceCents: 4900, interval: "week" as const, intervalCount: 1 };
  it("a renewing plan recurs", () => {
    expect(priceText(week)).toBe("$49.00 every week");
    expect(renewalText(week)).toMatch(/^then every week until you cancel/);
  });
  it("a plan that does not renew is one payment for one period (issue 32: it read '$49.00 every week')", () => {
    expect(priceText({ ...week, autoRenewable: false })).toBe("$49.00 for 1 week, once");
    expect(renewalText({ ...week, autoRenewable: false })).toBe(
      "once: your access lasts 1 week and then ends on its own. Nothing renews and nothing more is charged.",
    );
  });
});

describe("limitTexts", () => {
  const open = { autoRenewable: true, loyalClientsOnly: false, placesLeft: null };
  it("says nothing for an option without limits", () => {
    expect(limitTexts(open)).toEqual([]);
  });
  it("names each limit the server enforces", () => {
    expect(limitTexts({ autoRenewable: false, loyalClientsOnly: true, placesLeft: 2 }, "Dr. Grace Hopper")).toEqual([
      "One period only: does not renew",
      "Only for Dr. Grace Hopper's existing patients",
      "2 places left",
    ]);
    expect(limitTexts({ ...open, placesLeft: 1 })).toEqual(["1 place left"]);
    expect(limitTexts({ ...open, placesLeft: 0 })).toEqual(["No places left"]);
  });
});
