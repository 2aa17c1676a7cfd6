import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { ChatMessageDoc } from "../../../../../sync/collections/index.ts";
import type { Local } from "../../sync/index.ts";
import { Conversation, type ConversationProps } from "./Conversation.tsx";

const SELF = "00000000-0000-4000-8000-000000000001";
const DOCTOR = "00000000-0000-4000-8000-000000000002";
const CHAT = "0d3c0c1e-5f6a-4c8e-9a11-000000000001";
let n = 0;
const message = (patch: Partial<Local<ChatMessageDoc>>): Local<ChatMessageDoc> => ({
  id: `10000000-0000-4000-8000-${String(++n).padStart(12, "0")}`, chatId: CHAT, authorId: SELF, text: "Hello",
  fileIds: [], createdAt: "2026-01-02T10:00:00.000Z", updatedAt: n, _deleted: false, pending: false, ...patch,
});

function renderConversation(props: Partial<ConversationProps> = {}) {
  const sent: string[] = [];
  const onSend = props.onSend ?? ((text: string) => Promise.resolve(void sent.push(text)));
  const view = render(
    <MemoryRouter initialEntries={[`/messages?chat=${CHAT}`]}>
      <Conversation title="Care team" messages={[]} loading={false} selfId={SELF} names={{}} online {...props} onSend={onSend} />
    </MemoryRouter>,
  );
  return { ...view, sent };
}

describe("Conversation", () => {
  it("shows messages in a live log, oldest first, with authors and pending marks", () => {
    renderConversation({
      names: { [DOCTOR]: "Grace Hopper" },
      online: false,
      messages: [
        message({ authorId: DOCTOR, text: "How are you?" }),
        message({ text: "Better, thanks", pending: true }),
        message({ text: "Deleted", _deleted: true }),
      ],
    });
    const log = screen.getByRole("log", { name: "Messages in Care team" });
    expect(log.getAttribute("aria-live")).toBe("polite");
    const items = screen.getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining("Grace Hopper"),
      expect.stringContaining("You"),
    ]);
    expect(items[0].textContent).toContain("How are you?");
    expect(items[0].textContent).not.toContain("Waiting for network");
    expect(items[1].textContent).toContain("Waiting for network");
  });

  it("says a pending message is being sent while online", () => {
    renderConversation({ messages: [message({ pending: true })] });
    expect(screen.getByRole("listitem").textContent).toContain("Sending…");
  });

  it("sends with Enter, keeps Shift+Enter as a new line and clears the box", async () => {
    const user = userEvent.setup();
    const { sent } = renderConversation();
    const box = screen.getByRole("textbox", { name: "Message" });
    await user.type(box, "First line{Shift>}{Enter}{/Shift}second line");
    expect((box as HTMLTextAreaElement).value).toBe("First line\nsecond line");
    await user.keyboard("{Enter}");
    expect(sent).toEqual(["First line\nsecond line"]);
    expect((box as HTMLTextAreaElement).value).toBe("");
    await user.keyboard("{Enter}");
    expect(sent).toHaveLength(1);
  });

  it("puts the text back and says why when sending fails", async () => {
    const user = userEvent.setup();
    renderConversation({ onSend: () => Promise.reject(new Error("Your data on this device is locked")) });
    const box = screen.getByRole("textbox", { name: "Message" });
    await user.type(box, "Please call me");
    await user.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toContain("locked"));
    expect((box as HTMLTextAreaElement).value).toBe("Please call me");
  });

  it("cannot write while the local data is read-only, and says why", () => {
    renderConversation({ readOnlyReason: "Your data on this device is locked." });
    expect((screen.getByRole("textbox", { name: "Message" }) as HTMLTextAreaElement).disabled).toBe(true);
    expect(screen.getByText("Your data on this device is locked.")).toBeTruthy();
  });

  it("says when a chat has no messages yet", () => {
    renderConversation();
    expect(screen.getByText("No messages yet")).toBeTruthy();
  });
});
