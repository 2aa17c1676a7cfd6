import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import type { ConsultationView, Viewer } from "../lib/consultation-view.ts";
import { ConsultationList, type ConsultationListProps } from "./ConsultationList.tsx";
import { ConsultationTabs } from "./ConsultationTabs.tsx";

const NOW = new Date("2026-11-23T16:50:00.000Z");
const DOCTOR = "3f2b9c1e-0000-4000-8000-0000000000d1";
const PATIENT = "3f2b9c1e-0000-4000-8000-0000000000a1";
const patient: Viewer = { id: PATIENT, role: "patient", fullAccess: true, doctor: { id: DOCTOR } };

const consultation = (patch: Partial<ConsultationView>): ConsultationView => ({
  id: "3f2b9c1e-0000-4000-8000-000000000c01", doctorId: DOCTOR, patientId: PATIENT, doctorName: "Grace Hopper",
  patientName: "Pat Patient", type: "video", status: "accepted", startAt: "2026-11-23T17:00:00.000Z", endAt: "2026-11-23T17:30:00.000Z",
  reason: "Cough", outOfStateReason: null, declineReason: null, cancelReason: null,
  access: { state: "not_started", opensAt: "2026-11-23T16:45:00.000Z", closesAt: "2026-11-23T17:30:00.000Z" }, ...patch,
});

function renderList(props: Partial<ConsultationListProps> = {}) {
  const all: ConsultationListProps = {
    tab: "upcoming", items: [], totalCount: 0, offset: 0, pageSize: 10, viewer: patient, now: NOW, timeZone: "America/Los_Angeles",
    loading: false, error: null, onRetry: vi.fn(), onPage: vi.fn(), ...props,
  };
  render(<MemoryRouter><ConsultationList {...all} /></MemoryRouter>);
  return all;
}

describe("ConsultationList", () => {
  it("shows when (in the viewer's timezone), with whom, kind, status and reason, linking to the consultation", () => {
    renderList({ items: [consultation({})], totalCount: 1 });
    const item = screen.getByRole("listitem");
    expect(within(item).getByText("Today")).toBeTruthy();
    expect(within(item).getByText("9:00 AM")).toBeTruthy();
    expect(within(item).getByRole("link", { name: "Dr. Grace Hopper" }).getAttribute("href")).toBe(`/consultation/${consultation({}).id}`);
    expect(within(item).getByText("Video")).toBeTruthy();
    expect(within(item).getByText("Accepted")).toBeTruthy();
    expect(within(item).getByText("Cough")).toBeTruthy();
  });

  it("gives the 15-minute notice of an accepted consultation (01 §9)", () => {
    renderList({ items: [consultation({})], totalCount: 1 });
    expect(screen.getByRole("status").textContent).toBe("Starts in 10 min");
  });

  it("shows why a consultation was declined or canceled", () => {
    renderList({
      tab: "past",
      items: [consultation({ status: "declined", declineReason: "Not online that day" }), consultation({
        id: "3f2b9c1e-0000-4000-8000-000000000c02", status: "canceled", cancelReason: "Feeling better",
      })],
      totalCount: 2,
    });
    expect(screen.getByText("Declined: Not online that day")).toBeTruthy();
    expect(screen.getByText("Canceled: Feeling better")).toBeTruthy();
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("has an empty state per tab with an optional next step, an error with a retry, and pages", async () => {
    const user = userEvent.setup();
    renderList({ tab: "requests", emptyAction: <a href="/doctors">Book a consultation</a> });
    expect(screen.getByText("No requests waiting")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Book a consultation" })).toBeTruthy();
    const failed = renderList({ error: "Cannot reach the server." });
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(failed.onRetry).toHaveBeenCalled();
    const paged = renderList({ items: [consultation({})], totalCount: 25, offset: 10 });
    const pages = screen.getByRole("navigation", { name: "Consultations pages" });
    expect(within(pages).getByText("11–20 of 25")).toBeTruthy();
    await user.click(within(pages).getByRole("button", { name: "Next" }));
    expect(paged.onPage).toHaveBeenCalledWith(20);
    await user.click(within(pages).getByRole("button", { name: "Previous" }));
    expect(paged.onPage).toHaveBeenCalledWith(0);
  });

  it("a last page emptied (consultations left the tab) goes back to the last page that has any; not while loading", () => {
    const onPage = vi.fn();
    const all: ConsultationListProps = {
      tab: "requests", items: [], totalCount: 20, offset: 20, pageSize: 10, viewer: patient, now: NOW, timeZone: "America/Los_Angeles",
      loading: true, error: null, onRetry: vi.fn(), onPage,
    };
    const { rerender } = render(<MemoryRouter><ConsultationList {...all} /></MemoryRouter>);
    expect(onPage).not.toHaveBeenCalled();
    rerender(<MemoryRouter><ConsultationList {...all} loading={false} /></MemoryRouter>);
    expect(onPage).toHaveBeenCalledWith(10);
  });
});

describe("ConsultationTabs", () => {
  it("are tabs: one selected, arrows and Home/End move and select", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<ConsultationTabs value="upcoming" onChange={onChange} />);
    const tabs = screen.getAllByRole("tab");
    expect(tabs.map((t) => t.textContent)).toEqual(["All", "Requests", "Upcoming", "Past"]);
    expect(screen.getByRole("tab", { selected: true }).textContent).toBe("Upcoming");
    expect(tabs.map((t) => t.tabIndex)).toEqual([-1, -1, 0, -1]);
    tabs[2].focus();
    await user.keyboard("{ArrowRight}");
    expect(onChange).toHaveBeenLastCalledWith("past");
    await user.keyboard("{ArrowLeft}");
    expect(onChange).toHaveBeenLastCalledWith("requests");
    await user.keyboard("{Home}");
    expect(onChange).toHaveBeenLastCalledWith("all");
    await user.click(screen.getByRole("tab", { name: "Past" }));
    expect(onChange).toHaveBeenLastCalledWith("past");
  });
});
