import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Lab, Prescription } from "../../../../../sync/schemas/orders.ts";
import { createFetchStub, failure, makeDeps, renderWithDeps, success } from "../../../test/helpers.tsx";
import { EncounterOrders, type OrdersRole } from "./EncounterOrders.tsx";

const PATIENT = "3f2b9c1e-0000-4000-8000-0000000000a1";
const ENC = "3f2b9c1e-0000-4000-8000-0000000000e1";
const DOCTOR = "3f2b9c1e-0000-4000-8000-0000000000d1";
const RX_ID = "3f2b9c1e-0000-4000-8000-0000000000f1";
const list = <T,>(items: T[]) => ({ list: items, offset: 0, limit: 100, totalCount: items.length });

const lab = (patch: Partial<Lab> = {}): Lab => ({
  id: "3f2b9c1e-0000-4000-8000-0000000000b1", encounterId: ENC, patientId: PATIENT, code: "24323-8", name: "Comprehensive metabolic panel (CMP)",
  comment: "", results: [], isShared: false, resultsShared: false, state: "ordered", createdBy: DOCTOR, createdAt: "2026-01-10T15:00:00.000Z",
  updatedAt: "2026-01-10T15:00:00.000Z", ...patch,
});
const rx = (patch: Partial<Prescription> = {}): Prescription => ({
  id: RX_ID, encounterId: ENC, patientId: PATIENT, doctorId: DOCTOR, medicationId: "91234567", medication: "amoxicillin 500 mg oral capsule",
  instructions: "1 capsule three times a day", quantity: 30, unit: "capsule", days: 10, refills: 0, substitutionAllowed: true, daw: false,
  additionalSig: "", pharmacistMessage: "", pharmacyId: "1486974",
  pharmacy: { ncpdp: "1486974", name: "Harbor Drug #101", address: "1311 Elm St", city: "Las Vegas", state: "NV", zip: "89544", phone: "+17755550198" },
  status: "draft", isDraft: true, erxStatus: 0, erxSubstatus: "S", archived: "N", transmission: "none", transmissionError: null, sentAt: null,
  transmittedAt: null, allergyMatches: [{ allergy: "Penicillin", reason: "amoxicillin is a penicillin antibiotic" }], createdBy: DOCTOR,
  createdAt: "2026-01-10T15:00:00.000Z", updatedAt: "2026-01-10T15:00:00.000Z", ...patch,
});

function server(opts: { labs?: Lab[]; prescriptions?: Prescription[]; patient?: boolean } = {}) {
  let prescriptions = opts.prescriptions ?? [rx()];
  const nothing = () => failure(404, "No such encounter");
  return createFetchStub({
    [`GET /encounterLabs/list/${ENC}`]: () => opts.patient && !opts.labs?.length ? nothing() : success(opts.labs ?? [lab()]),
    [`POST /encounterImagings/list/${ENC}`]: () => success(list([])),
    [`GET /encounterReferrals/${ENC}`]: () => success(list([])),
    [`GET /encounterPrescriptions/list/${ENC}`]: () => success(prescriptions),
    [`PUT /encounterPrescriptions/${RX_ID}`]: (req) => {
      prescriptions = [rx({ ...(req.body as Partial<Prescription>) })];
      return success(prescriptions[0]);
    },
    [`GET /patient/pharmacy/${PATIENT}`]: () => success({ pharmacy: null }),
    [`PUT /encounterPrescriptions/send/${RX_ID}`]: (req) => {
      if (!(req.body as { allergyOverride?: boolean })?.allergyOverride) {
        return failure(409, "Allergy warning: amoxicillin is a penicillin antibiotic. Confirm to send anyway.", { reason: "ALLERGY_CONFLICT" });
      }
      prescriptions = [rx({ status: "current", isDraft: false, transmission: "pending" })];
      return success(prescriptions[0]);
    },
  });
}

function renderOrders(role: OrdersRole, stub: ReturnType<typeof createFetchStub>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithDeps(
    <QueryClientProvider client={client}><EncounterOrders patientId={PATIENT} encounterId={ENC} role={role} /></QueryClientProvider>,
    makeDeps({ fetch: stub.fetch }),
  );
}

describe("EncounterOrders", { timeout: 20_000 }, () => {
  it("the doctor sends a flagged prescription after confirming the allergy warning", async () => {
    const user = userEvent.setup();
    const stub = server();
    renderOrders("doctor", stub);
    const item = await screen.findByRole("listitem", { name: "Prescription: amoxicillin 500 mg oral capsule" });
    expect(item.textContent).toContain("Allergy flag: amoxicillin is a penicillin antibiotic");
    await user.click(within(item).getByRole("button", { name: "Send to pharmacy" }));
    const dialog = await screen.findByRole("dialog", { name: "Send despite the allergy warning?" });
    await user.click(within(dialog).getByRole("button", { name: "Send anyway" }));
    await waitFor(() => expect(screen.getByTestId("transmission").textContent).toBe("Sending to the pharmacy"));
    expect(stub.calls.filter((c) => c.method === "PUT").map((c) => c.body)).toEqual([{}, { allergyOverride: true }]);
  });

  it("a referral goes to a contact picked from the practice's address book (issue 32)", async () => {
    const user = userEvent.setup();
    const stub = server();
    const cardiology = { id: "3f2b9c1e-0000-4000-8000-00000000c0c1", name: "Dr. Ada Heart", organization: "Reno Cardiology", kind: "specialist", fax: "", phone: "" };
    stub.handlers["GET /contacts/dropdown"] = () => success({ list: [cardiology] });
    stub.handlers[`POST /encounterReferrals/${ENC}`] = (req) => success({ id: "3f2b9c1e-0000-4000-8000-0000000000r1", ...(req.body as object) });
    renderOrders("doctor", stub);
    await user.click(await screen.findByRole("button", { name: "Refer" }));
    const dialog = await screen.findByRole("dialog", { name: "New referral" });
    expect(dialog.textContent).not.toContain("Free text until");
    await user.type(within(dialog).getByLabelText("Specialty"), "Cardiology");
    await user.type(within(dialog).getByLabelText("Reason"), "Murmur");
    const picker = within(dialog).getByRole("combobox", { name: "Refer to" }) as HTMLSelectElement;
    await waitFor(() => expect(within(picker).getAllByRole("option").map((o) => o.textContent)).toContain("Dr. Ada Heart · Reno Cardiology (specialist)"));
    await user.selectOptions(picker, cardiology.id);
    // Picked from the book: no free text to type as well.
    expect(within(dialog).queryByLabelText("Or type a clinician or practice not in your contacts")).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Save referral draft" }));
    await waitFor(() => expect(stub.calls.some((c) => c.method === "POST" && c.path === `/encounterReferrals/${ENC}`)).toBe(true));
    expect(stub.calls.find((c) => c.path === `/encounterReferrals/${ENC}` && c.method === "POST")!.body).toMatchObject({
      specialty: "Cardiology", contactId: cardiology.id, contactName: "Dr. Ada Heart, Reno Cardiology",
    });
  });

  it("the doctor edits a draft: the form starts from it, the schema checks the change, the PUT carries it", async () => {
    const user = userEvent.setup();
    const stub = server();
    renderOrders("doctor", stub);
    const item = await screen.findByRole("listitem", { name: "Prescription: amoxicillin 500 mg oral capsule" });
    await user.click(within(item).getByRole("button", { name: "Edit" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit prescription draft" });
    const quantity = within(dialog).getByLabelText("Quantity");
    expect((quantity as HTMLInputElement).value).toBe("30");
    await user.clear(quantity);
    await user.type(quantity, "10000");
    await user.click(within(dialog).getByRole("button", { name: "Save changes" }));
    expect(within(dialog).getByText("Quantity is at most 9999")).toBeTruthy();
    await user.clear(quantity);
    await user.type(quantity, "40");
    await user.click(within(dialog).getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const put = stub.calls.find((c) => c.method === "PUT" && c.path === `/encounterPrescriptions/${RX_ID}`);
    expect(put?.body).toMatchObject({ medicationId: "91234567", quantity: 40, days: 10, pharmacyId: "1486974" });
  });

  it("the VMA prepares labs but has no prescription actions", async () => {
    renderOrders("vma", server());
    const item = await screen.findByRole("listitem", { name: "Prescription: amoxicillin 500 mg oral capsule" });
    expect(item.textContent).toContain("Only the doctor can sign and send a prescription");
    expect(within(item).queryAllByRole("button")).toHaveLength(0);
    expect(screen.queryByRole("button", { name: "Prescribe" })).toBeNull();
    expect(screen.getByRole("button", { name: "Order lab" })).toBeTruthy();
    const labItem = screen.getByRole("listitem", { name: "Lab: Comprehensive metabolic panel (CMP)" });
    expect(within(labItem).getByRole("button", { name: "Upload results" })).toBeTruthy();
    expect(within(labItem).queryByRole("button", { name: "Share" })).toBeNull();
  });

  it("the patient reads what was shared, with no actions; nothing shared is not an error", async () => {
    renderOrders("patient", server({ labs: [], patient: true, prescriptions: [rx({ status: "current", isDraft: false, transmission: "transmitted", allergyMatches: [] })] }));
    const item = await screen.findByRole("listitem", { name: "Prescription: amoxicillin 500 mg oral capsule" });
    expect(within(item).getByTestId("transmission").textContent).toBe("Transmitted");
    expect(screen.queryAllByRole("button")).toHaveLength(0);
    expect(screen.queryByText(/could not be loaded/)).toBeNull();
    expect(screen.getAllByText("None.")).toHaveLength(3);
  });
});
