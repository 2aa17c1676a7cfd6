import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { EMULATOR_CONFIG, EMULATOR_URL } from "../../../test/payment-fakes.ts";
import { ThreeDSecureStep } from "./ThreeDSecureStep.tsx";

afterEach(() => vi.unstubAllGlobals());

const challenge = { intentId: "pi_123", clientSecret: "pi_123_secret_x", actionUrl: `${EMULATOR_URL}/_emulator/3ds/pi_123` };
const waiting = () => new Response(JSON.stringify({ id: "pi_123", status: "requires_action" }), { headers: { "content-type": "application/json" } });

describe("the bank's check on the emulator", () => {
  it("answers a click made while the frame's own check is still asking (the button stays usable)", async () => {
    const user = userEvent.setup();
    // The check the frame's load starts hangs until released; the patient's own is answered at once.
    let release = () => {};
    const calls: string[] = [];
    vi.stubGlobal("fetch", (input: RequestInfo | URL) => {
      calls.push(new URL(String(input)).pathname);
      if (calls.length === 1) return new Promise<Response>((resolve) => (release = () => resolve(waiting())));
      return Promise.resolve(waiting());
    });
    const onFinished = vi.fn();
    render(<ThreeDSecureStep config={EMULATOR_CONFIG} challenge={challenge} onFinished={onFinished} />);

    fireEvent.load(screen.getByTitle("Card authentication by your bank"));
    const button = screen.getByRole("button", { name: "I have completed the check" });
    expect(button).toHaveProperty("disabled", false);
    await user.click(button);
    expect((await screen.findByText(/Your bank is still waiting/)).getAttribute("role")).toBe("status");
    release();
    expect(calls).toEqual(["/v1/payment_intents/pi_123", "/v1/payment_intents/pi_123"]);
    expect(onFinished).not.toHaveBeenCalled();
  });
});
