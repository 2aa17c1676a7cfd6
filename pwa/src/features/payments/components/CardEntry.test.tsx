import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createFetchStub, makeDeps, renderWithDeps, success } from "../../../test/helpers.tsx";
import { cardEntryPath } from "../lib/config.ts";
import { createEmulatorFake, EMULATOR_CONFIG, EMULATOR_URL } from "../../../test/payment-fakes.ts";
import { CardEntry, parseExpiry } from "./CardEntry.tsx";
import { ThreeDSecureStep } from "./ThreeDSecureStep.tsx";

afterEach(() => vi.unstubAllGlobals());

function renderCardEntry(emulator: ReturnType<typeof createEmulatorFake>, onCard = vi.fn()) {
  vi.stubGlobal("fetch", emulator.fetch);
  const edge = createFetchStub({ "GET /payments/products": () => success(EMULATOR_CONFIG) });
  renderWithDeps(
    <CardEntry onCard={onCard} submitLabel="Save card" />,
    makeDeps({ fetch: edge.fetch, session: { status: "guest" } }),
  );
  return { edge, onCard };
}

async function typeCard(number: string, expiry = "04/31", cvc = "123") {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText("Card number"), number);
  await user.type(screen.getByLabelText("Expiry (MM/YY)"), expiry);
  await user.type(screen.getByLabelText("CVC"), cvc);
  await user.click(screen.getByRole("button", { name: "Save card" }));
}

describe("CardEntry on the emulator", () => {
  it("tokenizes the card at the emulator with the publishable key; only the pm id leaves the module", async () => {
    const emulator = createEmulatorFake({
      "POST /v1/payment_methods": () => ({ body: { id: "pm_1Emulated", object: "payment_method" } }),
    });
    const { edge, onCard } = renderCardEntry(emulator);
    await typeCard("4242 4242 4242 4242");
    // Its id, and its last four digits to show (never the number).
    await waitFor(() => expect(onCard).toHaveBeenCalledWith("pm_1Emulated", { brand: "", last4: "4242" }));
    const [call] = emulator.calls;
    expect(call.authorization).toBe("Bearer pk_test_emulator");
    expect(Object.fromEntries(call.form!)).toEqual({
      type: "card",
      "card[number]": "4242424242424242",
      "card[exp_month]": "4",
      "card[exp_year]": "2031",
      "card[cvc]": "123",
    });
    // The edge was only asked for the configuration: no card number there.
    expect(edge.calls.map((c) => `${c.method} ${c.path}`)).toEqual(["GET /payments/products"]);
  });

  it("shows the processor's refusal and keeps the form", async () => {
    const emulator = createEmulatorFake({
      "POST /v1/payment_methods": () => ({
        status: 402,
        body: { error: { type: "card_error", code: "incorrect_number", message: "Your card number is incorrect." } },
      }),
    });
    const { onCard } = renderCardEntry(emulator);
    await typeCard("4242 4242 4242 4241");
    expect(await screen.findByText("Your card number is incorrect.")).toBeTruthy();
    expect(onCard).not.toHaveBeenCalled();
    expect(screen.getByLabelText("Card number")).toBeTruthy();
  });

  it("checks the fields before asking anyone", async () => {
    const emulator = createEmulatorFake({});
    renderCardEntry(emulator);
    await typeCard("42", "13/30", "1");
    expect(await screen.findByText("Enter the card number")).toBeTruthy();
    expect(screen.getByText("Enter the expiry as MM/YY")).toBeTruthy();
    expect(screen.getByText("Enter the 3 or 4 digits on the back")).toBeTruthy();
    expect(screen.getByLabelText("Card number").getAttribute("aria-invalid")).toBe("true");
    expect(emulator.calls).toEqual([]);
  });

  it("the path: Elements only with a real publishable key", () => {
    expect(cardEntryPath(EMULATOR_CONFIG)).toBe("emulator");
    expect(
      cardEntryPath({
        ...EMULATOR_CONFIG,
        cardEntry: "elements",
        emulatorUrl: null,
        publishableKey: "pk_test_51AbcdefGhijklmnopQrs",
      }),
    ).toBe("elements");
    expect(cardEntryPath({ ...EMULATOR_CONFIG, cardEntry: "elements", emulatorUrl: null, publishableKey: "" })).toBe(
      "unavailable",
    );
    expect(parseExpiry("4/2031")).toEqual({ month: 4, year: 2031 });
    expect(parseExpiry("0431")).toEqual({ month: 4, year: 2031 });
    expect(parseExpiry("13/31")).toBeNull();
  });
});

describe("ThreeDSecureStep on the emulator", () => {
  const challenge = { intentId: "pi_123", clientSecret: "pi_123_secret_abc", actionUrl: `${EMULATOR_URL}/_emulator/3ds/pi_123` };

  it("frames the bank's page; finishes only once the intent left requires_action", async () => {
    let status = "requires_action";
    const emulator = createEmulatorFake({ "GET /v1/payment_intents/pi_123": () => ({ body: { id: "pi_123", status } }) });
    vi.stubGlobal("fetch", emulator.fetch);
    const onFinished = vi.fn();
    renderWithDeps(<ThreeDSecureStep config={EMULATOR_CONFIG} challenge={challenge} onFinished={onFinished} />);
    const frame = screen.getByTitle("Card authentication by your bank");
    expect(frame.getAttribute("src")).toBe(challenge.actionUrl);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "I have completed the check" }));
    expect(await screen.findByText("Your bank is still waiting: complete the check above first.")).toBeTruthy();
    expect(onFinished).not.toHaveBeenCalled();
    status = "succeeded";
    await user.click(screen.getByRole("button", { name: "I have completed the check" }));
    await waitFor(() => expect(onFinished).toHaveBeenCalledWith({ ok: true }));
    const read = emulator.calls.at(-1)!;
    expect(read.query.get("client_secret")).toBe("pi_123_secret_abc");
    expect(read.authorization).toBe("Bearer pk_test_emulator");
  });

  it("a failed authentication is reported as a failure", async () => {
    const emulator = createEmulatorFake({
      "GET /v1/payment_intents/pi_123": () => ({
        body: {
          id: "pi_123",
          status: "requires_payment_method",
          last_payment_error: {
            code: "payment_intent_authentication_failure",
            message: "The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.",
          },
        },
      }),
    });
    vi.stubGlobal("fetch", emulator.fetch);
    const onFinished = vi.fn();
    renderWithDeps(<ThreeDSecureStep config={EMULATOR_CONFIG} challenge={challenge} onFinished={onFinished} />);
    await userEvent.setup().click(screen.getByRole("button", { name: "I have completed the check" }));
    await waitFor(() => expect(onFinished).toHaveBeenCalledTimes(1));
    expect(onFinished.mock.calls[0][0].ok).toBe(false);
    // The patient's words, not Stripe's developer text and not "declined".
    expect(onFinished.mock.calls[0][0].message).toBe("Your bank did not confirm this payment. Nothing was charged. Try again or use another card.");
  });
});
