/**
 * The Stripe Elements branch with Stripe's own packages stood in for (Stripe.js cannot load here): the card
 * goes from Stripe's CardElement to `createPaymentMethod`, only the `pm_…` id reaches the caller, and Stripe's
 * refusal is said in the form. The real Stripe.js runs only with a real publishable key (pwa/docs/payments.md).
 */
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { makeDeps, renderWithDeps } from "../../../test/helpers.tsx";
import type { PaymentsConfig } from "../lib/config.ts";

const stripe = vi.hoisted(() => ({
  createPaymentMethod: vi.fn(),
  ready: true,
  loadedWith: [] as string[],
}));
const CARD = { kind: "the card element" };

vi.mock("@stripe/stripe-js/pure", () => ({
  loadStripe: (key: string) => {
    stripe.loadedWith.push(key);
    return Promise.resolve(stripe);
  },
}));
vi.mock("@stripe/react-stripe-js", () => ({
  Elements: ({ children, options }: { children: ReactNode; options: { locale: string } }) => (
    <div data-locale={options.locale}>{children}</div>
  ),
  CardElement: () => <input aria-label="Stripe's card field" />,
  useStripe: () => (stripe.ready ? stripe : null),
  useElements: () => ({ getElement: () => CARD }),
}));

const { default: ElementsCardForm } = await import("./ElementsCardForm.tsx");
const CONFIG: PaymentsConfig = { publishableKey: "pk_test_real", cardEntry: "elements", emulatorUrl: null, currency: "usd", locale: "en" };

function render(onCard = vi.fn()) {
  renderWithDeps(<ElementsCardForm config={CONFIG} onCard={onCard} submitLabel="Save card" />, makeDeps({ session: { status: "guest" } }));
  return onCard;
}

describe("ElementsCardForm (Stripe Elements with a real key)", () => {
  beforeEach(() => {
    stripe.createPaymentMethod.mockReset();
    stripe.ready = true;
  });

  it("makes the payment method from Stripe's card element and hands on its id and what may be shown of it", async () => {
    stripe.createPaymentMethod.mockResolvedValue({ paymentMethod: { id: "pm_1RealStripe", card: { brand: "visa", last4: "4242" } } });
    const onCard = render();
    await userEvent.setup().click(screen.getByRole("button", { name: "Save card" }));
    await waitFor(() => expect(onCard).toHaveBeenCalledWith("pm_1RealStripe", { brand: "visa", last4: "4242" }));
    expect(stripe.createPaymentMethod).toHaveBeenCalledWith({ type: "card", card: CARD });
    expect(stripe.loadedWith).toContain("pk_test_real");
    expect(screen.getByRole("group", { name: "Card" })).toBeTruthy();
  });

  it("says Stripe's refusal and keeps the form; nothing is handed on", async () => {
    stripe.createPaymentMethod.mockResolvedValue({ error: { message: "Your card number is incomplete." } });
    const onCard = render();
    await userEvent.setup().click(screen.getByRole("button", { name: "Save card" }));
    expect((await screen.findByText("Your card number is incomplete.")).getAttribute("role")).toBe("alert");
    expect(onCard).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Save card" })).toBeTruthy();
  });

  it("shows that the card form is loading while Stripe.js is not ready", () => {
    stripe.ready = false;
    render();
    expect(screen.getByText(/Loading the card form/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Save card" })).toBeNull();
  });
});
