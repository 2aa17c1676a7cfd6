import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Membership } from "../../../../../sync/schemas/membership.ts";
import { createFetchStub, failure, randomId, randomUser, renderWithDeps, signedInDeps, success } from "../../../test/helpers.tsx";
import { PatientMembershipsSettings } from "./PatientMembershipsSettings.tsx";

const doctor = randomUser({ role: "doctor", applicationStatus: "approved", isAccountApproved: true });
const membership = (patch: Partial<Membership> = {}): Membership => ({
  id: randomId(), doctorId: doctor.id, doctorName: "Dr. House", patientId: randomId(), patientName: "Ada Lovelace",
  planId: randomId(), planName: "Primary care — monthly", interval: "month", intervalCount: 1, status: "active",
  cancelAtPeriodEnd: false, cancelledByPatient: false, renews: true, currentPeriodEnd: "2026-12-25T12:00:00.000Z", amountCents: 5900, pendingChange: null, ...patch,
});

const render = (stub: ReturnType<typeof createFetchStub>, canManage = true) =>
  renderWithDeps(<PatientMembershipsSettings canManage={canManage} />, signedInDeps(canManage ? doctor : randomUser({ role: "vma" }), { fetch: stub.fetch }));

describe("Settings → Patient memberships", { timeout: 20_000 }, () => {
  it("lists members with status, next renewal and amount in a named, focusable scroll region", async () => {
    const stub = createFetchStub({
      "GET /doctors/subscription/patients": () =>
        success([
          membership(),
          membership({ patientName: "Alan Turing", status: "pastDue", amountCents: 14700, planName: "Primary care — 3 months", intervalCount: 3 }),
        ]),
    });
    render(stub);
    const region = await screen.findByRole("region", { name: "Patient memberships (scrolls sideways)" });
    expect(region.tabIndex).toBe(0);
    const ada = within(region).getByRole("row", { name: /Ada Lovelace/ });
    for (const text of ["Active", "Dec 25, 2026", "$59.00", "Every month"]) expect(within(ada).getByText(text)).toBeTruthy();
    const alan = within(region).getByRole("row", { name: /Alan Turing/ });
    for (const text of ["Payment failed", "$147.00", "Every 3 months"]) expect(within(alan).getByText(text)).toBeTruthy();
  });

  it("a membership the patient cancelled cannot be resumed by the practice: it says so instead of offering Resume", async () => {
    const stub = createFetchStub({
      "GET /doctors/subscription/patients": () => success([membership({ status: "cancelled", cancelAtPeriodEnd: true, cancelledByPatient: true })]),
    });
    render(stub);
    const row = await screen.findByRole("row", { name: /Ada Lovelace/ });
    expect(within(row).getByText("Cancelled by the patient")).toBeTruthy();
    expect(within(row).queryByRole("button", { name: /^Resume/ })).toBeNull();
    expect(within(row).getByRole("button", { name: "End Ada Lovelace's Primary care — monthly membership now" })).toBeTruthy();
  });

  it("cancels at period end after a confirmation, with the chosen mode", async () => {
    const user = userEvent.setup();
    const m = membership();
    let current = m;
    const stub = createFetchStub({
      "GET /doctors/subscription/patients": () => success([current]),
      [`POST /doctors/subscription/cancel/${m.id}`]: () => {
        current = { ...m, status: "cancelled", cancelAtPeriodEnd: true };
        return success(current);
      },
    });
    render(stub);
    await user.click(await screen.findByRole("button", { name: "Cancel Ada Lovelace's Primary care — monthly membership" }));
    const dialog = screen.getByRole("dialog", { name: "Cancel Ada Lovelace's membership" });
    expect((within(dialog).getByRole("radio", { name: /At the end of the period/ }) as HTMLInputElement).checked).toBe(true);
    // Nothing is sent before the confirmation.
    expect(stub.calls.some((c) => c.method === "POST")).toBe(false);
    await user.click(within(dialog).getByRole("button", { name: "Cancel membership" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(stub.calls.find((c) => c.method === "POST")!.body).toEqual({ mode: "periodEnd" });
    expect(await screen.findByText("Cancelled (ends at period end)")).toBeTruthy();
    expect(screen.getByText("Ends Dec 25, 2026")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Resume Ada Lovelace's Primary care — monthly membership" })).toBeTruthy();
  });

  it("ends a membership now; a refusal stays in the dialog", async () => {
    const user = userEvent.setup();
    const m = membership();
    const stub = createFetchStub({
      "GET /doctors/subscription/patients": () => success([m]),
      [`POST /doctors/subscription/cancel/${m.id}`]: () => failure(409, "This membership has already ended"),
    });
    render(stub);
    await user.click(await screen.findByRole("button", { name: /^Cancel Ada Lovelace/ }));
    const dialog = screen.getByRole("dialog", { name: "Cancel Ada Lovelace's membership" });
    await user.click(within(dialog).getByRole("radio", { name: /^Now/ }));
    await user.click(within(dialog).getByRole("button", { name: "Cancel membership" }));
    expect(await within(dialog).findByText("This membership has already ended")).toBeTruthy();
    expect(stub.calls.find((c) => c.method === "POST")!.body).toEqual({ mode: "immediately" });
  });

  it("undoes a pending plan change after a confirmation", async () => {
    const user = userEvent.setup();
    const m = membership({ pendingChange: { planId: randomId(), planName: "Primary care — annual", startsAt: "2026-12-25T12:00:00.000Z", amountCents: 46800 } });
    let current = m;
    const stub = createFetchStub({
      "GET /doctors/subscription/patients": () => success([current]),
      [`DELETE /doctors/subscription/change/${m.id}`]: () => {
        current = { ...m, pendingChange: null };
        return success(current);
      },
    });
    render(stub);
    expect(await screen.findByText(/Changes to Primary care — annual on Dec 25, 2026 \(\$468\.00\)/)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Undo Ada Lovelace's change to Primary care — annual" }));
    const dialog = screen.getByRole("dialog", { name: "Undo Ada Lovelace's plan change" });
    await user.click(within(dialog).getByRole("button", { name: "Undo plan change" }));
    await waitFor(() => expect(screen.queryByText(/Changes to Primary care — annual/)).toBeNull());
    expect(stub.calls.some((c) => c.method === "DELETE")).toBe(true);
  });

  it("VMAs see the list without actions", async () => {
    render(createFetchStub({ "GET /doctors/subscription/patients": () => success([membership({ pendingChange: { planId: randomId(), planName: "X", startsAt: null, amountCents: 100 } })]) }), false);
    expect(await screen.findByText("Ada Lovelace")).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("has empty and error states", async () => {
    render(createFetchStub({ "GET /doctors/subscription/patients": () => success([]) }));
    expect(await screen.findByText("No patient memberships yet")).toBeTruthy();
  });

  it("shows a failed load", async () => {
    render(createFetchStub({ "GET /doctors/subscription/patients": () => failure(500, "Server error") }));
    expect((await screen.findByText("Server error")).getAttribute("role")).toBe("alert");
  });
});
