/** Every hook of the contract, gathered for the compile-time check in ../index.ts. */
export { useSyncStatus, useUnlock } from "./use-sync-status.ts";
export { useChatMessages, useChats, useSendMessage } from "./use-chats.ts";
export { useDeleteNoteDraft, useNoteDrafts, useSaveNoteDraft } from "./use-note-drafts.ts";
export { useAttachFile, useMedicalFiles } from "./use-medical-files.ts";
export { useFileUrl } from "./use-file-url.ts";
export { useConsultations } from "./use-consultations.ts";
export { useCreateEncounterNote, useDeleteEncounterNote, useEncounterNotes } from "./use-encounter-notes.ts";
export { useNoteDocStore } from "./use-note-doc-store.ts";
export { useCreateTask, useMacros, useNoteTypes, usePracticeMembers, useSetTaskStatus, useTasks } from "./use-team.ts";
export { useActorLabel } from "./use-actor-label.ts";
export { usePanelPatient, usePanelPatients } from "./use-panel-patients.ts";
export { useChartEntries, useChartEntry, useRecordChartEntry } from "./use-chart-entries.ts";
