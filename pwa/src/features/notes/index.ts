/**
 * Encounter notes (issue 7): the encounter page's notes section, with the
 * collaborative editors (Tiptap + Yjs) loaded on demand, and the settings
 * section where the doctor keeps the practice's note types.
 */
import "./tiptap-base.css";
import "./notes.css";

export { EncounterNotesSection, type EncounterNotesSectionProps } from "./components/EncounterNotesSection.tsx";
export { NoteTypesSettings } from "./components/NoteTypesSettings.tsx";
