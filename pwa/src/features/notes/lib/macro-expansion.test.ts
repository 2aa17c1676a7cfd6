import { Editor } from "@tiptap/core";
import StarterKit from "@tiptap/starter-kit";
import { afterEach, describe, expect, it, vi } from "vitest";
import { macroExpansion, type MacroOption, offerAt } from "./macro-expansion.ts";

const MACROS: MacroOption[] = [
  { shortcut: ";fu", text: "Follow up in 2 weeks." },
  { shortcut: ";nsaid", text: "Avoid <NSAIDs> & alcohol." },
  { shortcut: ";plan", text: "Rest.\n\nRecheck BP." },
];
let editor: Editor | null = null;
afterEach(() => {
  editor?.destroy();
  vi.restoreAllMocks();
});

function editorWith(text: string) {
  editor = new Editor({ extensions: [StarterKit, macroExpansion(() => MACROS)], content: `<p>${text}</p>` });
  editor.commands.setTextSelection(editor.state.doc.content.size - 1);
  return editor;
}

const paragraphs = (e: Editor) => e.state.doc.children.map((block) => block.textContent);
/** The text of the caret's block up to the caret. */
const beforeCaret = (e: Editor) => {
  const { $from } = e.state.selection;
  return $from.parent.textBetween(0, $from.parentOffset);
};

describe("macro expansion in a note field", () => {
  it("offers the macro whose shortcut is before the caret; Tab replaces the shortcut with its text", () => {
    const e = editorWith("See ;fu");
    expect(offerAt(e, MACROS)?.macro.shortcut).toBe(";fu");
    expect(e.commands.keyboardShortcut("Tab")).toBe(true);
    expect(e.getText()).toBe("See Follow up in 2 weeks.");
    expect(beforeCaret(e)).toBe("See Follow up in 2 weeks.");
  });

  it("inserts text nodes, never an HTML string (a Trusted Types sink under the page's policy)", () => {
    const e = editorWith("See ;nsaid then");
    e.commands.setTextSelection(1 + "See ;nsaid".length);
    const parse = vi.spyOn(DOMParser.prototype, "parseFromString");
    expect(e.commands.keyboardShortcut("Tab")).toBe(true);
    expect(parse).not.toHaveBeenCalled();
    expect(paragraphs(e)).toEqual(["See Avoid <NSAIDs> & alcohol. then"]);
    expect(beforeCaret(e)).toBe("See Avoid <NSAIDs> & alcohol.");
  });

  it("puts each further line of the macro in a paragraph of its own, the caret after the last", () => {
    const e = editorWith("Plan: ;plan");
    expect(e.commands.keyboardShortcut("Tab")).toBe(true);
    expect(paragraphs(e)).toEqual(["Plan: Rest.", "", "Recheck BP."]);
    expect(beforeCaret(e)).toBe("Recheck BP.");
  });

  it("keeps the formatting of the shortcut it replaces", () => {
    editor = new Editor({ extensions: [StarterKit, macroExpansion(() => MACROS)], content: "<p><strong>;plan</strong></p>" });
    editor.commands.setTextSelection(editor.state.doc.content.size - 1);
    expect(editor.commands.keyboardShortcut("Tab")).toBe(true);
    expect(editor.getJSON().content?.map((p) => p.content?.[0]?.marks?.map((m) => m.type))).toEqual([["bold"], undefined, ["bold"]]);
  });

  it("offers nothing for an unknown shortcut or a semicolon inside a word; Tab is left alone", () => {
    expect(offerAt(editorWith("See ;xx"), MACROS)).toBeNull();
    editor!.destroy();
    const e = editorWith("a;fu");
    expect(offerAt(e, MACROS)).toBeNull();
    e.commands.keyboardShortcut("Tab");
    expect(e.getText()).toBe("a;fu");
  });
});
