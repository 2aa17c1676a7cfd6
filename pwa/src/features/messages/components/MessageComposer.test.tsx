import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { type AttachmentUploader, MessageComposer } from "./MessageComposer.tsx";

/** An uploader the test drives by hand: each upload waits until finished or aborted. */
function manualUploader(max = 10) {
  const uploads: { name: string; progress: (p: number) => void; finish: () => void; aborted: () => boolean }[] = [];
  const uploader: AttachmentUploader = {
    max,
    check: (file) => Promise.resolve(file.name.endsWith(".txt") ? "Unsupported file type" : null),
    upload: (file, { onProgress, signal }) =>
      new Promise((resolve, reject) => {
        signal.addEventListener("abort", () => reject(new DOMException("cancelled", "AbortError")));
        uploads.push({ name: file.name, progress: onProgress, finish: () => resolve({ id: `id-${file.name}` }), aborted: () => signal.aborted });
      }),
  };
  return { uploader, uploads };
}

const file = (name: string) => new File(["%PDF-1.4"], name);

describe("MessageComposer attachments", () => {
  it("uploads chosen files with progress, waits for them, then sends their ids", async () => {
    const user = userEvent.setup();
    const { uploader, uploads } = manualUploader();
    const sent: [string, string[]][] = [];
    const { container } = render(<MessageComposer onSend={(text, ids) => Promise.resolve(void sent.push([text, ids]))} attachments={uploader} />);
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, [file("scan.pdf"), file("notes.txt")]);
    const list = await screen.findByRole("list", { name: "Attachments" });
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(within(list).getByRole("alert").textContent).toBe("Unsupported file type");
    uploads[0].progress(0.5);
    expect(((await screen.findByLabelText("Uploading scan.pdf")) as HTMLProgressElement).value).toBe(50);
    expect((screen.getByRole("button", { name: "Send" }) as HTMLButtonElement).disabled).toBe(true);
    uploads[0].finish();
    await screen.findByText("Ready");
    await user.click(screen.getByRole("button", { name: "Remove notes.txt" }));
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(sent).toEqual([["", ["id-scan.pdf"]]]);
    expect(screen.queryByRole("list", { name: "Attachments" })).toBeNull();
  });

  it("cancels an upload under way, and keeps to the most files per message", async () => {
    const user = userEvent.setup();
    const { uploader, uploads } = manualUploader(1);
    const { container } = render(<MessageComposer onSend={() => Promise.resolve()} attachments={uploader} />);
    await user.upload(container.querySelector<HTMLInputElement>('input[type="file"]')!, [file("a.pdf"), file("b.pdf")]);
    expect((await screen.findByRole("alert")).textContent).toBe("At most 1 files per message.");
    await waitFor(() => expect(uploads).toHaveLength(1));
    await user.click(screen.getByRole("button", { name: "Cancel a.pdf" }));
    expect(uploads[0].aborted()).toBe(true);
    expect(screen.queryByText("a.pdf")).toBeNull();
  });
});

describe("MessageComposer macros", () => {
  const macros = [{ id: "m1", shortcut: ";bp", text: "Blood pressure 120/80." }, { id: "m2", shortcut: ";fu", text: "Follow up in 2 weeks." }];

  it("typing a shortcut offers the macro; Enter expands it instead of sending", async () => {
    const user = userEvent.setup();
    const sent: string[] = [];
    render(<MessageComposer onSend={(text) => Promise.resolve(void sent.push(text))} macros={macros} />);
    const box = screen.getByRole("textbox", { name: "Message" }) as HTMLTextAreaElement;
    await user.type(box, "Today ;b");
    expect(within(screen.getByRole("listbox")).getByText(";bp")).toBeTruthy();
    await user.keyboard("{Enter}");
    expect(box.value).toBe("Today Blood pressure 120/80.");
    expect(sent).toEqual([]);
    expect(screen.queryByRole("listbox")).toBeNull();
    await user.keyboard("{Enter}");
    expect(sent).toEqual(["Today Blood pressure 120/80."]);
  });

  it("Esc dismisses the offer and Enter sends the text as typed", async () => {
    const user = userEvent.setup();
    const sent: string[] = [];
    render(<MessageComposer onSend={(text) => Promise.resolve(void sent.push(text))} macros={macros} />);
    await user.type(screen.getByRole("textbox", { name: "Message" }), ";fu");
    await user.keyboard("{Escape}{Enter}");
    expect(sent).toEqual([";fu"]);
  });
});
