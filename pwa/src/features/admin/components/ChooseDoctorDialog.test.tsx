import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { DoctorCard } from "../../../../../sync/schemas/doctor.ts";
import { createFetchStub, randomUser, renderWithDeps, signedInDeps, success } from "../../../test/helpers.tsx";
import { ChooseDoctorDialog } from "./ChooseDoctorDialog.tsx";

const doctor = (i: number): DoctorCard => ({
  id: crypto.randomUUID(), firstName: "Dana", lastName: `Doctor ${String(i).padStart(2, "0")}`, specialty: "Family practice",
  licensedStates: ["CA"], bio: null, timezone: null, rating: null, acceptsBookings: true, acceptsNewPatients: true,
});

describe("Choose a doctor for a patient", () => {
  it("says how many doctors of the state there are when more match than are listed, and finds the others by name", async () => {
    const user = userEvent.setup();
    const all = Array.from({ length: 32 }, (_, i) => doctor(i + 1));
    const stub = createFetchStub({
      "GET /doctors": ({ url }) => {
        const search = url.searchParams.get("search") ?? "";
        const limit = Number(url.searchParams.get("limit"));
        const found = all.filter((d) => d.lastName.includes(search));
        return success({ list: found.slice(0, limit), offset: 0, limit, totalCount: found.length });
      },
    });
    const patient = randomUser({ role: "patient", state: "CA", firstName: "Pat", lastName: "Patient" });
    renderWithDeps(<ChooseDoctorDialog patient={patient} onClose={() => {}} onChosen={() => {}} />, signedInDeps(randomUser({ role: "admin" }), { fetch: stub.fetch }));
    expect(await screen.findByText(/Showing 20 of 32 doctors: search by name to find the others\./)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Choose Dana Doctor 32" })).toBeNull();
    await user.type(screen.getByRole("searchbox", { name: "Search doctors" }), "32");
    expect(await screen.findByRole("button", { name: "Choose Dana Doctor 32" })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(/Showing \d+ of/)).toBeNull());
  });
});
