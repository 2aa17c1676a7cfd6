/**
 * Macro expansion in a note field (issue 17): a Tiptap extension that, when
 * the text before the caret ends in a practice macro's shortcut (`;bp`),
 * replaces it with the macro's text on Tab. `offerAt` tells the field which
 * macro is on offer, so it can say so ("Tab inserts …"). Macros come from the
 * device (works offline) through `getMacros`, read at each key press.
 */
import { type Editor, Extension } from "@tiptap/core";
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

export function macroExpansion(getMacros: () => readonly MacroOption[]) {
  return Extension.create({
    name: "macroExpansion",
    addKeyboardShortcuts() {
      return {
        Tab: ({ editor }) => {
          const offer = offerAt(editor, getMacros());
          if (!offer) return false;
          return editor.chain().insertContentAt({ from: offer.from, to: offer.to }, offer.macro.text).run();
        },
      };
    },
  });
}
