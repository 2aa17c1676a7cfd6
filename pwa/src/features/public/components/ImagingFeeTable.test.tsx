/** The imaging fees the policy pages state are the ones the checkout charges (issue 32: they disagreed). */
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { IMAGING_REFERRAL_FEES } from "../../../../../sync/rules/imaging-referral.ts";
import { ImagingFeeTable } from "./ImagingFeeTable.tsx";

describe("ImagingFeeTable", () => {
  it("states the first, additional and member fees of the one rule the checkout charges", () => {
    render(<ImagingFeeTable />);
    const rows = within(screen.getByRole("table", { name: "Imaging referral fees" })).getAllByRole("row").slice(1, 4)
      .map((r) => [within(r).getByRole("rowheader").textContent, within(r).getByRole("cell").textContent]);
    expect(rows).toEqual([
      ["First referral, including one month of access", "$59"],
      ["Each additional request within that month (up to 3 more)", "$30"],
      ["Each referral for a member of a practice (the membership already gives access)", "$30"],
    ]);
    expect(IMAGING_REFERRAL_FEES).toMatchObject({ firstCents: 5900, additionalCents: 3000, memberCents: 3000, maxAdditional: 3 });
  });
});
