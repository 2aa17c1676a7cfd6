import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import type { PaidService, ServicePurchase, ServiceRequestView } from "../../../../../sync/schemas/commerce.ts";
import { createFetchStub, failure, preloadScreens, randomUser, renderApp, signedInDeps, success } from "../../../test/helpers.tsx";

beforeAll(preloadScreens, 60_000);

const DOCTOR = "3f2b9c1e-0000-4000-8000-0000000000d1";
const SERVICE = "3f2b9c1e-0000-4000-8000-0000000000s1".replace("s", "5");
const QUESTION = "3f2b9c1e-0000-4000-8000-0000000000q1".replace("q", "7");
const FILE_ID = "3f2b9c1e-0000-4000-8000-0000000000f1";
const service: PaidService = {
  id: SERVICE, name: "Imaging referral", description: "", subscriberPriceCents: 3000, nonSubscriberPriceCents: 5900,
  fields: [{ key: "bodyPart", label: "Body part", kind: "input", placeholder: "e.g. left knee", required: true }],
  attachableFiles: true, intakeForm: true, isActive: true, isHomepage: false, createdAt: "2026-01-01T00:00:00.000Z",
};
const card = { id: "pm_1", brand: "visa", last4: "4242", expMonth: 4, expYear: 2030, isDefault: true };
const pending: ServicePurchase = {
  id: "r1", serviceId: SERVICE, doctorId: DOCTOR, status: "pending", priceCents: 5900, amountCents: 5900, feeCents: 0, netCents: 5900,
  intentId: "pi_123", clientSecret: "pi_123_secret_x", actionUrl: "http://127.0.0.1:12111/_emulator/3ds/pi_123",
};
const patient = () => randomUser({ role: "patient", doctor: { id: DOCTOR, firstName: "Dana", lastName: "Doc" } as never });

function stubs(extra: Parameters<typeof createFetchStub>[0] = {}) {
  return createFetchStub({
    "GET /orders": () => success({ list: [], offset: 0, limit: 20, totalCount: 0 }),
    [`GET /paidServices/doctor/${DOCTOR}`]: () => success([service]),
    "GET /stripe/account/paymentMethods": () => success([card]),
    [`GET /intakeForms/settings/doctor/${DOCTOR}`]: () =>
      success({ doctorId: DOCTOR, vitalsEnabled: false, vitalsRequired: false, updatedAt: null, fields: [{ id: QUESTION, question: "Any allergies?", inputType: "text", required: true }] }),
    "GET /paidServices/requests": () => success([]),
    ...extra,
  });
}

describe("the service request form", { timeout: 30_000 }, () => {
  it("sends the intake answers and the uploaded files; a card needing 3-D Secure is completed, then paid", async () => {
    const user = userEvent.setup();
    const me = patient();
    let confirms = 0;
    const stub = stubs({
      [`POST /medicalFiles/patient/${me.id}`]: () => success({ id: FILE_ID, status: "uploaded" }, 201),
      [`POST /paidServices/request/${SERVICE}`]: () => success(pending, 201),
      "POST /stripe/confirm/intent": () =>
        ++confirms === 1
          ? failure(402, "payment-action-required", { reason: "PAYMENT_ACTION_REQUIRED" })
          : success({ ...pending, status: "paid", intentId: null, clientSecret: null, actionUrl: null }),
    });
    renderApp("/orders", signedInDeps(me, { fetch: stub.fetch }));
    await user.click(await screen.findByRole("button", { name: "Request Imaging referral" }));
    await user.type(screen.getByLabelText(/Body part/), "left knee");
    // Required intake question left blank: stopped before anything is sent.
    await screen.findByLabelText(/Any allergies\?/);
    await user.click(await screen.findByRole("button", { name: "Pay" }));
    expect((screen.getByLabelText(/Any allergies\?/) as HTMLInputElement).validity.valueMissing).toBe(true);
    expect(stub.calls.some((c) => c.method === "POST")).toBe(false);
    await user.type(await screen.findByLabelText(/Any allergies\?/), "none");
    await user.upload(screen.getByLabelText(/^Files/), new File(["%PDF-1.4\nscan"], "knee.pdf", { type: "application/pdf" }));
    expect(within(screen.getByRole("list", { name: "Chosen files" })).getByText("knee.pdf")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Pay" }));

    expect(await screen.findByRole("heading", { name: "Confirm the payment with your bank" })).toBeTruthy();
    expect(screen.getByTestId("three-ds-link").getAttribute("href")).toBe(pending.actionUrl);
    const upload = stub.calls.find((c) => c.path === `/medicalFiles/patient/${me.id}`)!;
    expect(upload.form?.get("folderId")).toBe("PatientUploaded");
    expect((upload.form?.get("file") as File).name).toBe("knee.pdf");
    const sent = stub.calls.find((c) => c.path === `/paidServices/request/${SERVICE}`)!.body;
    expect(sent).toEqual({ doctorId: DOCTOR, card: "pm_1", coupon: null, fields: { bodyPart: "left knee" }, intakeFormAnswer: { [QUESTION]: "none" }, files: [FILE_ID] });

    await user.click(screen.getByRole("button", { name: "I have finished the check" }));
    expect((await screen.findByText(/has not confirmed the payment yet/)).getAttribute("role")).toBe("status");
    await user.click(screen.getByRole("button", { name: "I have finished the check" }));
    expect(await screen.findByText("Thank you")).toBeTruthy();
    expect(stub.calls.filter((c) => c.path === "/stripe/confirm/intent").map((c) => c.body)).toEqual([{ intentId: "pi_123" }, { intentId: "pi_123" }]);
  });

  it("a failed check goes back to the form with the card message; a file of a refused type is not sent", async () => {
    const user = userEvent.setup();
    const me = patient();
    const stub = stubs({
      [`POST /medicalFiles/patient/${me.id}`]: () => success({ id: FILE_ID }, 201),
      [`POST /paidServices/request/${SERVICE}`]: () => success(pending, 201),
      "POST /stripe/confirm/intent": () => failure(402, "We are unable to authenticate your payment method.", { reason: "CARD_ERROR" }),
    });
    renderApp("/orders", signedInDeps(me, { fetch: stub.fetch }));
    await user.click(await screen.findByRole("button", { name: "Request Imaging referral" }));
    await user.type(screen.getByLabelText(/Body part/), "knee");
    await user.type(await screen.findByLabelText(/Any allergies\?/), "none");
    await user.upload(screen.getByLabelText(/^Files/), new File(["just words"], "notes.pdf", { type: "application/pdf" }));
    await user.click(screen.getByRole("button", { name: "Pay" }));
    expect(await screen.findByText(/^notes\.pdf: /)).toBeTruthy();
    expect(stub.calls.some((c) => c.path.startsWith("/medicalFiles"))).toBe(false);
    await user.click(screen.getByRole("button", { name: "Remove notes.pdf" }));
    await user.click(screen.getByRole("button", { name: "Pay" }));
    await user.click(await screen.findByRole("button", { name: "I have finished the check" }));
    expect((await screen.findByText("We are unable to authenticate your payment method.")).getAttribute("role")).toBe("alert");
    expect(screen.getByRole("heading", { name: "Imaging referral", level: 2 })).toBeTruthy();
  });

  it("no card yet: a link to the payment methods in Settings", async () => {
    const stub = stubs({ "GET /stripe/account/paymentMethods": () => success([]) });
    renderApp("/orders", signedInDeps(patient(), { fetch: stub.fetch }));
    await userEvent.setup().click(await screen.findByRole("button", { name: "Request Imaging referral" }));
    const link = await screen.findByRole("link", { name: "add a payment method" });
    expect(link.getAttribute("href")).toBe("/settings#payment-methods");
    expect((screen.getByRole("button", { name: "Pay" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("the doctor sees the requests made to them, with answers and files", async () => {
    const request: ServiceRequestView = {
      id: "r1", serviceId: SERVICE, serviceName: "Imaging referral", patientId: "p1", patientName: "Pat Patient", doctorId: DOCTOR,
      doctorName: "Dana Doc", status: "paid", amountCents: 4720, createdAt: "2026-01-10T15:00:00.000Z",
      fields: [{ key: "bodyPart", label: "Body part", answer: "left knee" }],
      intake: [{ fieldId: QUESTION, question: "Any allergies?", answer: "penicillin" }],
      files: [{ id: FILE_ID, name: "knee.pdf", size: 2048, contentType: "application/pdf" }],
    };
    const stub = stubs({ "GET /paidServices/requests": () => success([request]) });
    renderApp("/orders", signedInDeps(randomUser({ id: DOCTOR, role: "doctor", stripeAccount: "acct_1", isActiveStripeAccount: true }), { fetch: stub.fetch }));
    const item = await screen.findByRole("listitem", { name: "Imaging referral, Pat Patient" });
    expect(item.textContent).toContain("$47.20");
    expect(within(item).getByText("left knee")).toBeTruthy();
    expect(within(item).getByText("penicillin")).toBeTruthy();
    expect(within(item).getByRole("button", { name: "knee.pdf" })).toBeTruthy();
    await waitFor(() => expect(stub.calls.some((c) => c.path === `/paidServices/doctor/${DOCTOR}`)).toBe(false));
  });
});
