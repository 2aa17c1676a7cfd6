import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import { Awareness } from "y-protocols/awareness";
import * as Y from "yjs";
import { FieldEditor } from "./FieldEditor.tsx";

// ProseMirror asks where a click landed; jsdom does no layout.
beforeAll(() => {
  document.elementFromPoint ??= () => null;
});

const USER = { id: "u-1", name: "Dana Doctor", color: "#0b5fb3" };

/** Another editor of the same note: writes a paragraph into the field and sends the update over. */
function remoteWrite(doc: Y.Doc, field: string, text: string) {
  const other = new Y.Doc();
  Y.applyUpdate(other, Y.encodeStateAsUpdate(doc));
  const paragraph = new Y.XmlElement("paragraph");
  paragraph.insert(0, [new Y.XmlText(text)]);
  other.getXmlFragment(field).insert(0, [paragraph]);
  act(() => Y.applyUpdate(doc, Y.encodeStateAsUpdate(other, Y.encodeStateVector(doc)), "remote"));
}

const deltaOf = (doc: Y.Doc, field: string) =>
  doc.getXmlFragment(field).toArray().map((p) => ((p as Y.XmlElement).get(0) as Y.XmlText).toDelta());

function setUp(canWrite: boolean) {
  const doc = new Y.Doc();
  const awareness = new Awareness(doc);
  render(
    <>
      <FieldEditor doc={doc} awareness={awareness} fieldName="Subjective" user={USER} canWrite={canWrite} />
      <FieldEditor doc={doc} awareness={awareness} fieldName="Plan" user={USER} canWrite={canWrite} />
    </>,
  );
  return { doc, awareness };
}

describe("a field's editor", () => {
  it("is a multi-line text box named after its field, bound to the field's fragment of the note's document", async () => {
    const { doc } = setUp(true);
    const subjective = screen.getByRole("textbox", { name: "Subjective" });
    expect(subjective.getAttribute("aria-multiline")).toBe("true");
    expect(subjective.getAttribute("contenteditable")).toBe("true");
    remoteWrite(doc, "Subjective", "Cough for a week");
    await waitFor(() => expect(subjective.textContent).toBe("Cough for a week"));
    expect(screen.getByRole("textbox", { name: "Plan" }).textContent).toBe("");
  });

  it("puts the user on the note's awareness for the others' carets and list", () => {
    const { awareness } = setUp(true);
    expect(awareness.getLocalState()?.user).toEqual(USER);
  });

  it("formats the selection with the toolbar, which says what is on (aria-pressed), and writes it into the document", async () => {
    const user = userEvent.setup();
    const { doc } = setUp(true);
    remoteWrite(doc, "Subjective", "Chest pain");
    const subjective = screen.getByRole("textbox", { name: "Subjective" });
    await waitFor(() => expect(subjective.textContent).toBe("Chest pain"));
    const toolbar = screen.getByRole("toolbar", { name: "Formatting: Subjective" });
    const bold = within(toolbar).getByRole("button", { name: "Bold" });
    expect(bold.getAttribute("aria-pressed")).toBe("false");
    expect(bold.getAttribute("aria-keyshortcuts")).toBe("Control+B");

    await user.click(subjective);
    await user.keyboard("{Control>}a{/Control}");
    await user.click(bold);
    await waitFor(() => expect(bold.getAttribute("aria-pressed")).toBe("true"));
    expect(deltaOf(doc, "Subjective")).toEqual([[{ insert: "Chest pain", attributes: { bold: {} } }]]);
  });

  it("has one tab stop in the toolbar; the arrow keys, Home and End move between its buttons", async () => {
    const user = userEvent.setup();
    setUp(true);
    const toolbar = screen.getByRole("toolbar", { name: "Formatting: Plan" });
    const buttons = within(toolbar).getAllByRole("button");
    expect(buttons.map((b) => b.getAttribute("aria-label"))).toEqual(["Bold", "Italic", "Heading", "Bulleted list", "Numbered list"]);
    expect(buttons.map((b) => b.tabIndex)).toEqual([0, -1, -1, -1, -1]);
    buttons[0].focus();
    await user.keyboard("{ArrowRight}");
    expect(document.activeElement).toBe(buttons[1]);
    await user.keyboard("{End}");
    expect(document.activeElement).toBe(buttons[4]);
    await user.keyboard("{ArrowRight}");
    expect(document.activeElement).toBe(buttons[0]);
    await user.keyboard("{ArrowLeft}");
    expect(document.activeElement).toBe(buttons[4]);
    expect(buttons.map((b) => b.tabIndex)).toEqual([-1, -1, -1, -1, 0]);
  });

  it("for a reader: the text, not editable, no toolbar, no caret of theirs", async () => {
    const { doc, awareness } = setUp(false);
    remoteWrite(doc, "Plan", "ECG tomorrow");
    const plan = screen.getByRole("textbox", { name: "Plan" });
    await waitFor(() => expect(plan.textContent).toBe("ECG tomorrow"));
    expect(plan.getAttribute("contenteditable")).toBe("false");
    expect(plan.getAttribute("aria-readonly")).toBe("true");
    expect(screen.queryByRole("toolbar")).toBeNull();
    expect(awareness.getLocalState()?.user).toBeUndefined();
  });
});

