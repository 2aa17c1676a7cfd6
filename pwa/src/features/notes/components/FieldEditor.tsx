import Collaboration from "@tiptap/extension-collaboration";
import CollaborationCaret from "@tiptap/extension-collaboration-caret";
import { EditorContent, useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useId, useRef, useState } from "react";
import type { Awareness } from "y-protocols/awareness";
import type * as Y from "yjs";
import type { EditorUser } from "../lib/presence.ts";
import { FormattingToolbar } from "./FormattingToolbar.tsx";
import { macroExpansion, type MacroOption, offerAt } from "../lib/macro-expansion.ts";

export type FieldEditorProps = {
  doc: Y.Doc;
  awareness: Awareness;
  /** The note type's field: also the name of its root `Y.XmlFragment` (collab/note-text.ts). */
  fieldName: string;
  user: EditorUser;
  canWrite: boolean;
  /** The practice's macros (placeholders filled): typing a shortcut offers it, Tab inserts it. */
  macros?: readonly MacroOption[];
};

/**
 * One field of a note: a Tiptap editor bound to the field's fragment of the
 * note's Yjs document, with the carets of the others who edit it. Readers get
 * the same document, not editable and without a toolbar.
 */
export function FieldEditor({ doc, awareness, fieldName, user, canWrite, macros = [] }: FieldEditorProps) {
  const id = useId();
  const macrosRef = useRef(macros);
  macrosRef.current = macros;
  const [offer, setOffer] = useState<MacroOption | null>(null);
  const labelId = `${id}-label`;
  const editorId = `${id}-editor`;
  const editor = useEditor({
    extensions: [
      // Collaboration brings its own history (Yjs undo, per user); the starter kit's would fight it.
      StarterKit.configure({ undoRedo: false, link: false }),
      Collaboration.configure({ document: doc, field: fieldName }),
      ...(canWrite ? [CollaborationCaret.configure({ provider: { awareness }, user })] : []),
      macroExpansion(() => macrosRef.current),
    ],
    onSelectionUpdate: ({ editor: e }) => setOffer(offerAt(e, macrosRef.current)?.macro ?? null),
    onUpdate: ({ editor: e }) => setOffer(offerAt(e, macrosRef.current)?.macro ?? null),
    editable: canWrite,
    editorProps: {
      attributes: {
        id: editorId,
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        "aria-readonly": canWrite ? "false" : "true",
        class: "note-field__text",
      },
    },
  }, [doc, awareness, fieldName, canWrite, user.id, user.name, user.color]);

  return (
    <div className="note-field">
      <div className="note-field__head">
        <span className="note-field__label" id={labelId}>{fieldName}</span>
        {canWrite && editor && <FormattingToolbar editor={editor} fieldName={fieldName} controls={editorId} />}
      </div>
      <EditorContent editor={editor} />
      <p className="muted note-field__macro" aria-live="polite">
        {canWrite && offer ? `Tab inserts ${offer.shortcut}: ${offer.text.slice(0, 80)}` : ""}
      </p>
    </div>
  );
}
