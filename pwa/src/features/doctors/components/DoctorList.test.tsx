import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import type { DoctorCard } from "../../../../../sync/schemas/doctor.ts";
import { DoctorList, type DoctorListProps } from "./DoctorList.tsx";

const doctor = (patch: Partial<DoctorCard> = {}): DoctorCard => ({
  id: "3f2b9c1e-0000-4000-8000-0000000000d1", firstName: "Grace", lastName: "Hopper", specialty: "Family practice",
  licensedStates: ["NV", "CA"], bio: null, timezone: "America/Los_Angeles", rating: 4.75, acceptsBookings: true,
  acceptsNewPatients: true, ...patch,
});

function renderList(props: Partial<DoctorListProps> = {}) {
  const all: DoctorListProps = {
    doctors: [], totalCount: 0, offset: 0, pageSize: 12, loading: false, error: null, filtered: false, patientState: null,
    onRetry: vi.fn(), onClear: vi.fn(), onPage: vi.fn(), ...props,
  };
  render(<MemoryRouter><DoctorList {...all} /></MemoryRouter>);
  return all;
}

describe("DoctorList", () => {
  it("shows each doctor's name (to the profile), specialty, rating, states and whether they take bookings", () => {
    renderList({
      doctors: [doctor(), doctor({ id: "3f2b9c1e-0000-4000-8000-0000000000d2", lastName: "Lovelace", rating: null, acceptsBookings: false })],
      totalCount: 2,
      patientState: "NV",
    });
    expect(screen.getByText("2 doctors")).toBeTruthy();
    expect(screen.queryByRole("navigation", { name: "Doctors pages" })).toBeNull();
    const [first, second] = screen.getAllByRole("listitem");
    expect(within(first).getByRole("link", { name: "Dr. Grace Hopper" }).getAttribute("href")).toBe("/profile/3f2b9c1e-0000-4000-8000-0000000000d1");
    expect(within(first).getByText("4.8 of 5")).toBeTruthy();
    expect(within(first).getByText("Your state")).toBeTruthy();
    expect(within(second).getByText("No ratings yet")).toBeTruthy();
    expect(within(second).getByText("Not taking bookings now")).toBeTruthy();
  });

  it("marks the doctors a patient cannot choose: not licensed in the patient's state (01 §5)", () => {
    renderList({
      doctors: [doctor(), doctor({ id: "3f2b9c1e-0000-4000-8000-0000000000d3", lastName: "Texas", licensedStates: ["TX"] })],
      totalCount: 2,
      patientState: "TX",
    });
    const [nevada, texas] = screen.getAllByRole("listitem");
    expect(within(nevada).getByText("Not licensed in your state")).toBeTruthy();
    expect(within(texas).getByText("Your state")).toBeTruthy();
    expect(within(texas).queryByText("Not licensed in your state")).toBeNull();
  });

  it("offers to clear filters that match nobody, and a retry after a failure", async () => {
    const user = userEvent.setup();
    const props = renderList({ filtered: true });
    expect(screen.getByText("No doctors match these filters")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    expect(props.onClear).toHaveBeenCalled();
    const failed = renderList({ error: "Cannot reach the server." });
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(failed.onRetry).toHaveBeenCalled();
  });

  it("pages through many doctors", async () => {
    const user = userEvent.setup();
    const props = renderList({ doctors: [doctor()], totalCount: 30, offset: 12 });
    expect(screen.getByText("13–24 of 30 doctors").getAttribute("aria-live")).toBe("polite");
    const pages = screen.getByRole("navigation", { name: "Doctors pages" });
    expect(within(pages).getByText("13–24 of 30").getAttribute("aria-live")).toBeNull();
    await user.click(within(pages).getByRole("button", { name: "Next" }));
    expect(props.onPage).toHaveBeenCalledWith(24);
    await user.click(within(pages).getByRole("button", { name: "Previous" }));
    expect(props.onPage).toHaveBeenCalledWith(0);
  });
});
