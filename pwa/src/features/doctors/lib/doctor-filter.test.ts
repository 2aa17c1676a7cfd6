import { describe, expect, it } from "vitest";
import { filterFromParams, filterToParams, ratingText } from "./doctor-filter.ts";

describe("doctor filter in the address", () => {
  it("round-trips a filter and leaves defaults out", () => {
    const filter = { state: "NV", specialty: "Med/Peds", search: "hop", order: "name" as const, offset: 24 };
    const params = filterToParams(filter, 12);
    expect(params.toString()).toBe("state=NV&specialty=Med%2FPeds&search=hop&order=name&page=3");
    expect(filterFromParams(params, 12)).toEqual(filter);
    expect(filterToParams({ ...filter, state: "", specialty: "", search: " ", order: "rating", offset: 0 }, 12).toString()).toBe("");
  });

  it("drops values the API would refuse", () => {
    expect(filterFromParams(new URLSearchParams("state=XX&specialty=Surgery&order=price&page=-3"), 12)).toEqual({
      state: "", specialty: "", search: "", order: "rating", offset: 0,
    });
  });

  it("words the rating", () => {
    expect(ratingText(null)).toBe("No ratings yet");
    expect(ratingText(4.75)).toBe("4.8 of 5");
  });
});
