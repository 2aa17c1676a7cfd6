import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { VisitRecordLink } from "./VisitRecordLink.tsx";

const visit = { id: "c1", doctorId: "d1", patientId: "p1", status: "finished", encounterId: null as string | null };
const show = (v = visit, viewerId = "d1") =>
  render(<MemoryRouter><VisitRecordLink visit={v} viewerId={viewerId} /></MemoryRouter>);

describe("VisitRecordLink (issue 32)", () => {
  it("offers the doctor to document a finished visit in the patient's chart", () => {
    show();
    expect(screen.getByRole("link", { name: "Document this visit" }).getAttribute("href")).toBe("/doctor/patients/p1?document=c1");
  });

  it("opens the encounter once the visit is documented", () => {
    show({ ...visit, encounterId: "e1" });
    expect(screen.getByRole("link", { name: "Open this visit's encounter" }).getAttribute("href")).toBe("/doctor/patients/p1/encounters/e1");
  });

  it("offers nothing to the patient, nor for a visit still requested", () => {
    const { container, unmount } = show(visit, "p1");
    expect(container.textContent).toBe("");
    unmount();
    expect(show({ ...visit, status: "requested" }).container.textContent).toBe("");
  });
});
