/**
 * The encounter page's notes (issue 7): the care team's list from the device
 * (synced `encounter_notes`) with live editors, or the patient's shared notes
 * from the chart API, read-only. The editors are a lazily loaded chunk
 * (Tiptap, ProseMirror, Yjs), precached by the service worker.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { EncounterNoteDoc } from "../../../../../sync/collections/index.ts";
import { ApiError, errorMessage } from "../../../lib/api/index.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { Spinner } from "../../../ui/index.ts";
import { useCurrentUser } from "../../auth/index.ts";
import { type Local, readOnlyReason, useCreateEncounterNote, useDeleteEncounterNote, useEncounterNotes, useNoteDocStore, useNoteTypes as useDeviceNoteTypes, useSyncStatus } from "../../sync/index.ts";
import { canWriteNote } from "../lib/note-access.ts";
import { editorUser, type EditorUser } from "../lib/presence.ts";
import { CareTeamNotes } from "./CareTeamNotes.tsx";
import type { NoteTypeOption, NoteTypesState } from "./NewNoteDialog.tsx";
import { PatientNotes } from "./PatientNotes.tsx";

const NoteDocument = lazy(() => import("./NoteDocument.tsx"));

export type EncounterNotesSectionProps = { patientId: string; encounterId: string; role: "doctor" | "vma" | "patient" };

export function EncounterNotesSection({ patientId, encounterId, role }: EncounterNotesSectionProps) {
  const user = useCurrentUser();
  const me = useMemo(() => editorUser(user), [user]);
  return role === "patient"
    ? <PatientNoteList encounterId={encounterId} me={me} />
    : <TeamNotes patientId={patientId} encounterId={encounterId} role={role} me={me} />;
}

const editorFallback = <Spinner size={24} label="Loading the editor" />;

function TeamNotes({ patientId, encounterId, role, me }: { patientId: string; encounterId: string; role: "doctor" | "vma"; me: EditorUser }) {
  const api = useApi();
  const status = useSyncStatus();
  const { items, loading } = useEncounterNotes(encounterId);
  const create = useCreateEncounterNote();
  const remove = useDeleteEncounterNote();
  const store = useNoteDocStore();
  const noteTypes = useNoteTypes();
  const [sharedNow, setSharedNow] = useState<Record<string, boolean>>({});
  const blocked = readOnlyReason(status);

  // The share API answers before the change reaches the device: show the answer until it does.
  const notes = items.map((n) => (n.id in sharedNow ? { ...n, isShared: sharedNow[n.id] } : n));
  useEffect(() => {
    const settled = items.filter((n) => n.id in sharedNow && sharedNow[n.id] === n.isShared);
    if (settled.length) {
      setSharedNow((current) => Object.fromEntries(Object.entries(current).filter(([id]) => !settled.some((n) => n.id === id))));
    }
  }, [items, sharedNow]);

  // A note gone from the device (deleted here or elsewhere, or out of reach) takes its text with it.
  const listed = useRef(new Set<string>());
  useEffect(() => {
    if (loading) return;
    const now = new Set(items.map((n) => n.id));
    for (const id of listed.current) {
      if (!now.has(id)) void store?.remove(id).catch((error) => console.warn("A deleted note's text stayed on this device", error));
    }
    listed.current = now;
  }, [items, loading, store]);

  const setShared = async (id: string, shared: boolean) => {
    const note = await api.PUT(shared ? "/encounterNotes/share/{id}" : "/encounterNotes/unshare/{id}", { path: { id } });
    setSharedNow((current) => ({ ...current, [id]: note.isShared }));
  };
  const deleteNote = (id: string) => remove(id);

  return (
    <CareTeamNotes
      role={role}
      notes={notes}
      loading={loading}
      online={status.online}
      readOnlyReason={blocked}
      noteTypes={noteTypes.state}
      onLoadTypes={noteTypes.load}
      onCreate={async (type: NoteTypeOption) =>
        void (await create({ encounterId, patientId, noteTypeId: type.id, typeName: type.name, fieldNames: type.fieldNames }))}
      onSetShared={setShared}
      onDelete={deleteNote}
      renderDocument={(note: Local<EncounterNoteDoc>) => (
        <Suspense fallback={editorFallback}>
          <NoteDocument
            noteId={note.id}
            fieldNames={note.fieldNames}
            canWrite={canWriteNote(role, note) && !blocked}
            persist
            // The server numbered it: it exists there (a note made offline is pushed by the sync engine first).
            onServer={note.updatedAt > 0}
            user={me}
          />
        </Suspense>
      )}
    />
  );
}

/**
 * The practice's note types (`GET /noteTypes/list`), loaded once while online and kept for the page's life; when
 * the server cannot answer, the device's copy (issue 31: `note_types`, synced) stands in, so a note starts offline.
 */
function useNoteTypes(): { state: NoteTypesState; load(): void } {
  const api = useApi();
  const device = useDeviceNoteTypes();
  const [state, setState] = useState<NoteTypesState & { unreachable?: boolean }>({ status: "loading", types: [], error: null });
  const load = useCallback(() => {
    setState((current) => ({ ...current, status: "loading", error: null }));
    api.GET("/noteTypes/list").then(
      (types) => setState({ status: "ready", types: types.map(({ id, name, fieldNames }) => ({ id, name, fieldNames })), error: null }),
      (error) => setState((current) => current.status === "ready" ? current : {
        status: "failed", types: [], error: errorMessage(error),
        // Only "no answer" (offline, the server unreachable) hands over to the device; a refusal or a failure is said.
        unreachable: error instanceof ApiError && error.isNetworkError,
      }),
    );
  }, [api]);
  useEffect(load, [load]);
  const fromDevice = state.status === "failed" && state.unreachable === true && device.items.length > 0;
  return {
    state: fromDevice ? { status: "ready", types: device.items.map(({ id, name, fieldNames }) => ({ id, name, fieldNames })), error: null } : state,
    load,
  };
}

/** The patient's shared notes, read-only: live online; offline, the text the device holds (plain fields). */
function PatientNoteList({ encounterId, me }: { encounterId: string; me: EditorUser }) {
  return (
    <PatientNotes
      encounterId={encounterId}
      renderDocument={(note, fromDevice) => (
        <Suspense fallback={editorFallback}>
          <NoteDocument
            noteId={note.id}
            fieldNames={note.fieldNames}
            canWrite={false}
            persist={false}
            onServer={!fromDevice}
            user={me}
            fallbackFields={note.fields}
          />
        </Suspense>
      )}
    />
  );
}
