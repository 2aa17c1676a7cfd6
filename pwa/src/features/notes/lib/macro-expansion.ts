/**
 * Macro expansion in a note field (issue 17): a Tiptap extension that, when
 * the text before the caret ends in a practice macro's shortcut (`;bp`),
 * replaces it with the macro's text on Tab. `offerAt` tells the field which
 * macro is on offer, so it can say so ("Tab inserts …"). Macros come from the
 * device (works offline) through `getMacros`, read at each key press.
 *
 * The text goes in as text nodes through one ProseMirror transaction, never as
 * an HTML string: Tiptap's string content is parsed with
 * `DOMParser.parseFromString`, a Trusted Types sink the page's policy refuses
 * (edge/docs/security.md), and a macro is plain text anyway (`<`, `&` as typed).
 */
import { type Editor, Extension } from "@tiptap/core";
import { Fragment, Mark, Slice } from "@tiptap/pm/model";
import { TextSelection, type Transaction } from "@tiptap/pm/state";
import { shortcutAt } from "../../../../../sync/rules/macro-text.ts";

export type MacroOption = { shortcut: string; text: string };

/** The macro whose shortcut is typed right before the caret, with where it starts, or null. */
export function offerAt(editor: Editor, macros: readonly MacroOption[]): { macro: MacroOption; from: number; to: number } | null {
  const { $from, empty } = editor.state.selection;
  if (!empty || macros.length === 0) return null;
  const before = $from.parent.textBetween(0, $from.parentOffset, undefined, "\ufffc");
  const at = shortcutAt(before, before.length);
  if (!at) return null;
  const macro = macros.find((m) => m.shortcut.toLowerCase() === at.shortcut.toLowerCase());
  return macro ? { macro, from: $from.pos - at.shortcut.length, to: $from.pos } : null;
}

/**
 * Replaces `from`–`to` with `text` as plain text, with the marks of what it
 * replaces, and puts the caret after it. Its first line joins the text before;
 * each further line is a paragraph of its own (as the server reads a note back
 * into lines), except in a code block, which keeps its line breaks.
 */
export function replaceWithText(tr: Transaction, { from, to, text }: { from: number; to: number; text: string }): Transaction {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const $from = tr.doc.resolve(from);
  const paragraph = tr.doc.type.schema.nodes.paragraph;
  if (lines.length === 1 || $from.parent.type.spec.code || !paragraph) {
    tr.insertText(lines.join("\n"), from, to);
  } else {
    const schema = tr.doc.type.schema;
    const marks = $from.marksAcross(tr.doc.resolve(to)) ?? Mark.none;
    const blocks = lines.map((line) => paragraph.create(null, line ? schema.text(line, marks) : null));
    // Open at both ends: the first line continues the block before the caret, the last one takes what follows it.
    tr.replaceRange(from, to, new Slice(Fragment.from(blocks), 1, 1));
  }
  return tr.setSelection(TextSelection.create(tr.doc, tr.mapping.map(to))).scrollIntoView();
}

export function macroExpansion(getMacros: () => readonly MacroOption[]) {
  return Extension.create({
    name: "macroExpansion",
    addKeyboardShortcuts() {
      return {
        Tab: ({ editor }) => {
          const offer = offerAt(editor, getMacros());
          if (!offer) return false;
          return editor.commands.command(({ tr, dispatch }) => {
            if (dispatch) replaceWithText(tr, { from: offer.from, to: offer.to, text: offer.macro.text });
            return true;
          });
        },
      };
    },
  });
}
