import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { CONFLICT_END, CONFLICT_START, type NoteDraftDoc } from "../../../../../sync/collections/index.ts";
import type { Local } from "../../sync/index.ts";
import type { SaveDraftInput } from "./NoteDraftEditor.tsx";
import { NoteDraftsPanel } from "./NoteDraftsPanel.tsx";

const PATIENT = "3f2b9c1e-0000-4000-8000-000000000001";
const AUTHOR = "3f2b9c1e-0000-4000-8000-000000000002";

const draft = (patch: Partial<Local<NoteDraftDoc>>): Local<NoteDraftDoc> => ({
  id: "7d3c8f4e-2f0a-4b7e-9a55-000000000001", patientId: PATIENT, encounterId: null, noteTypeId: null, title: "Visit",
  fields: { text: "Blood pressure fine" }, authorId: AUTHOR, updatedBy: AUTHOR, updatedAt: 3, _deleted: false,
  pending: false, ...patch,
});

/** The panel over drafts kept in React state, as the device's database would keep them. */
function Harness(
  { initial = [], failSave = false, log }: { initial?: Local<NoteDraftDoc>[]; failSave?: boolean; log: SaveDraftInput[] },
) {
  const [drafts, setDrafts] = useState(initial);
  const save = (input: SaveDraftInput) => {
    log.push(input);
    if (failSave) return Promise.reject(new Error("The device is out of space"));
    const id = input.id ?? `7d3c8f4e-2f0a-4b7e-9a55-${String(log.length).padStart(12, "0")}`;
    setDrafts((list) => {
      const rest = list.filter((d) => d.id !== id);
      const base = list.find((d) => d.id === id) ?? draft({ id, updatedAt: 0 });
      return [{ ...base, title: input.title, fields: input.fields, pending: true }, ...rest];
    });
    return Promise.resolve(id);
  };
  const remove = (id: string) => {
    setDrafts((list) => list.map((d) => (d.id === id ? { ...d, _deleted: true, pending: true } : d)));
    return Promise.resolve();
  };
  return (
    <>
      <button type="button" onClick={() => setDrafts((list) => list.map((d) => ({ ...d, pending: false, updatedAt: d.updatedAt + 1 })))}>
        server acknowledges
      </button>
      <button
        type="button"
        onClick={() => setDrafts((list) => list.map((d) => ({ ...d, title: "Renamed elsewhere", updatedAt: d.updatedAt + 1 })))}
      >
        remote rename
      </button>
      <NoteDraftsPanel patientId={PATIENT} drafts={drafts} loading={false} onSave={save} onDelete={remove} saveDelayMs={20} />
    </>
  );
}

describe("NoteDraftsPanel", () => {
  it("creates a draft once on the first change, then saves every change to it, shown as saved on this device, then synced", async () => {
    const user = userEvent.setup();
    const log: SaveDraftInput[] = [];
    render(<Harness log={log} />);
    expect(screen.getByText("No drafts yet")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "New draft" }));
    const editor = screen.getByRole("region", { name: "New draft" });
    await user.type(within(editor).getByRole("textbox", { name: "Title" }), "Follow-up");
    await waitFor(() => expect(screen.getByRole("region", { name: "Edit draft" })).toBeTruthy());
    await user.type(screen.getByRole("textbox", { name: "Note" }), "Stable.");
    await waitFor(() => expect(log.at(-1)?.fields).toEqual({ text: "Stable." }));
    expect(log.filter((input) => !input.id)).toHaveLength(1);
    expect(log.slice(1).map((input) => input.id)).toEqual(log.slice(1).map(() => "7d3c8f4e-2f0a-4b7e-9a55-000000000001"));
    expect(log.at(-1)).toMatchObject({ patientId: PATIENT, title: "Follow-up" });
    expect(screen.getByRole("textbox", { name: "Note" }).getAttribute("name")).toBe("text");
    await waitFor(() => expect(screen.getAllByText("Saved on this device").length).toBeGreaterThan(0));

    await user.click(screen.getByRole("button", { name: "server acknowledges" }));
    expect(within(screen.getByRole("region", { name: "Edit draft" })).getByRole("status").textContent).toContain("Synced");
    expect(screen.getByRole("button", { name: /Follow-up.*Stable\..*Synced/ })).toBeTruthy();
  });

  it("saves at once what was typed when the editor is closed", async () => {
    const user = userEvent.setup();
    const log: SaveDraftInput[] = [];
    render(<Harness log={log} initial={[draft({})]} />);
    await user.click(screen.getByRole("button", { name: /Visit/ }));
    const note = screen.getByRole("textbox", { name: "Note" });
    await user.clear(note);
    await user.type(note, "Call on Monday");
    await user.click(screen.getByRole("button", { name: "Done" }));
    await waitFor(() => expect(log.at(-1)).toMatchObject({ id: draft({}).id, fields: { text: "Call on Monday" } }));
    expect(screen.queryByRole("region", { name: "Edit draft" })).toBeNull();
  });

  it("shows a change made elsewhere while nothing typed here is unsaved", async () => {
    const user = userEvent.setup();
    render(<Harness log={[]} initial={[draft({})]} />);
    await user.click(screen.getByRole("button", { name: /Visit/ }));
    await user.click(screen.getByRole("button", { name: "remote rename" }));
    expect((screen.getByRole("textbox", { name: "Title" }) as HTMLInputElement).value).toBe("Renamed elsewhere");
  });

  it("deletes a draft after a confirmation", async () => {
    const user = userEvent.setup();
    render(<Harness log={[]} initial={[draft({})]} />);
    await user.click(screen.getByRole("button", { name: /Visit/ }));
    await user.click(screen.getByRole("button", { name: "Delete draft" }));
    const dialog = screen.getByRole("dialog", { name: "Delete this draft?" });
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.getByText("No drafts yet")).toBeTruthy());
  });

  it("says when a draft could not be saved", async () => {
    const user = userEvent.setup();
    render(<Harness log={[]} failSave />);
    await user.click(screen.getByRole("button", { name: "New draft" }));
    await user.type(screen.getByRole("textbox", { name: "Title" }), "X");
    await waitFor(() => expect(screen.getByRole("alert").textContent).toContain("The device is out of space"));
    await act(() => Promise.resolve());
  });

  it("cannot write while the local data is read-only", () => {
    render(
      <NoteDraftsPanel
        patientId={PATIENT}
        drafts={[]}
        loading={false}
        onSave={() => Promise.reject(new Error("no"))}
        onDelete={() => Promise.resolve()}
        readOnlyReason="Your data on this device is locked."
      />,
    );
    expect((screen.getByRole("button", { name: "New draft" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText("Your data on this device is locked.")).toBeTruthy();
  });

  it("says when a draft holds two versions of its text (changed on two devices at once) until the marks are gone", async () => {
    const both = `Theirs\n\n${CONFLICT_START}\nMine\n${CONFLICT_END}`;
    render(<Harness initial={[draft({ fields: { text: both } })]} log={[]} />);
    expect(screen.getByText("Two versions to resolve")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: /Visit/ }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Two versions of this text are kept");
    const note = screen.getByRole("textbox", { name: /Note/ });
    await userEvent.clear(note);
    await userEvent.type(note, "Resolved");
    await waitFor(() => expect(screen.queryByText(/Two versions of this text are kept/)).toBeNull());
  });
});
