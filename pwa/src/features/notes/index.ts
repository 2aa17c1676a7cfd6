/**
 * Encounter notes (issue 7): the encounter page's notes section, with the
 * collaborative editors (Tiptap + Yjs) loaded on demand.
 */
import "./notes.css";

export { EncounterNotesSection, type EncounterNotesSectionProps } from "./components/EncounterNotesSection.tsx";
