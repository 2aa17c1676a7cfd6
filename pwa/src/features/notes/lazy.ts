/**
 * What the app shell loads on demand from this feature (routes.tsx): a dynamic entry of its own, importing the
 * files themselves, so that another feature's static import of index.ts shares no chunk with these
 * (issue 19: the home page's import of one notice from the account barrel fetched every settings page).
 */
import "./tiptap-base.css";
import "./notes.css";

export { EncounterNotesSection } from "./components/EncounterNotesSection.tsx";
