import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { PatientList, type PatientListProps } from "./PatientList.tsx";

const PATIENT = { id: "3f2b9c1e-0000-4000-8000-000000000001", firstName: "Pat", lastName: "Patient", birthDate: "1980-07-02" };

function renderList(props: Partial<PatientListProps> = {}) {
  const all: PatientListProps = {
    searchInput: "", onSearchInput: vi.fn(), onSearchSubmit: vi.fn(), search: "", patients: [], totalCount: 0, offset: 0,
    pageSize: 20, loading: false, error: null, onRetry: vi.fn(), onPage: vi.fn(),
    patientHref: (id) => `/doctor/patients/${id}`, ...props,
  };
  render(<MemoryRouter><PatientList {...all} /></MemoryRouter>);
  return all;
}

describe("PatientList", () => {
  it("links each patient to their workspace", () => {
    renderList({ patients: [PATIENT], totalCount: 1 });
    const link = screen.getByRole("link", { name: /Pat Patient/ });
    expect(link.getAttribute("href")).toBe(`/doctor/patients/${PATIENT.id}`);
    expect(screen.getByText("1 patient")).toBeTruthy();
    expect(screen.queryByRole("navigation", { name: "Patients pages" })).toBeNull();
  });

  it("passes what is typed to the search, and Enter applies it at once", async () => {
    const user = userEvent.setup();
    const props = renderList();
    const box = screen.getByRole("searchbox", { name: "Search by name or email" });
    await user.type(box, "p");
    expect(props.onSearchInput).toHaveBeenCalledWith("p");
    await user.type(box, "{Enter}");
    expect(props.onSearchSubmit).toHaveBeenCalled();
  });

  it("says when nothing matches", () => {
    renderList({ search: "zzz" });
    expect(screen.getByText("No patients match “zzz”")).toBeTruthy();
  });

  it("offers a retry after a failure", async () => {
    const user = userEvent.setup();
    const props = renderList({ error: "No connection to the server" });
    expect(screen.getByRole("alert").textContent).toBe("No connection to the server");
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(props.onRetry).toHaveBeenCalled();
  });

  it("pages through long lists", async () => {
    const user = userEvent.setup();
    const props = renderList({ patients: [PATIENT], totalCount: 45, offset: 20 });
    // One announced line: the count line says the range, the pager does not announce it again.
    expect(screen.getByText("21–40 of 45 patients").getAttribute("aria-live")).toBe("polite");
    const pages = screen.getByRole("navigation", { name: "Patients pages" });
    expect(within(pages).getByText("21–40 of 45").getAttribute("aria-live")).toBeNull();
    await user.click(within(pages).getByRole("button", { name: "Next" }));
    expect(props.onPage).toHaveBeenCalledWith(40);
    await user.click(within(pages).getByRole("button", { name: "Previous" }));
    expect(props.onPage).toHaveBeenCalledWith(0);
  });
});
