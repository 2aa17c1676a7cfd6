import { type Editor, useEditorState } from "@tiptap/react";
import { type KeyboardEvent, useRef, useState } from "react";

type Action = {
  key: string;
  label: string;
  /** What the button shows (the label is its accessible name). */
  glyph: string;
  shortcut: string;
  isActive(editor: Editor): boolean;
  run(editor: Editor): void;
};

/** Starter-kit formatting only: bold, italic, a heading, lists. The shortcuts are Tiptap's own. */
const ACTIONS: readonly Action[] = [
  { key: "bold", label: "Bold", glyph: "B", shortcut: "Control+B", isActive: (e) => e.isActive("bold"), run: (e) => e.chain().focus().toggleBold().run() },
  { key: "italic", label: "Italic", glyph: "I", shortcut: "Control+I", isActive: (e) => e.isActive("italic"), run: (e) => e.chain().focus().toggleItalic().run() },
  {
    key: "heading",
    label: "Heading",
    glyph: "H",
    shortcut: "Control+Alt+3",
    isActive: (e) => e.isActive("heading", { level: 3 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
  },
  {
    key: "bullets",
    label: "Bulleted list",
    glyph: "•",
    shortcut: "Control+Shift+8",
    isActive: (e) => e.isActive("bulletList"),
    run: (e) => e.chain().focus().toggleBulletList().run(),
  },
  {
    key: "numbers",
    label: "Numbered list",
    glyph: "1.",
    shortcut: "Control+Shift+7",
    isActive: (e) => e.isActive("orderedList"),
    run: (e) => e.chain().focus().toggleOrderedList().run(),
  },
];

/**
 * The formatting toolbar of one field (WAI-ARIA toolbar: one tab stop, arrows,
 * Home and End move between buttons); each button says whether its format is
 * on (`aria-pressed`) and names its shortcut (`aria-keyshortcuts`).
 */
export function FormattingToolbar({ editor, fieldName, controls }: { editor: Editor; fieldName: string; controls: string }) {
  const pressed = useEditorState({
    editor,
    selector: ({ editor: current }) => ACTIONS.map((action) => (current ? action.isActive(current) : false)),
    equalityFn: (a, b) => b !== null && a.length === b.length && a.every((value, i) => value === b[i]),
  }) ?? [];
  const [focusIndex, setFocusIndex] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = ACTIONS.length - 1;
    const next = event.key === "ArrowRight" ? (focusIndex === last ? 0 : focusIndex + 1)
      : event.key === "ArrowLeft" ? (focusIndex === 0 ? last : focusIndex - 1)
      : event.key === "Home" ? 0
      : event.key === "End" ? last
      : null;
    if (next === null) return;
    event.preventDefault();
    setFocusIndex(next);
    buttons.current[next]?.focus();
  };

  return (
    <div className="note-toolbar" role="toolbar" aria-label={`Formatting: ${fieldName}`} aria-controls={controls} onKeyDown={move}>
      {ACTIONS.map((action, index) => (
        <button
          key={action.key}
          ref={(element) => {
            buttons.current[index] = element;
          }}
          type="button"
          className={`note-toolbar__button note-toolbar__button--${action.key}`}
          aria-label={action.label}
          title={`${action.label} (${action.shortcut.replace("Control", "Ctrl")})`}
          aria-pressed={pressed[index] ?? false}
          aria-keyshortcuts={action.shortcut}
          tabIndex={index === focusIndex ? 0 : -1}
          onFocus={() => setFocusIndex(index)}
          // Keep the editor's selection: the button acts on it.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => action.run(editor)}
        >
          <span aria-hidden="true">{action.glyph}</span>
        </button>
      ))}
    </div>
  );
}
