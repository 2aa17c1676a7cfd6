/** "Message your doctor" opens the chat with the doctor, made on first use (issue 32: an empty chat list). */
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes, useSearchParams } from "react-router";
import { describe, expect, it } from "vitest";
import { createFetchStub, failure, randomId, randomUser, renderWithDeps, signedInDeps, success } from "../../../test/helpers.tsx";
import { MessageLink } from "./MessageLink.tsx";

function Messages() {
  const [params] = useSearchParams();
  return <h1>Chat {params.get("chat")}</h1>;
}

describe("MessageLink", () => {
  it("opens (or makes) the direct chat with the doctor", async () => {
    const doctorId = randomId();
    const chatId = randomId();
    const stub = createFetchStub({ [`POST /messages/chat/${doctorId}`]: () => success({ chatId }) });
    renderWithDeps(
      <Routes>
        <Route path="/home" element={<MessageLink userId={doctorId} />} />
        <Route path="/messages" element={<Messages />} />
      </Routes>,
      signedInDeps(randomUser({ role: "patient" }), { fetch: stub.fetch }),
      "/home",
    );
    await userEvent.setup().click(screen.getByRole("button", { name: "Message your doctor" }));
    expect(await screen.findByRole("heading", { name: `Chat ${chatId}` })).toBeTruthy();
  });

  it("says why when the chat cannot be opened", async () => {
    const doctorId = randomId();
    const stub = createFetchStub({ [`POST /messages/chat/${doctorId}`]: () => failure(403, "You cannot write to this person") });
    renderWithDeps(<MessageLink userId={doctorId} />, signedInDeps(randomUser({ role: "patient" }), { fetch: stub.fetch }));
    await userEvent.setup().click(screen.getByRole("button", { name: "Message your doctor" }));
    expect(await screen.findByText("You cannot write to this person", { selector: ".form-error" })).toBeTruthy();
  });
});
