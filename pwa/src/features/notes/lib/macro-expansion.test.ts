import { Editor } from "@tiptap/core";
import StarterKit from "@tiptap/starter-kit";
import { afterEach, describe, expect, it } from "vitest";
import { macroExpansion, offerAt } from "./macro-expansion.ts";

const MACROS = [{ shortcut: ";fu", text: "Follow up in 2 weeks." }];
let editor: Editor | null = null;
afterEach(() => editor?.destroy());

function editorWith(text: string) {
  editor = new Editor({ extensions: [StarterKit, macroExpansion(() => MACROS)], content: `<p>${text}</p>` });
  editor.commands.setTextSelection(editor.state.doc.content.size - 1);
  return editor;
}

describe("macro expansion in a note field", () => {
  it("offers the macro whose shortcut is before the caret; Tab replaces the shortcut with its text", () => {
    const e = editorWith("See ;fu");
    expect(offerAt(e, MACROS)?.macro.shortcut).toBe(";fu");
    expect(e.commands.keyboardShortcut("Tab")).toBe(true);
    expect(e.getText()).toBe("See Follow up in 2 weeks.");
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
