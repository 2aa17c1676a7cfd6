import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { ApplicationView } from "../../../../../sync/schemas/admin.ts";
import { createFetchStub, failure, randomUser, renderWithDeps, signedInDeps, success } from "../../../test/helpers.tsx";
import { ProvidersPage } from "./ProvidersPage.tsx";

const application = (patch: Partial<ApplicationView> = {}): ApplicationView => ({
  id: "3f2b9c1e-0000-4000-8000-0000000000a1", firstName: "Marie", lastName: "Curie", email: "marie@example.test",
  phoneNumber: "+17025550111", state: "NV", specialty: "Family practice", licensedStates: ["NV", "AZ"], npi: "1679576722",
  npiValid: true, dea: "FC1234563", fax: null, timezone: "America/Denver", hasSignature: false, applicationStatus: "initial",
  declineReason: null, commission: null, hasPayoutAccount: false, deactivatedAt: null, credentialedAt: null,
  credentialingDueAt: null, isBlocked: false, createdAt: "2026-01-02T10:00:00.000Z", patientCount: 0, ...patch,
});
const list = (items: ApplicationView[]) => success({ list: items, offset: 0, limit: 20, totalCount: items.length });

function renderPage(stub: ReturnType<typeof createFetchStub>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithDeps(
    <QueryClientProvider client={client}><ProvidersPage /></QueryClientProvider>,
    signedInDeps(randomUser({ role: "admin" }), { fetch: stub.fetch }),
    "/admin/providers",
  );
}

describe("ProvidersPage", () => {
  it("shows every submitted field, warns before approving without a payout account and shows the server's refusal", async () => {
    const user = userEvent.setup();
    const stub = createFetchStub({
      "GET /admin/applications": () => list([application()]),
      [`POST /doctors/${application().id}`]: () =>
        failure(400, "This account can't be approved because it has no Stripe account connected."),
    });
    renderPage(stub);
    const card = await screen.findByRole("article", { name: /Marie Curie/ });
    for (const text of ["1679576722", "Valid format", "FC1234563", "NV, AZ", "Family practice", "Not connected"]) {
      expect(within(card).getByText(text)).not.toBeNull();
    }
    await user.click(within(card).getByRole("button", { name: "Approve Marie Curie" }));
    const dialog = screen.getByRole("dialog", { name: "Approve Marie Curie" });
    expect(within(dialog).getByText(/has not connected a payout account/)).not.toBeNull();
    await user.type(within(dialog).getByLabelText("Commission (%)"), "101");
    await user.click(within(dialog).getByRole("button", { name: "Approve" }));
    expect(within(dialog).getByText("Commission must be a whole number from 0 to 100")).not.toBeNull();
    expect(stub.calls.filter((c) => c.method === "POST")).toHaveLength(0);
    await user.clear(within(dialog).getByLabelText("Commission (%)"));
    await user.type(within(dialog).getByLabelText("Commission (%)"), "15");
    await user.click(within(dialog).getByRole("button", { name: "Approve" }));
    expect(await within(dialog).findByText("This account can't be approved because it has no Stripe account connected.")).not.toBeNull();
    const post = stub.calls.find((c) => c.method === "POST")!;
    expect(post.body).toMatchObject({ status: "approved", commission: 15 });
  });

  it("declines with a reason and refreshes the list", async () => {
    const user = userEvent.setup();
    let declined = false;
    const stub = createFetchStub({
      "GET /admin/applications": () => list(declined ? [] : [application()]),
      [`POST /doctors/${application().id}`]: () => {
        declined = true;
        return success(application({ applicationStatus: "declined", declineReason: "License not found" }));
      },
    });
    renderPage(stub);
    const card = await screen.findByRole("article", { name: /Marie Curie/ });
    await user.click(within(card).getByRole("button", { name: "Decline Marie Curie" }));
    const dialog = screen.getByRole("dialog", { name: "Decline Marie Curie" });
    await user.click(within(dialog).getByRole("button", { name: "Decline" }));
    expect(within(dialog).getByText("Reason is required")).not.toBeNull();
    await user.type(within(dialog).getByLabelText("Reason"), "License not found");
    await user.click(within(dialog).getByRole("button", { name: "Decline" }));
    await waitFor(() => expect(screen.getByText("No pending applications")).not.toBeNull());
    expect(stub.calls.find((c) => c.method === "POST")!.body).toEqual({ status: "declined", reason: "License not found" });
  });
});
