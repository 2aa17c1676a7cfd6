/** The pharmacy search of the prescription form pages through its matches with the shared pager. */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { searchPharmacies } from "../../../../../sync/data/pharmacies.ts";
import type { UsState } from "../../../../../sync/us-states.ts";
import { createFetchStub, makeDeps, renderWithDeps, type StubRequest, success } from "../../../test/helpers.tsx";
import { PHARMACIES_PAGE, PharmacyPicker } from "./PrescriptionForm.tsx";

const PATIENT = "3f2b9c1e-0000-4000-8000-0000000000a1";

/** `GET /pharmacies` as the edge answers it (the same directory and search). */
const pharmacies = ({ url }: StubRequest) => {
  const q = url.searchParams;
  const input = { search: q.get("search") ?? "", state: (q.get("state") ?? undefined) as UsState | undefined, offset: Number(q.get("offset")), limit: Number(q.get("limit")) };
  const { list, totalCount } = searchPharmacies(input);
  return success({ list, offset: input.offset, limit: input.limit, totalCount });
};

describe("PharmacyPicker", () => {
  it("pages through the matches 5 at a time; a new search starts at the first page", async () => {
    const user = userEvent.setup();
    const stub = createFetchStub({ "GET /pharmacies": pharmacies, [`GET /patient/pharmacy/${PATIENT}`]: () => success({ pharmacy: null }) });
    const lastQuery = () => stub.calls.filter((c) => c.path === "/pharmacies").at(-1)!.url.searchParams;
    renderWithDeps(<PharmacyPicker patientId={PATIENT} value={null} onChange={vi.fn()} />, makeDeps({ fetch: stub.fetch }));
    const { list, totalCount } = searchPharmacies({ search: "pharmacy", offset: 0, limit: 2 * PHARMACIES_PAGE });
    expect(totalCount).toBeGreaterThan(2 * PHARMACIES_PAGE);

    await user.type(screen.getByLabelText(/Search pharmacies/), "pharmacy");
    // Each letter typed from the third is a search: the pager of the last one.
    expect(await screen.findByText(`1–${PHARMACIES_PAGE} of ${totalCount}`)).toBeTruthy();
    const pages = screen.getByRole("navigation", { name: "Pharmacy pages" });
    expect(screen.getAllByRole("radio")).toHaveLength(PHARMACIES_PAGE);
    await user.click(within(pages).getByRole("button", { name: "Next" }));
    expect(await screen.findByText(`${PHARMACIES_PAGE + 1}–${2 * PHARMACIES_PAGE} of ${totalCount}`)).toBeTruthy();
    expect(lastQuery().get("offset")).toBe(String(PHARMACIES_PAGE));
    expect(lastQuery().get("limit")).toBe(String(PHARMACIES_PAGE));
    expect(screen.getByRole("radio", { name: new RegExp(list[PHARMACIES_PAGE].name) })).toBeTruthy();

    await user.selectOptions(screen.getByLabelText("State"), "NV");
    await waitFor(() => expect(lastQuery().get("state")).toBe("NV"));
    expect(lastQuery().get("offset")).toBe("0");
  });
});
