import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Membership } from "../../../../../sync/schemas/membership.ts";
import {
  createFetchStub,
  failure,
  makeDeps,
  preloadScreens,
  randomUser,
  renderApp,
  signedInDeps,
  type StubRequest,
  success,
  transportOf,
} from "../../../test/helpers.tsx";
import { card, createEmulatorFake, EMULATOR_CONFIG, EMULATOR_URL, option } from "../../../test/payment-fakes.ts";

beforeAll(preloadScreens, 60_000);
// The whole app renders first: on a busy machine that may take longer than the default 1 s.
const FIRST = { timeout: 5_000 };
afterEach(() => vi.unstubAllGlobals());

const DOCTOR = "22222222-2222-4222-8222-222222222222";
const QUARTER = option();
const MONTHLY = option({
  planId: "33333333-3333-4333-8333-333333333333",
  name: "Primary care — monthly",
  intervalCount: 1,
  priceCents: 5900,
  welcomePackage: false,
  trialDays: 14,
});
const membership = (patch: Partial<Membership> = {}): Membership => ({
  id: "44444444-4444-4444-8444-444444444444",
  doctorId: DOCTOR,
  doctorName: "Maya Lopez",
  patientId: "p",
  patientName: "Pat",
  planId: QUARTER.planId,
  planName: QUARTER.name,
  interval: "month",
  intervalCount: 3,
  status: "active",
  cancelAtPeriodEnd: false,
  cancelledByPatient: false,
  renews: true,
  currentPeriodEnd: "2027-02-25T12:00:00.000Z",
  amountCents: 14700,
  pendingChange: null,
  ...patch,
});

/** The edge as the profile and the join flow see it; `subscribe` answers the POST. */
function edge(subscribe: (req: StubRequest) => Response) {
  return createFetchStub({
    [`GET /users/${DOCTOR}`]: () =>
      success({
        id: DOCTOR,
        role: "doctor",
        firstName: "Maya",
        lastName: "Lopez",
        specialty: "Family medicine",
        licensedStates: ["NV"],
        bio: null,
        timezone: null,
      }),
    [`GET /doctors/${DOCTOR}`]: () =>
      success({
        id: DOCTOR,
        firstName: "Maya",
        lastName: "Lopez",
        specialty: "Family medicine",
        licensedStates: ["NV"],
        bio: null,
        timezone: null,
        rating: null,
        acceptsBookings: true,
        acceptsNewPatients: true,
      }),
    [`GET /membershipOptions/doctor/${DOCTOR}`]: () => success([MONTHLY, QUARTER]),
    [`GET /doctors/review/${DOCTOR}`]: () => success({ eligible: false, review: null }),
    "GET /payments/stripe/subscribe": () => success([]),
    "GET /payments/products": () => success(EMULATOR_CONFIG),
    "GET /stripe/account/paymentMethods": () => success([card()]),
    "GET /coupons/check/SPRING20": () => success({ name: "SPRING20", percentageDiscount: 20, duration: "once" }),
    "POST /payments/stripe/subscribe": subscribe,
    "POST /stripe/confirm/intent": () => success(membership()),
  });
}
const asPatient = (stub: ReturnType<typeof createFetchStub>) =>
  renderApp(`/profile/${DOCTOR}`, signedInDeps(randomUser({ role: "patient", state: "NV" }), { fetch: stub.fetch }));

async function openJoin(user: ReturnType<typeof userEvent.setup>, planName = QUARTER.name) {
  await user.click(await screen.findByRole("button", { name: `Join with ${planName}` }, FIRST));
  return await screen.findByRole("dialog", { name: "Join Dr. Maya Lopez's practice" });
}

describe("the doctor's membership options and the join flow", { timeout: 30_000 }, () => {
  it("a patient living where the doctor is not licensed is told why and offered no Join (01 §5)", async () => {
    renderApp(`/profile/${DOCTOR}`, signedInDeps(randomUser({ role: "patient", state: "TX" }), { fetch: edge(() => success({})).fetch }));
    const note = await screen.findByRole("note", {}, FIRST);
    expect(note.textContent).toMatch(/Dr\. Maya Lopez is not licensed in Texas, where you live/);
    expect(within(note).getByRole("link", { name: "Doctors licensed in Texas" }).getAttribute("href")).toBe("/doctors?state=TX");
    expect(screen.queryByRole("button", { name: /^Join with/ })).toBeNull();
  });

  it("shows each option's price, interval, trial and welcome package", async () => {
    asPatient(edge(() => success({})));
    const quarter = await screen.findByRole("listitem", { name: QUARTER.name }, FIRST);
    expect(quarter.textContent).toContain("$147.00 every 3 months");
    expect(quarter.textContent).toContain("Welcome package included");
    const monthly = screen.getByRole("listitem", { name: MONTHLY.name });
    expect(monthly.textContent).toContain("$59.00 every month");
    expect(monthly.textContent).toContain("Free for the first 14 days");
  });

  it("saved card + promo code + 3-D Secure → 'You are now a member' with the next charge", async () => {
    const user = userEvent.setup();
    let intent = "requires_action";
    vi.stubGlobal(
      "fetch",
      createEmulatorFake({ "GET /v1/payment_intents/pi_3ds": () => ({ body: { id: "pi_3ds", status: intent } }) }).fetch,
    );
    const stub = edge(() =>
      success({
        status: "requiresAction",
        membershipId: membership().id,
        intentId: "pi_3ds",
        clientSecret: "pi_3ds_secret_x",
        actionUrl: `${EMULATOR_URL}/_emulator/3ds/pi_3ds`,
      })
    );
    asPatient(stub);
    const dialog = await openJoin(user);
    // The chosen plan skips the plan step; the default saved card is picked.
    expect(within(dialog).getByRole("radio", { name: /Visa ending in 4242/ })).toHaveProperty("checked", true);
    await user.click(within(dialog).getByRole("button", { name: "Continue" }));
    expect(within(dialog).getByTestId("join-price").textContent).toBe("$147.00 every 3 months");
    await user.type(within(dialog).getByLabelText("Promo code (optional)"), "SPRING20");
    await user.click(within(dialog).getByRole("button", { name: "Apply" }));
    expect((await within(dialog).findByTestId("join-coupon")).textContent).toBe("SPRING20: 20% off");
    expect(within(dialog).getByTestId("join-price").textContent).toContain("$117.60");
    await user.click(within(dialog).getByRole("button", { name: "Pay $117.60 and join" }));

    const frame = await within(dialog).findByTitle("Card authentication by your bank");
    expect(frame.getAttribute("src")).toBe(`${EMULATOR_URL}/_emulator/3ds/pi_3ds`);
    const sent = stub.calls.find((c) => c.method === "POST" && c.path === "/payments/stripe/subscribe")!.body as Record<
      string,
      string
    >;
    expect(sent).toMatchObject({
      doctorId: DOCTOR,
      planId: QUARTER.planId,
      paymentMethodId: "pm_saved_visa",
      coupon: "SPRING20",
    });
    expect(sent.idempotencyKey).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(stub.calls.some((c) => c.path === "/stripe/confirm/intent")).toBe(false);

    intent = "succeeded";
    await user.click(within(dialog).getByRole("button", { name: "I have completed the check" }));
    expect(await within(dialog).findByRole("heading", { name: "You are now a member" })).toBeTruthy();
    expect(stub.calls.find((c) => c.path === "/stripe/confirm/intent")?.body).toEqual({ intentId: "pi_3ds" });
    expect(within(dialog).getByTestId("member-plan").textContent).toBe("Primary care — 3 months with Dr. Maya Lopez.");
    expect(within(dialog).getByTestId("member-next-charge").textContent).toBe("Next charge: $147.00 on February 25, 2027.");
    expect(within(dialog).getByRole("link", { name: "Manage your membership in Settings" }).getAttribute("href")).toBe(
      "/settings#my-membership",
    );
  });

  it("an initial price: the profile and the summary say the first payment, then the renewals; the Pay button the first payment", async () => {
    const user = userEvent.setup();
    const stub = edge(() => success({ status: "active", membership: membership({ amountCents: 14700 }) }));
    stub.handlers[`GET /membershipOptions/doctor/${DOCTOR}`] = () => success([MONTHLY, { ...QUARTER, initialPriceCents: 19900 }]);
    asPatient(stub);
    const quarter = await screen.findByRole("listitem", { name: QUARTER.name }, FIRST);
    expect(quarter.querySelector(".membership-option__price")?.textContent).toBe("$199.00 first payment, then $147.00 every 3 months");
    const dialog = await openJoin(user);
    await user.click(within(dialog).getByRole("button", { name: "Continue" }));
    expect(within(dialog).getByTestId("join-price").textContent).toBe("$199.00 first payment, then $147.00 every 3 months");
    expect(within(dialog).getByRole("button", { name: "Pay $199.00 and join" })).toBeTruthy();
    // A promo code's percentage comes off the first payment (a once code: the renewals stay full price).
    await user.type(within(dialog).getByLabelText("Promo code (optional)"), "SPRING20");
    await user.click(within(dialog).getByRole("button", { name: "Apply" }));
    await within(dialog).findByTestId("join-coupon");
    expect(within(dialog).getByTestId("join-price").textContent).toBe("$159.20 $199.00 first payment, then $147.00 every 3 months");
    await user.click(within(dialog).getByRole("button", { name: "Pay $159.20 and join" }));
    expect(await within(dialog).findByRole("heading", { name: "You are now a member" })).toBeTruthy();
    expect(within(dialog).getByTestId("member-next-charge").textContent).toBe("Next charge: $147.00 on February 25, 2027.");
  });

  it("an initial price equal to the price says nothing more", async () => {
    const stub = edge(() => success({}));
    stub.handlers[`GET /membershipOptions/doctor/${DOCTOR}`] = () => success([{ ...QUARTER, initialPriceCents: 14700 }]);
    asPatient(stub);
    const quarter = await screen.findByRole("listitem", { name: QUARTER.name }, FIRST);
    expect(quarter.querySelector(".membership-option__price")?.textContent).toBe("$147.00 every 3 months");
  });

  it("a failed bank check: the edge is told (it removes the half-made subscription) and its message shows", async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      "fetch",
      createEmulatorFake({
        "GET /v1/payment_intents/pi_3ds": () => ({
          body: { id: "pi_3ds", status: "requires_payment_method", last_payment_error: { message: "Authentication failed." } },
        }),
      }).fetch,
    );
    const stub = edge(() =>
      success({
        status: "requiresAction",
        membershipId: membership().id,
        intentId: "pi_3ds",
        clientSecret: "pi_3ds_secret_x",
        actionUrl: `${EMULATOR_URL}/_emulator/3ds/pi_3ds`,
      })
    );
    const refusal = "We are unable to authenticate your payment method. Please choose a different payment method and try again.";
    stub.handlers["POST /stripe/confirm/intent"] = () => failure(402, refusal, { reason: "CARD_ERROR" });
    asPatient(stub);
    const dialog = await openJoin(user);
    await user.click(within(dialog).getByRole("button", { name: "Continue" }));
    await user.click(within(dialog).getByRole("button", { name: "Pay $147.00 and join" }));
    await user.click(await within(dialog).findByRole("button", { name: "I have completed the check" }));
    expect((await within(dialog).findByTestId("join-error")).textContent).toBe(refusal);
    expect(stub.calls.find((c) => c.path === "/stripe/confirm/intent")?.body).toEqual({ intentId: "pi_3ds" });
    expect(within(dialog).getByRole("heading", { name: "2. Confirm" })).toBeTruthy();
  });

  it("a card error shows the processor's message in the dialog (no upgrade dialog); the retry is a new request", async () => {
    const user = userEvent.setup();
    let answer = () => failure(402, "Your card was declined.", { reason: "CARD_ERROR", code: "card_declined" });
    const stub = edge(() => answer());
    asPatient(stub);
    const dialog = await openJoin(user, MONTHLY.name);
    await user.click(within(dialog).getByRole("button", { name: "Continue" }));
    expect(within(dialog).getByText("Free for the first 14 days")).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Start membership" }));
    expect((await within(dialog).findByTestId("join-error")).textContent).toBe("Your card was declined.");
    expect(screen.queryByRole("dialog", { name: "A membership is needed" })).toBeNull();
    const first = stub.calls.filter((c) => c.method === "POST" && c.path === "/payments/stripe/subscribe").at(-1)!.body as Record<
      string,
      unknown
    >;
    // No promo code applied: no `coupon` in the body.
    expect("coupon" in first).toBe(false);

    answer = () =>
      failure(409, "Sorry, you cannot subscribe to the doctor. Please contact support service.", {
        reason: "DOCTOR_PAYOUT_INACTIVE",
      });
    await user.click(within(dialog).getByRole("button", { name: "Start membership" }));
    await waitFor(() =>
      expect(within(dialog).getByTestId("join-error").textContent).toBe(
        "Sorry, you cannot subscribe to the doctor. Please contact support service.",
      )
    );
    const second = stub.calls.filter((c) => c.method === "POST" && c.path === "/payments/stripe/subscribe").at(-1)!
      .body as Record<string, unknown>;
    expect(second.idempotencyKey).not.toBe(first.idempotencyKey);

    answer = () => failure(404, "No such membership option!");
    await user.click(within(dialog).getByRole("button", { name: "Start membership" }));
    await waitFor(() => expect(within(dialog).getByTestId("join-error").textContent).toBe("No such membership option!"));

    // Escape closes the dialog.
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Join Dr. Maya Lopez's practice" })).toBeNull());
  });

  it("a new card: typed into the card module, its id sent to subscribe; active at once", async () => {
    const user = userEvent.setup();
    vi.stubGlobal("fetch", createEmulatorFake({ "POST /v1/payment_methods": () => ({ body: { id: "pm_typed" } }) }).fetch);
    const stub = edge(() => success({ status: "active", membership: membership() }));
    stub.handlers["GET /stripe/account/paymentMethods"] = () => success([]);
    asPatient(stub);
    const dialog = await openJoin(user);
    const form = await within(dialog).findByRole("form", { name: "New card" });
    await user.type(within(form).getByLabelText("Card number"), "4242424242424242");
    await user.type(within(form).getByLabelText("Expiry (MM/YY)"), "0431");
    await user.type(within(form).getByLabelText("CVC"), "123");
    await user.click(within(form).getByRole("button", { name: "Use this card" }));
    await user.click(await within(dialog).findByRole("button", { name: "Pay $147.00 and join" }));
    expect(await within(dialog).findByRole("heading", { name: "You are now a member" })).toBeTruthy();
    const sent = stub.calls.find((c) => c.method === "POST" && c.path === "/payments/stripe/subscribe")!.body as Record<
      string,
      unknown
    >;
    expect(sent.paymentMethodId).toBe("pm_typed");
    expect(JSON.stringify(stub.calls.map((c) => c.body ?? null))).not.toContain("4242424242424242");
  });

  it("a guest sees the prices and is asked to sign in to join", async () => {
    const user = userEvent.setup();
    const stub = edge(() => success({}));
    renderApp(`/profile/${DOCTOR}`, makeDeps({ fetch: stub.fetch, session: { status: "guest" } }));
    const quarter = await screen.findByRole("listitem", { name: QUARTER.name }, FIRST);
    expect(quarter.textContent).toContain("$147.00 every 3 months");
    expect(screen.getByText("Sign in or create a free account to join Dr. Maya Lopez's practice.")).toBeTruthy();
    await user.click(within(quarter).getByRole("button", { name: `Join with ${QUARTER.name}` }));
    expect(await screen.findByRole("form", { name: "Sign in" })).toBeTruthy();
    expect(stub.calls.some((c) => c.path === "/payments/stripe/subscribe")).toBe(false);
  });

  it("402 'Subscription required' opens the join flow for the doctor it names; a card error's 402 does not", async () => {
    const stub = edge(() => success({}));
    stub.handlers["POST /messages"] = () => failure(402, "Your card was declined.", { reason: "CARD_ERROR" });
    stub.handlers["POST /chats"] = () =>
      failure(402, "Subscription required", { reason: "SUBSCRIPTION_REQUIRED", doctorId: DOCTOR, noSubscription: true });
    const { deps } = renderApp(
      "/settings",
      signedInDeps(
        randomUser({ role: "patient", state: "NV", doctor: { id: DOCTOR, firstName: "Maya", lastName: "Lopez", specialty: null } }),
        { fetch: stub.fetch },
      ),
    );
    await screen.findByRole("heading", { level: 1, name: "Settings" }, FIRST);
    await act(async () => {
      await transportOf(deps.api).post("/messages", {}).catch(() => {});
    });
    expect(screen.queryByRole("dialog")).toBeNull();
    await act(async () => {
      await transportOf(deps.api).post("/chats", {}).catch(() => {});
    });
    const dialog = await screen.findByRole("dialog", { name: "Join Dr. Maya Lopez's practice" });
    expect(within(dialog).getByText(/This needs an active membership with this doctor/)).toBeTruthy();
    expect(await within(dialog).findByRole("radio", { name: /Primary care — 3 months/ })).toBeTruthy();
  });
});
