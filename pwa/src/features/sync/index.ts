/**
 * The on-device data layer (issue 3): screens use only what this file
 * exports. The hooks follow `SyncHooks` of ./contract.ts; the entry point
 * creates the engine once (`createSyncEngine`) and renders `SyncProvider`.
 */
export type { LiveList, Local, LocalDataState, SyncHooks, SyncStatus, UploadProgress } from "./contract.ts";
export type { NoteDocPersistence, NoteDocStore } from "./contract.ts";
export { SyncProvider } from "./components/SyncProvider.tsx";
export { SyncStatusIndicator } from "./components/SyncStatusIndicator.tsx";
export { UnlockDialog } from "./components/UnlockDialog.tsx";
export { useGuardedSignOut } from "./components/SignOutGuard.tsx";
export { openUnlockDialog } from "./components/unlock-events.ts";
export { createSyncEngine, type SyncEngine, type SyncEngineDeps } from "./lib/sync-engine.ts";
export { createTabChannel } from "./lib/tab-channel.ts";
export { usePasswordChanged, useSyncStatus, useUnlock } from "./hooks/use-sync-status.ts";
export { useChatMessages, useChats, useSendMessage } from "./hooks/use-chats.ts";
export { useDeleteNoteDraft, useNoteDrafts, useSaveNoteDraft } from "./hooks/use-note-drafts.ts";
export { type MedicalFileEdit, useAttachFile, useEditMedicalFile, useMedicalFiles } from "./hooks/use-medical-files.ts";
export { useFileUrl } from "./hooks/use-file-url.ts";
export { useConsultations } from "./hooks/use-consultations.ts";
export { useCreateEncounterNote, useDeleteEncounterNote, useEncounterNotes } from "./hooks/use-encounter-notes.ts";
export { useNoteDocStore } from "./hooks/use-note-doc-store.ts";
export { useWaitingNoteTexts } from "./hooks/use-waiting-note-texts.ts";
export { useCreateTask, useMacros, useNoteTypes, usePracticeMembers, useSetTaskStatus, useTasks } from "./hooks/use-team.ts";
export { useActorLabel } from "./hooks/use-actor-label.ts";
export { useOnDeviceChange } from "./hooks/use-on-device-change.ts";
export { usePanelPatient, usePanelPatients } from "./hooks/use-panel-patients.ts";
export { useCollectionPulled } from "./hooks/use-pulled.ts";
export { useChartEntries, useChartEntry, useRecordChartEntry } from "./hooks/use-chart-entries.ts";
/** The server when online, the device otherwise: REST reads with the device's copy to fall back on, and chart writes. */
export { useConnection } from "./hooks/use-connection.ts";
export { type DeviceCopy, useDeviceEntries } from "./hooks/use-device-entries.ts";
export { SAVED_ON_DEVICE, useRecordOnDevice } from "./hooks/use-record-on-device.ts";
export { type ServerOrDevice, type ServerOrDeviceOptions, useServerOrDevice } from "./hooks/use-server-or-device.ts";
/** The engine itself, for what drives it beyond the hooks (the acting doctor's switch waits for sends, then re-pulls). */
export { useSyncEngine } from "./hooks/sync-context.ts";
/** Server events of the live channel (not part of the data contract): see hooks/use-server-event.ts. */
export { failureMessage, readOnlyReason } from "./local-data.ts";
export { useServerEmit, useServerEvent } from "./hooks/use-server-event.ts";

import type { SyncHooks } from "./contract.ts";
import * as hooks from "./hooks/index.ts";
/** Compile-time check: every hook of the contract, with exactly its signature. */
export const SYNC_HOOKS: SyncHooks = hooks;
