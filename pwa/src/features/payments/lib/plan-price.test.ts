import { describe, expect, it } from "vitest";
import { limitTexts } from "./plan-price.ts";

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
