import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { DocumentView } from "../../../../../sync/schemas/document.ts";
import { createFetchStub, randomId, randomUser, renderWithDeps, signedInDeps, type StubRequest, success } from "../../../test/helpers.tsx";
import { DOCUMENTS_PAGE, DocumentsPage } from "./DocumentsPage.tsx";

const doctor = randomUser({ role: "doctor", applicationStatus: "approved", isAccountApproved: true });
const patientId = randomId();
const vmaId = randomId();

const doc = (patch: Partial<DocumentView>): DocumentView => ({
  id: randomId(), docType: "incoming_faxes", box: "received", name: "Fax from +13125550147.pdf", contentType: "application/pdf",
  size: 12_000, status: "received", statusMessage: null, faxNumber: "+13125550147", recipientName: null, isNew: true,
  isShared: false, folder: null, patient: null, receiver: null, sharedWith: [], owner: "practice", createdBy: null,
  createdAt: "2026-03-01T10:00:00.000Z", updatedAt: "2026-03-01T10:00:00.000Z", ...patch,
});

function renderPage(lists: { received: DocumentView[]; sent: DocumentView[] }) {
  const stub = createFetchStub({
    "POST /documents/list": (req) => {
      const box = (req.body as { box: "received" | "sent" }).box;
      return success({ list: lists[box], offset: 0, limit: 20, totalCount: lists[box].length });
    },
    "POST /users/list/document/action": (req) => {
      const role = (req.body as { role?: string }).role;
      const list = role === "vma"
        ? [{ id: vmaId, name: "Zoë Łukasz", email: "zoe@example.test", role: "vma" }]
        : role === "doctor" ? [] : [{ id: patientId, name: "José Núñez", email: "jose@example.test", role: "patient" }];
      return success({ list, offset: 0, limit: 20, totalCount: list.length });
    },
    ...Object.fromEntries(lists.received.map((d) => [`PUT /documents/share/${d.id}`, () => success(d)])),
    ...Object.fromEntries(lists.received.map((d) => [`POST /documents/share/patient/${d.id}`, () => success({ ...d, isShared: true })])),
    ...Object.fromEntries(lists.sent.map((d) => [`PUT /documents/resend/${d.id}`, () => success({ ...d, status: "queued" })])),
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithDeps(<QueryClientProvider client={client}><DocumentsPage /></QueryClientProvider>, signedInDeps(doctor, { fetch: stub.fetch }));
  return stub;
}

describe("DocumentsPage", { timeout: 20_000 }, () => {
  it("lists received faxes as new, files one into a patient's folder (Outside medical records by default)", async () => {
    const user = userEvent.setup();
    const fax = doc({});
    const stub = renderPage({ received: [fax], sent: [] });
    const row = await screen.findByRole("listitem", { name: fax.name });
    expect(within(row).getByText("New")).toBeTruthy();
    expect(within(row).getByTestId("fax-status").textContent).toBe("Received");
    await user.click(within(row).getByRole("button", { name: `Share ${fax.name} to a patient` }));
    const dialog = screen.getByRole("dialog", { name: "Share to a patient's folder" });
    await waitFor(() => expect(within(dialog).getAllByRole("option").length).toBeGreaterThan(1));
    await user.selectOptions(within(dialog).getByRole("combobox", { name: "Patient" }), patientId);
    await user.click(within(dialog).getByRole("button", { name: "Share" }));
    await waitFor(() => expect(stub.calls.some((c) => c.path === `/documents/share/patient/${fax.id}`)).toBe(true));
    const call = stub.calls.find((c) => c.path === `/documents/share/patient/${fax.id}`)!;
    expect(call.body).toEqual({ userId: patientId, folderId: "OutsideMedicalRecords", newName: "" });
  });

  it("checks a fax number with the shared schema before sending, and offers resend after a busy line", async () => {
    const user = userEvent.setup();
    const letter = doc({ docType: "documents", box: "sent", name: "letter.pdf", status: "stored", isNew: false, faxNumber: null });
    const busy = doc({ docType: "outgoing_faxes", box: "sent", name: "referral.pdf", status: "busy", statusMessage: "The line was busy", isNew: false });
    const stub = renderPage({ received: [], sent: [letter, busy] });
    expect(await screen.findByText("Nothing received yet")).toBeTruthy();
    await user.click(screen.getByRole("tab", { name: "Sent" }));
    const busyRow = await screen.findByRole("listitem", { name: "referral.pdf" });
    expect(within(busyRow).getByTestId("fax-status").textContent).toBe("Busy: The line was busy");
    await user.click(within(busyRow).getByRole("button", { name: "Resend referral.pdf" }));
    await waitFor(() => expect(stub.calls.some((c) => c.method === "PUT" && c.path === `/documents/resend/${busy.id}`)).toBe(true));

    await user.click(within(screen.getByRole("listitem", { name: "letter.pdf" })).getByRole("button", { name: "Fax letter.pdf" }));
    const dialog = screen.getByRole("dialog", { name: "Send by fax" });
    await user.type(within(dialog).getByLabelText(/Fax number/), "12");
    await user.click(within(dialog).getByRole("button", { name: "Send fax" }));
    expect(within(dialog).getByText("Enter a valid fax number")).toBeTruthy();
    expect(stub.calls.some((c) => c.path === "/documents/fax")).toBe(false);
  });

  it("shares a document with a member of the care team", async () => {
    const user = userEvent.setup();
    const fax = doc({});
    const stub = renderPage({ received: [fax], sent: [] });
    const row = await screen.findByRole("listitem", { name: fax.name });
    await user.click(within(row).getByRole("button", { name: `Share ${fax.name} with the care team` }));
    const dialog = screen.getByRole("dialog", { name: "Share with the care team" });
    await waitFor(() => expect(within(dialog).getByRole("option", { name: "Zoë Łukasz (vma)" })).toBeTruthy());
    await user.selectOptions(within(dialog).getByRole("combobox", { name: "Team member" }), vmaId);
    await user.click(within(dialog).getByRole("button", { name: "Share" }));
    await waitFor(() => expect(stub.calls.find((c) => c.path === `/documents/share/${fax.id}`)?.body).toEqual({ userId: vmaId }));
  });

  it("attaches a document to a patient beyond the first 20, found by name; says when more match than are listed", async () => {
    const user = userEvent.setup();
    const fax = doc({});
    // A panel of 45: the server answers 20 matches at a time, with the count of all.
    const panel = Array.from({ length: 45 }, (_, i) => ({ id: randomId(), name: `Patient ${String(i + 1).padStart(2, "0")}`, email: `p${i + 1}@example.test`, role: "patient" }));
    const stub = createFetchStub({
      "POST /documents/list": (req) => {
        const box = (req.body as { box: "received" | "sent" }).box;
        const list = box === "received" ? [fax] : [];
        return success({ list, offset: 0, limit: 20, totalCount: list.length });
      },
      "POST /users/list/document/action": (req) => {
        const { search, limit } = req.body as { search: string; limit: number };
        const found = panel.filter((p) => p.name.toLowerCase().includes(search.toLowerCase()));
        return success({ list: found.slice(0, limit), offset: 0, limit, totalCount: found.length });
      },
      [`PUT /documents/attach/${fax.id}`]: () => success({ ...fax, patient: { id: panel[44].id, name: panel[44].name } }),
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderWithDeps(<QueryClientProvider client={client}><DocumentsPage /></QueryClientProvider>, signedInDeps(doctor, { fetch: stub.fetch }));
    const row = await screen.findByRole("listitem", { name: fax.name });
    await user.click(within(row).getByRole("button", { name: `Attach ${fax.name} to a patient` }));
    const dialog = screen.getByRole("dialog", { name: "Attach to a patient" });
    expect(await within(dialog).findByText("Showing 20 of 45 patients: type more of the name to find the others.")).toBeTruthy();
    expect(within(dialog).queryByRole("option", { name: /Patient 45/ })).toBeNull();

    await user.type(within(dialog).getByRole("searchbox", { name: /Find a patient/ }), "45");
    await user.selectOptions(await within(dialog).findByRole("combobox", { name: "Patient" }), await within(dialog).findByRole("option", { name: "Patient 45 (p45@example.test)" }));
    expect(within(dialog).queryByText(/Showing \d+ of/)).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Attach" }));
    await waitFor(() => expect(stub.calls.find((c) => c.path === `/documents/attach/${fax.id}`)?.body).toEqual({ userId: panel[44].id }));
  });
});

describe("DocumentsPage: pages", { timeout: 20_000 }, () => {
  /** `POST /documents/list` as the edge pages it: offset and limit in the body. */
  const listed = (rows: () => readonly DocumentView[]) => ({ body }: StubRequest) => {
    const { offset, limit } = body as { offset: number; limit: number };
    return success({ list: rows().slice(offset, offset + limit), offset, limit, totalCount: rows().length });
  };
  const faxes = (n: number) => Array.from({ length: n }, (_, i) => doc({ name: `Fax ${String(i + 1).padStart(3, "0")}.pdf` }));
  const lastBody = (calls: StubRequest[]) => calls.filter((c) => c.path === "/documents/list").at(-1)!.body as { box: string; offset: number; limit: number };
  const render = (stub: ReturnType<typeof createFetchStub>) => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderWithDeps(<QueryClientProvider client={client}><DocumentsPage /></QueryClientProvider>, signedInDeps(doctor, { fetch: stub.fetch }));
  };

  it("pages through the documents with the shared pager; another list starts at the first page", async () => {
    const user = userEvent.setup();
    const all = faxes(45);
    const stub = createFetchStub({ "POST /documents/list": listed(() => all) });
    render(stub);
    const pages = await screen.findByRole("navigation", { name: "Documents pages" });
    expect(within(pages).getByText(`1–${DOCUMENTS_PAGE} of 45`)).toBeTruthy();
    await user.click(within(pages).getByRole("button", { name: "Next" }));
    expect(await within(pages).findByText(`${DOCUMENTS_PAGE + 1}–${2 * DOCUMENTS_PAGE} of 45`)).toBeTruthy();
    expect(lastBody(stub.calls)).toMatchObject({ offset: DOCUMENTS_PAGE, limit: DOCUMENTS_PAGE });
    expect(await screen.findByRole("listitem", { name: "Fax 021.pdf" })).toBeTruthy();
    // Another order starts at the first page (it stayed on page 2 of the new order).
    await user.selectOptions(screen.getByLabelText("Sort"), "name:asc");
    await waitFor(() => expect(lastBody(stub.calls)).toMatchObject({ sort: { field: "name", order: "asc" }, offset: 0 }));
    await user.click(within(pages).getByRole("button", { name: "Next" }));
    await waitFor(() => expect(lastBody(stub.calls)).toMatchObject({ offset: DOCUMENTS_PAGE }));
    await user.click(screen.getByRole("tab", { name: "Sent" }));
    await waitFor(() => expect(lastBody(stub.calls)).toMatchObject({ box: "sent", offset: 0 }));
  });

  it("the last document of the last page deleted: back to the last page that has documents", async () => {
    const user = userEvent.setup();
    let all = faxes(2 * DOCUMENTS_PAGE + 1);
    const last = all[all.length - 1];
    const stub = createFetchStub({
      "POST /documents/list": listed(() => all),
      [`DELETE /documents/${last.id}`]: () => {
        all = all.filter((d) => d.id !== last.id);
        return success({ id: last.id });
      },
    });
    render(stub);
    const pages = await screen.findByRole("navigation", { name: "Documents pages" });
    await user.click(within(pages).getByRole("button", { name: "Next" }));
    await user.click(await within(pages).findByRole("button", { name: "Next" }));
    await user.click(await screen.findByRole("button", { name: `Delete ${last.name}` }));
    await user.click(within(screen.getByRole("dialog", { name: "Delete document" })).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText(`${DOCUMENTS_PAGE + 1}–${2 * DOCUMENTS_PAGE} of ${2 * DOCUMENTS_PAGE}`)).toBeTruthy();
    await waitFor(() => expect(lastBody(stub.calls).offset).toBe(DOCUMENTS_PAGE));
    expect(await screen.findByRole("listitem", { name: `Fax ${String(2 * DOCUMENTS_PAGE).padStart(3, "0")}.pdf` })).toBeTruthy();
  });
});
