import { act, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { MESSAGES_PAGE_MAX } from "../../../../../sync/schemas/chat.ts";
import { createFetchStub, makeDeps, renderWithDeps, success } from "../../../test/helpers.tsx";
import { useChatFiles } from "./use-chat-files.ts";

const CHAT = "3f2b9c1e-0000-4000-8000-0000000000c1";
type DeviceMessage = { fileIds: string[]; pending: boolean };

/** 250 messages on the server, one file each (`f0` the oldest), listed newest first by offset. */
function server(count = 250) {
  const messages = Array.from({ length: count }, (_, i) => ({ files: [{ id: `f${i}`, name: `scan-${i}.pdf`, size: 1000 + i }] })).reverse();
  return createFetchStub({
    [`GET /messages/${CHAT}`]: (req) => {
      const offset = Number(req.url.searchParams.get("offset") ?? 0);
      const limit = Number(req.url.searchParams.get("limit"));
      return success({ list: messages.slice(offset, offset + limit) });
    },
  });
}

function Names({ messages }: { messages: DeviceMessage[] }) {
  const files = useChatFiles(CHAT, messages);
  return <p data-testid="names">{Object.keys(files).length} named; {messages.flatMap((m) => m.fileIds).map((id) => files[id]?.name ?? "?").join(" ")}</p>;
}

const offsets = (stub: ReturnType<typeof createFetchStub>) => stub.calls.map((c) => Number(c.url.searchParams.get("offset") ?? 0));

describe("useChatFiles", () => {
  it("names an attachment older than the newest page by reading older pages, and stops once all are named", async () => {
    const stub = server();
    renderWithDeps(<Names messages={[{ fileIds: ["f0"], pending: false }, { fileIds: ["f249"], pending: false }]} />, makeDeps({ fetch: stub.fetch }));
    await waitFor(() => expect(screen.getByTestId("names").textContent).toContain("scan-0.pdf scan-249.pdf"));
    expect(offsets(stub)).toEqual([0, MESSAGES_PAGE_MAX, 2 * MESSAGES_PAGE_MAX]);
    expect(stub.calls.every((c) => c.url.searchParams.get("limit") === String(MESSAGES_PAGE_MAX))).toBe(true);
  });

  it("reads only the newest page when every attachment is there", async () => {
    const stub = server();
    renderWithDeps(<Names messages={[{ fileIds: ["f240", "f245"], pending: false }]} />, makeDeps({ fetch: stub.fetch }));
    await waitFor(() => expect(screen.getByTestId("names").textContent).toContain("scan-240.pdf scan-245.pdf"));
    expect(offsets(stub)).toEqual([0]);
  });

  it("does not look up a message still waiting to reach the server; an attachment not found is not asked for again", async () => {
    const stub = server(30);
    let show: (messages: DeviceMessage[]) => void = () => {};
    function Harness() {
      const [messages, setMessages] = useState<DeviceMessage[]>([{ fileIds: ["new-1"], pending: true }, { fileIds: ["gone"], pending: false }]);
      show = setMessages;
      return <Names messages={messages} />;
    }
    renderWithDeps(<Harness />, makeDeps({ fetch: stub.fetch }));
    await waitFor(() => expect(screen.getByTestId("names").textContent).toBe("30 named; ? ?"));
    expect(stub.calls).toHaveLength(1);
    // The same messages again: nothing asked.
    act(() => show([{ fileIds: ["new-1"], pending: true }, { fileIds: ["gone"], pending: false }]));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stub.calls).toHaveLength(1);
    // The waiting message reached the server (its file is f29's here): named from what was read, nothing asked.
    act(() => show([{ fileIds: ["f29"], pending: false }, { fileIds: ["gone"], pending: false }]));
    expect(screen.getByTestId("names").textContent).toBe("30 named; scan-29.pdf ?");
    // A new attachment not read yet: asked for.
    act(() => show([{ fileIds: ["f29"], pending: false }, { fileIds: ["gone"], pending: false }, { fileIds: ["later"], pending: false }]));
    await waitFor(() => expect(stub.calls).toHaveLength(2));
  });
});
