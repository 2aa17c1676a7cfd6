import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { PaidService, ServicePurchase, ServiceRequestView } from "../../../../../sync/schemas/commerce.ts";
import { createEmulatorFake, EMULATOR_CONFIG, EMULATOR_URL } from "../../../test/payment-fakes.ts";
import { createFetchStub, failure, preloadScreens, randomUser, renderApp, signedInDeps, success } from "../../../test/helpers.tsx";

beforeAll(preloadScreens, 60_000);
afterEach(() => vi.unstubAllGlobals());

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
  intentId: "pi_123", clientSecret: "pi_123_secret_x", actionUrl: `${EMULATOR_URL}/_emulator/3ds/pi_123`,
};
const patient = () => randomUser({ role: "patient", doctor: { id: DOCTOR, firstName: "Dana", lastName: "Doc" } as never });

/** The Stripe-API emulator (the bank's check reads the intent there, with the client secret) as the global fetch. */
function emulator(intent: () => Record<string, unknown>, extra: Parameters<typeof createEmulatorFake>[0] = {}) {
  const fake = createEmulatorFake({ "GET /v1/payment_intents/pi_123": () => ({ body: { id: "pi_123", ...intent() } }), ...extra });
  vi.stubGlobal("fetch", fake.fetch);
  return fake;
}

function stubs(extra: Parameters<typeof createFetchStub>[0] = {}) {
  return createFetchStub({
    "GET /orders": () => success({ list: [], offset: 0, limit: 20, totalCount: 0 }),
    [`GET /paidServices/doctor/${DOCTOR}`]: () => success([service]),
    "GET /stripe/account/paymentMethods": () => success([card]),
    [`GET /intakeForms/settings/doctor/${DOCTOR}`]: () =>
      success({ doctorId: DOCTOR, vitalsEnabled: false, vitalsRequired: false, updatedAt: null, fields: [{ id: QUESTION, question: "Any allergies?", inputType: "text", required: true }] }),
    "GET /paidServices/requests": () => success([]),
    "GET /payments/products": () => success(EMULATOR_CONFIG),
    [`GET /paidServices/quote/${SERVICE}`]: () => success({ priceCents: 5900, regularPriceCents: 5900, additional: null }),
    ...extra,
  });
}

describe("the service request form", { timeout: 30_000 }, () => {
  it("sends the intake answers and the uploaded files; a card needing 3-D Secure is completed in the bank's frame, then paid", async () => {
    const user = userEvent.setup();
    const me = patient();
    let intent = "requires_action";
    const bank = emulator(() => ({ status: intent }));
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

    const heading = await screen.findByRole("heading", { name: "Confirm the payment with your bank" });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect((await screen.findByTitle("Card authentication by your bank")).getAttribute("src")).toBe(pending.actionUrl);
    const upload = stub.calls.find((c) => c.path === `/medicalFiles/patient/${me.id}`)!;
    expect(upload.form?.get("folderId")).toBe("PatientUploaded");
    expect((upload.form?.get("file") as File).name).toBe("knee.pdf");
    const sent = stub.calls.find((c) => c.path === `/paidServices/request/${SERVICE}`)!.body;
    expect(sent).toEqual({
      doctorId: DOCTOR, card: "pm_1", coupon: null, fields: { bodyPart: "left knee" }, intakeFormAnswer: { [QUESTION]: "none" }, files: [FILE_ID],
      idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });

    // Not completed yet: the processor still waits for the patient, the edge is not asked.
    await user.click(screen.getByRole("button", { name: "I have completed the check" }));
    expect((await screen.findByText(/Your bank is still waiting/)).getAttribute("role")).toBe("status");
    expect(stub.calls.some((c) => c.path === "/stripe/confirm/intent")).toBe(false);
    expect(bank.calls.some((c) => c.path === "/v1/payment_intents/pi_123" && c.query.get("client_secret") === pending.clientSecret)).toBe(true);

    // Completed, but the edge does not see it confirmed yet: the step says so, and no app-wide dialog covers it.
    intent = "succeeded";
    await user.click(screen.getByRole("button", { name: "I have completed the check" }));
    expect((await screen.findByText(/has not confirmed the payment yet/)).getAttribute("role")).toBe("status");
    expect(screen.queryByRole("dialog", { name: "Your bank needs a confirmation" })).toBeNull();
    await user.click(await screen.findByRole("button", { name: "I have completed the check" }));
    expect(await screen.findByText("Thank you")).toBeTruthy();
    expect(stub.calls.filter((c) => c.path === "/stripe/confirm/intent").map((c) => c.body)).toEqual([{ intentId: "pi_123" }, { intentId: "pi_123" }]);
  });

  it("a purchase whose answer was lost is sent again with the same key; after a refusal the next try is a new purchase", async () => {
    const user = userEvent.setup();
    const answers = [
      () => Promise.reject(new TypeError("Failed to fetch")),
      () => failure(402, "Your card was declined.", { reason: "CARD_ERROR" }),
      () => success({ ...pending, status: "paid", intentId: null, clientSecret: null, actionUrl: null }, 201),
    ];
    const stub = stubs({ [`POST /paidServices/request/${SERVICE}`]: () => answers.shift()!() });
    renderApp("/orders", signedInDeps(patient(), { fetch: stub.fetch }));
    await user.click(await screen.findByRole("button", { name: "Request Imaging referral" }));
    await user.type(screen.getByLabelText(/Body part/), "knee");
    await user.type(await screen.findByLabelText(/Any allergies\?/), "none");
    await user.click(screen.getByRole("button", { name: "Pay" }));
    expect(await screen.findByText(/Cannot reach the server/)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Pay" }));
    expect(await screen.findByText("Your card was declined.")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Pay" }));
    expect(await screen.findByText("Thank you")).toBeTruthy();
    const keys = stub.calls.filter((c) => c.path === `/paidServices/request/${SERVICE}`).map((c) => (c.body as { idempotencyKey: string }).idempotencyKey);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it("a failed check goes back to the form with the card message; a file of a refused type is not sent", async () => {
    const user = userEvent.setup();
    const me = patient();
    emulator(() => ({ status: "requires_payment_method", last_payment_error: { message: "Authentication failed." } }));
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
    await user.click(await screen.findByRole("button", { name: "I have completed the check" }));
    expect((await screen.findByText("We are unable to authenticate your payment method.")).getAttribute("role")).toBe("alert");
    expect(screen.getByRole("heading", { name: "Imaging referral", level: 2 })).toBeTruthy();
    // Paying again is another purchase (the refused one is gone): a new key, not the answered one replayed.
    await user.click(screen.getByRole("button", { name: "Pay" }));
    expect(await screen.findByRole("button", { name: "I have completed the check" })).toBeTruthy();
    const keys = stub.calls.filter((c) => c.path === `/paidServices/request/${SERVICE}`).map((c) => (c.body as { idempotencyKey: string }).idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it("no card yet: the patient adds one in the form (to the processor, then saved), it becomes the card paid with", async () => {
    const user = userEvent.setup();
    const typed = { id: "pm_typed", brand: "visa", last4: "4242", expMonth: 4, expYear: 2031, isDefault: true };
    const bank = emulator(() => ({ status: "succeeded" }), { "POST /v1/payment_methods": () => ({ body: { id: "pm_typed" } }) });
    const saved: typeof typed[] = [];
    const stub = stubs({
      "GET /stripe/account/paymentMethods": () => success(saved),
      "POST /stripe/account/paymentMethods": () => { saved.push(typed); return success(typed, 201); },
      [`POST /paidServices/request/${SERVICE}`]: () => success({ ...pending, status: "paid", intentId: null, clientSecret: null, actionUrl: null }, 201),
    });
    renderApp("/orders", signedInDeps(patient(), { fetch: stub.fetch }));
    await user.click(await screen.findByRole("button", { name: "Request Imaging referral" }));
    const entry = await screen.findByRole("form", { name: "New card" });
    expect(screen.queryByRole("link", { name: /payment method/ })).toBeNull();
    expect((screen.getByRole("button", { name: "Pay" }) as HTMLButtonElement).disabled).toBe(true);
    await user.type(within(entry).getByLabelText("Card number"), "4242424242424242");
    await user.type(within(entry).getByLabelText("Expiry (MM/YY)"), "0431");
    await user.type(within(entry).getByLabelText("CVC"), "123");
    await user.click(within(entry).getByRole("button", { name: "Save this card" }));

    // The card form is gone; the new card is the chosen one.
    const select = await screen.findByLabelText("Card") as HTMLSelectElement;
    expect(select.value).toBe("pm_typed");
    expect(screen.queryByRole("form", { name: "New card" })).toBeNull();
    expect(stub.calls.find((c) => c.method === "POST" && c.path === "/stripe/account/paymentMethods")?.body).toEqual({ paymentMethodId: "pm_typed" });
    expect(bank.calls.find((c) => c.path === "/v1/payment_methods")?.form?.get("card[number]")).toBe("4242424242424242");
    expect(JSON.stringify(stub.calls.map((c) => c.body ?? null))).not.toContain("4242424242424242");

    await user.type(screen.getByLabelText(/Body part/), "knee");
    await user.type(await screen.findByLabelText(/Any allergies\?/), "none");
    await user.click(screen.getByRole("button", { name: "Pay" }));
    expect(await screen.findByText("Thank you")).toBeTruthy();
    expect((stub.calls.find((c) => c.path === `/paidServices/request/${SERVICE}`)!.body as { card: string }).card).toBe("pm_typed");
  });

  it("shows what this patient pays: an additional referral within the first's window, with a promo code on it", async () => {
    const user = userEvent.setup();
    const stub = stubs({
      [`GET /paidServices/quote/${SERVICE}`]: (r) =>
        r.url.searchParams.get("doctorId") === DOCTOR
          ? success({ priceCents: 3000, regularPriceCents: 5900, additional: { used: 1, max: 3, endsAt: "2026-12-24T12:00:00.000Z" } })
          : failure(404, "No such doctor"),
      "GET /coupons/check/SPRING20": () => success({ name: "SPRING20", percentageDiscount: 20, duration: "once" }),
    });
    renderApp("/orders", signedInDeps(patient(), { fetch: stub.fetch }));
    await user.click(await screen.findByRole("button", { name: "Request Imaging referral" }));
    expect((await screen.findByTestId("service-due")).textContent)
      .toBe("You pay $30.00 instead of $59.00: additional request 2 of 3, until December 24, 2026.");
    await user.type(screen.getByLabelText("Promo code"), "SPRING20");
    await user.click(screen.getByRole("button", { name: "Apply" }));
    await waitFor(() => expect(screen.getByTestId("service-due").textContent).toMatch(/^You pay \$24\.00 \(was \$30\.00\) instead of \$59\.00/));
  });

  it("says why the service cannot be bought by this patient", async () => {
    const user = userEvent.setup();
    const stub = stubs({ [`GET /paidServices/quote/${SERVICE}`]: () => failure(409, "This service is only for members") });
    renderApp("/orders", signedInDeps(patient(), { fetch: stub.fetch }));
    await user.click(await screen.findByRole("button", { name: "Request Imaging referral" }));
    expect((await screen.findByText("This service is only for members")).getAttribute("role")).toBe("alert");
  });

  it("the doctor sees the requests made to them, with answers and files", async () => {
    const request: ServiceRequestView = {
      id: "r1", serviceId: SERVICE, serviceName: "Imaging referral", patientId: "p1", patientName: "Pat Patient", doctorId: DOCTOR,
      doctorName: "Dana Doc", status: "paid", amountCents: 4720, createdAt: "2026-01-10T15:00:00.000Z", doneAt: null, doneBy: null,
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
