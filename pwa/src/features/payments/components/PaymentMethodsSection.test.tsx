import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Card } from "../../../../../sync/schemas/membership.ts";
import { createFetchStub, failure, randomUser, renderWithDeps, signedInDeps, success } from "../../../test/helpers.tsx";
import { card, createEmulatorFake, EMULATOR_CONFIG } from "../../../test/payment-fakes.ts";
import { PaymentMethodsSection } from "./PaymentMethodsSection.tsx";

afterEach(() => vi.unstubAllGlobals());

/** The edge's card calls over a list kept here, as the edge keeps them at the processor. */
function cardsEdge(initial: Card[]) {
  let cards = [...initial];
  const stub = createFetchStub({
    "GET /payments/products": () => success(EMULATOR_CONFIG),
    "GET /stripe/account/paymentMethods": () => success(cards),
    "POST /stripe/account/paymentMethods": (req) => {
      const added = card({
        id: (req.body as { paymentMethodId: string }).paymentMethodId,
        brand: "mastercard",
        last4: "4444",
        isDefault: cards.length === 0,
      });
      cards = [...cards, added];
      return success(added, 201);
    },
    "POST /stripe/account/paymentMethods/default": (req) => {
      const id = (req.body as { paymentMethodId: string }).paymentMethodId;
      cards = cards.map((c) => ({ ...c, isDefault: c.id === id }));
      return success(cards);
    },
  });
  stub.handlers["DELETE /stripe/account/paymentMethods/pm_saved_visa"] = () => {
    cards = cards.filter((c) => c.id !== "pm_saved_visa");
    return success({ deleted: "pm_saved_visa" });
  };
  return stub;
}

const render = (stub: ReturnType<typeof createFetchStub>) =>
  renderWithDeps(<PaymentMethodsSection />, signedInDeps(randomUser({ role: "patient" }), { fetch: stub.fetch }));

describe("Settings → Payment methods", () => {
  it("lists the cards with brand, last four, expiry and the default; makes another the default; deletes after a question", async () => {
    const user = userEvent.setup();
    const stub = cardsEdge([
      card(),
      card({ id: "pm_saved_amex", brand: "amex", last4: "0005", expMonth: 12, expYear: 2029, isDefault: false }),
    ]);
    render(stub);
    const list = await screen.findByRole("list", { name: "Saved cards" });
    const visa = within(list).getByRole("listitem", { name: "Visa ending in 4242" });
    expect(visa.textContent).toContain("Visa ending in 4242\u00a0· Default");
    expect(visa.textContent).toContain("Expires 04/31");
    expect(within(visa).queryByRole("button", { name: /Make .* default/ })).toBeNull();
    const amex = within(list).getByRole("listitem", { name: "American Express ending in 0005" });
    expect(amex.textContent).toContain("Expires 12/29");

    await user.click(within(amex).getByRole("button", { name: "Make American Express ending in 0005 the default card" }));
    await waitFor(() =>
      expect(within(screen.getByRole("listitem", { name: "American Express ending in 0005" })).queryByText(/Default/))
        .toBeTruthy()
    );
    expect(stub.calls.find((c) => c.path === "/stripe/account/paymentMethods/default")?.body).toEqual({
      paymentMethodId: "pm_saved_amex",
    });

    await user.click(screen.getByRole("button", { name: "Delete Visa ending in 4242" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete this card?" });
    await user.click(within(dialog).getByRole("button", { name: "Delete card" }));
    await waitFor(() => expect(screen.queryByRole("listitem", { name: "Visa ending in 4242" })).toBeNull());
    expect(stub.calls.some((c) => c.method === "DELETE" && c.path === "/stripe/account/paymentMethods/pm_saved_visa")).toBe(true);
  });

  it("empty: says so; adding a card tokenizes at the emulator and sends the edge only its id", async () => {
    const user = userEvent.setup();
    const emulator = createEmulatorFake({ "POST /v1/payment_methods": () => ({ body: { id: "pm_new_master" } }) });
    vi.stubGlobal("fetch", emulator.fetch);
    const stub = cardsEdge([]);
    render(stub);
    expect(await screen.findByText("No saved cards")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Add a card" }));
    const form = await screen.findByRole("form", { name: "New card" });
    await user.type(within(form).getByLabelText("Card number"), "5555 5555 5555 4444");
    await user.type(within(form).getByLabelText("Expiry (MM/YY)"), "12/30");
    await user.type(within(form).getByLabelText("CVC"), "321");
    await user.click(within(form).getByRole("button", { name: "Save card" }));
    expect(await screen.findByRole("listitem", { name: "Mastercard ending in 4444" })).toBeTruthy();
    expect(screen.queryByRole("form", { name: "New card" })).toBeNull();
    const add = stub.calls.find((c) => c.method === "POST" && c.path === "/stripe/account/paymentMethods");
    expect(add?.body).toEqual({ paymentMethodId: "pm_new_master" });
    // The card number went to the processor only.
    expect(JSON.stringify(stub.calls.map((c) => [c.url.href, c.body]))).not.toContain("5555");
    expect(emulator.calls[0].form?.get("card[number]")).toBe("5555555555554444");
  });

  it("a refused card stays in the form with the server's message", async () => {
    const user = userEvent.setup();
    vi.stubGlobal("fetch", createEmulatorFake({ "POST /v1/payment_methods": () => ({ body: { id: "pm_declines" } }) }).fetch);
    const stub = cardsEdge([]);
    stub.handlers["POST /stripe/account/paymentMethods"] = () =>
      failure(402, "Your card was declined.", { reason: "CARD_ERROR" });
    render(stub);
    await user.click(await screen.findByRole("button", { name: "Add a card" }));
    await user.type(await screen.findByLabelText("Card number"), "4000 0000 0000 0002");
    await user.type(screen.getByLabelText("Expiry (MM/YY)"), "12/30");
    await user.type(screen.getByLabelText("CVC"), "321");
    await user.click(screen.getByRole("button", { name: "Save card" }));
    expect(await screen.findByText("Your card was declined.")).toBeTruthy();
    expect(screen.getByRole("form", { name: "New card" })).toBeTruthy();
  });

  it("an error loading the cards: the message and a retry", async () => {
    const user = userEvent.setup();
    let fail = true;
    const stub = cardsEdge([card()]);
    const ok = stub.handlers["GET /stripe/account/paymentMethods"];
    stub.handlers["GET /stripe/account/paymentMethods"] = (req) =>
      fail ? failure(503, "Payments are not available right now. Please try again later.") : ok(req);
    render(stub);
    expect(await screen.findByText("Payments are not available right now. Please try again later.")).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("listitem", { name: "Visa ending in 4242" })).toBeTruthy();
  });
});
