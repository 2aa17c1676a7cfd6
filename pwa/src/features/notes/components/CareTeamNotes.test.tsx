import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import type { EncounterNoteDoc } from "../../../../../sync/collections/index.ts";
import type { Note } from "../../../../../sync/schemas/note.ts";
import type { Local } from "../../sync/index.ts";
import { CareTeamNotes, type CareTeamNotesProps } from "./CareTeamNotes.tsx";
import type { NoteTypeOption, NoteTypesState } from "./NewNoteDialog.tsx";
import { type SharedNote, SharedNotes } from "./SharedNotes.tsx";

const ID = (n: number) => `7d3c8f4e-2f0a-4b7e-9a55-${String(n).padStart(12, "0")}`;
const SOAP: NoteTypeOption = { id: ID(90), name: "SOAP", fieldNames: ["Subjective", "Objective", "Assessment", "Plan"] };

const note = (patch: Partial<Local<EncounterNoteDoc>> = {}): Local<EncounterNoteDoc> => ({
  id: ID(1), encounterId: ID(2), patientId: ID(3), noteTypeId: SOAP.id, typeName: "SOAP", fieldNames: SOAP.fieldNames,
  isShared: false, authorId: ID(4), updatedBy: ID(4), createdAt: "2026-03-01T10:00:00.000Z", updatedAt: 5, _deleted: false,
  pending: false, ...patch,
});

const ready: NoteTypesState = { status: "ready", types: [SOAP], error: null };

/** The list over notes kept in React state, as the device's database keeps them. */
function Harness({ initial = [], onCreate, onSetShared, onDelete, ...rest }: Partial<CareTeamNotesProps> & { initial?: Local<EncounterNoteDoc>[] }) {
  const [notes, setNotes] = useState(initial);
  return (
    <CareTeamNotes
      role="doctor"
      loading={false}
      online
      readOnlyReason={null}
      noteTypes={ready}
      onLoadTypes={() => {}}
      renderDocument={(n) => <p>editors of {n.id}</p>}
      {...rest}
      notes={notes}
      onCreate={async (type) => {
        await onCreate?.(type);
        setNotes((list) => [...list, note({ id: ID(list.length + 10), typeName: type.name, updatedAt: 0, pending: true })]);
      }}
      onSetShared={async (id, shared) => {
        await onSetShared?.(id, shared);
        setNotes((list) => list.map((n) => (n.id === id ? { ...n, isShared: shared } : n)));
      }}
      onDelete={async (id) => {
        await onDelete?.(id);
        setNotes((list) => list.filter((n) => n.id !== id));
      }}
    />
  );
}

describe("the care team's notes", () => {
  it("creates a note of a chosen type; it shows as waiting until the server has it", async () => {
    const user = userEvent.setup();
    const onCreate = vi.fn(() => Promise.resolve());
    render(<Harness onCreate={onCreate} />);
    expect(screen.getByText("No notes yet")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "New note" }));
    const dialog = screen.getByRole("dialog", { name: "New note" });
    await user.click(within(dialog).getByRole("button", { name: "Create note" }));
    expect(within(dialog).getByText("Choose a note type")).toBeTruthy();
    expect(onCreate).not.toHaveBeenCalled();
    await user.selectOptions(within(dialog).getByRole("combobox", { name: "Note type" }), "SOAP");
    expect(within(dialog).getByText("Subjective, Objective, Assessment, Plan")).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Create note" }));
    expect(onCreate).toHaveBeenCalledWith(SOAP);
    expect(screen.queryByRole("dialog")).toBeNull();
    const article = screen.getByRole("article", { name: "SOAP" });
    expect(within(article).getByText("Sending…")).toBeTruthy();
    expect(within(article).getByText(`editors of ${ID(10)}`)).toBeTruthy();
    // Not on the server yet: it cannot be shared.
    expect(within(article).getByRole("button", { name: "Share" }).hasAttribute("disabled")).toBe(true);
    expect(within(article).getByText("The note is still being saved to the server.")).toBeTruthy();
  });

  it("says a connection is needed to pick a type when the types could not be loaded offline", async () => {
    const user = userEvent.setup();
    const onLoadTypes = vi.fn();
    render(<Harness online={false} noteTypes={{ status: "failed", types: [], error: "No connection" }} onLoadTypes={onLoadTypes} />);
    await user.click(screen.getByRole("button", { name: "New note" }));
    expect(onLoadTypes).toHaveBeenCalledTimes(1);
    const dialog = screen.getByRole("dialog", { name: "New note" });
    expect(within(dialog).getByRole("alert").textContent).toBe("A connection is needed to pick a note type. Try again when you are back online.");
    expect(within(dialog).queryByRole("combobox")).toBeNull();
  });

  it("says when the practice has no note types (asking again), and points the doctor to Settings", async () => {
    const user = userEvent.setup();
    const onLoadTypes = vi.fn();
    const none: NoteTypesState = { status: "ready", types: [], error: null };
    const { unmount } = render(<MemoryRouter><Harness noteTypes={none} onLoadTypes={onLoadTypes} /></MemoryRouter>);
    await user.click(screen.getByRole("button", { name: "New note" }));
    // The doctor may have added one since the page loaded them.
    expect(onLoadTypes).toHaveBeenCalledTimes(1);
    const dialog = screen.getByRole("dialog", { name: "New note" });
    expect(within(dialog).getByText(/no note types yet/)).toBeTruthy();
    expect(within(dialog).getByRole("link", { name: "Set up note types in Settings" }).getAttribute("href")).toBe("/settings#note-types");
    unmount();

    render(<MemoryRouter><Harness role="vma" noteTypes={none} /></MemoryRouter>);
    await user.click(screen.getByRole("button", { name: "New note" }));
    expect(screen.getByText(/The doctor sets them up/)).toBeTruthy();
    expect(screen.queryByRole("link")).toBeNull();
  });

  it("shares only after the doctor confirms the patient will see it; unshares at once", async () => {
    const user = userEvent.setup();
    const onSetShared = vi.fn(() => Promise.resolve());
    render(<Harness initial={[note()]} onSetShared={onSetShared} />);
    const article = screen.getByRole("article", { name: "SOAP" });
    await user.click(within(article).getByRole("button", { name: "Share" }));
    const confirm = screen.getByRole("dialog", { name: "Share this note with the patient?" });
    expect(confirm.textContent).toContain("The patient will see this SOAP note");
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
    expect(onSetShared).not.toHaveBeenCalled();

    await user.click(within(article).getByRole("button", { name: "Share" }));
    await user.click(screen.getByRole("button", { name: "Share with the patient" }));
    expect(onSetShared).toHaveBeenCalledWith(ID(1), true);
    expect(within(article).getByText("Shared with the patient")).toBeTruthy();
    await user.click(within(article).getByRole("button", { name: "Unshare" }));
    expect(onSetShared).toHaveBeenLastCalledWith(ID(1), false);
    expect(within(article).queryByText("Shared with the patient")).toBeNull();
  });

  it("keeps a refused share in the dialog, and sharing needs a connection", async () => {
    const user = userEvent.setup();
    render(<Harness initial={[note()]} onSetShared={() => Promise.reject(new Error("No such note"))} />);
    await user.click(screen.getByRole("button", { name: "Share" }));
    await user.click(screen.getByRole("button", { name: "Share with the patient" }));
    expect(within(screen.getByRole("dialog")).getByRole("alert").textContent).toBe("No such note");
  });

  it("offline, share is off with the reason; delete still works after a confirmation", async () => {
    const user = userEvent.setup();
    const onDelete = vi.fn(() => Promise.resolve());
    render(<Harness initial={[note()]} online={false} onDelete={onDelete} />);
    expect(screen.getByRole("button", { name: "Share" }).hasAttribute("disabled")).toBe(true);
    expect(screen.getByText("Sharing needs a connection.")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Delete" }));
    const confirm = screen.getByRole("dialog", { name: "Delete this note?" });
    await user.click(within(confirm).getByRole("button", { name: "Delete note" }));
    expect(onDelete).toHaveBeenCalledWith(ID(1));
    expect(screen.queryByRole("article")).toBeNull();
  });

  it("gives a VMA no share or delete, and says a shared note is the doctor's", () => {
    render(<Harness role="vma" initial={[note({ isShared: true }), note({ id: ID(7), typeName: "Intake" })]} />);
    expect(screen.queryByRole("button", { name: /Share|Unshare|Delete/ })).toBeNull();
    expect(within(screen.getByRole("article", { name: "SOAP" })).getByText(/only the doctor changes it now/)).toBeTruthy();
    expect(within(screen.getByRole("article", { name: "Intake" })).queryByText(/only the doctor/)).toBeNull();
  });

  it("turns New note off with the reason when the device's data is locked", () => {
    render(<Harness readOnlyReason="Your data on this device is locked." />);
    expect(screen.getByRole("button", { name: "New note" }).hasAttribute("disabled")).toBe(true);
    expect(screen.getByRole("status").textContent).toBe("Your data on this device is locked.");
  });
});

describe("the patient's shared notes", () => {
  const shared: Note = {
    id: ID(1), encounterId: ID(2), patientId: ID(3), noteTypeId: SOAP.id, noteTypeName: "SOAP", fieldNames: SOAP.fieldNames,
    fields: { Subjective: "Cough" }, files: [], isShared: true, authorId: ID(4), updatedBy: ID(4),
    createdAt: "2026-03-01T10:00:00.000Z", updatedAt: "2026-03-01T10:00:00.000Z",
  };
  const base = { loading: false, error: null, canRetry: true, onRetry: () => {}, renderDocument: (n: SharedNote) => <p>read-only {n.id}</p> };

  it("lists each shared note with its read-only editors", () => {
    render(<SharedNotes {...base} notes={[shared]} />);
    expect(within(screen.getByRole("article", { name: "SOAP" })).getByText(`read-only ${ID(1)}`)).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("says none were shared; an error offers to try again only when that can help", async () => {
    const { unmount } = render(<SharedNotes {...base} notes={[]} />);
    expect(screen.getByText("No notes shared")).toBeTruthy();
    unmount();
    const onRetry = vi.fn();
    const view = render(<SharedNotes {...base} notes={undefined} error="Notes need a connection." canRetry={false} onRetry={onRetry} />);
    expect(screen.getByRole("alert").textContent).toBe("Notes need a connection.");
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
    view.rerender(<SharedNotes {...base} notes={undefined} error="Server error" onRetry={onRetry} />);
    await userEvent.setup().click(screen.getByRole("button", { name: "Try again" }));
    expect(onRetry).toHaveBeenCalled();
  });
});
