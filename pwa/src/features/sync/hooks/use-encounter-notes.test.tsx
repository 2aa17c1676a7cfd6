/**
 * The encounter-note hooks over the real data layer (RxDB on fake IndexedDB, replication against a
 * stubbed edge): the list of one encounter oldest first, a note created and deleted offline-first and
 * pushed as the sync protocol says, and who may do what.
 */
import { act, renderHook, waitFor } from "@testing-library/react";
import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { EncounterNoteDoc } from "../../../../../sync/collections/index.ts";
import type { AuthUser } from "../../../../../sync/schemas/user.ts";
import { createSessionActions } from "../../auth/index.ts";
import { createMemoryStorage } from "../../../lib/app-deps.tsx";
import { createFetchStub, makeDeps, randomId, randomUser, success } from "../../../test/helpers.tsx";
import { SyncProvider } from "../components/SyncProvider.tsx";
import { createSyncEngine, type SyncEngine } from "../lib/sync-engine.ts";
import { useCreateEncounterNote, useDeleteEncounterNote, useEncounterNotes } from "./use-encounter-notes.ts";

const ENCOUNTER = "7d3c8f4e-2f0a-4b7e-9a55-00000000e001";
const OTHER_ENCOUNTER = "7d3c8f4e-2f0a-4b7e-9a55-00000000e002";
const PATIENT = "7d3c8f4e-2f0a-4b7e-9a55-00000000a001";
const TYPE = "7d3c8f4e-2f0a-4b7e-9a55-00000000b001";

const engines: SyncEngine[] = [];
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.stop();
});

function serverNote(patch: Partial<EncounterNoteDoc>): EncounterNoteDoc {
  return {
    id: crypto.randomUUID(), encounterId: ENCOUNTER, patientId: PATIENT, noteTypeId: TYPE, typeName: "SOAP",
    fieldNames: ["Subjective", "Plan"], isShared: false, authorId: PATIENT, updatedBy: PATIENT,
    createdAt: "2026-01-10T15:00:00.000Z", updatedAt: 5, _deleted: false, ...patch,
  };
}

type PushRow = { assumedMasterState: EncounterNoteDoc | null; newDocumentState: EncounterNoteDoc };

/** A signed-in device of `user` whose edge serves `notes` once and accepts every push, recording them. */
async function device(user: AuthUser, notes: EncounterNoteDoc[] = []) {
  vi.spyOn(console, "warn").mockImplementation(() => {});
  const pushed: PushRow[] = [];
  let served = false;
  const stub = createFetchStub({
    "POST /users/login": () => success({ accessToken: "access-2", refreshToken: "refresh-2", user }),
  });
  const fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const path = new URL(String(input), "http://localhost").pathname;
    if (path.endsWith("/encounter_notes/pull")) {
      const documents = served ? [] : notes;
      served = true;
      const last = documents.at(-1);
      return Promise.resolve(success({ documents, checkpoint: last ? { updatedAt: last.updatedAt, id: last.id } : null }));
    }
    if (path.endsWith("/pull")) return Promise.resolve(success({ documents: [], checkpoint: null }));
    if (path.endsWith("/encounter_notes/push")) pushed.push(...JSON.parse(String(init?.body)) as PushRow[]);
    if (path.endsWith("/push")) return Promise.resolve(success([]));
    return stub.fetch(input, init);
  };
  const deps = makeDeps({ fetch: fetch as typeof globalThis.fetch, session: { status: "guest" } });
  const engine = createSyncEngine({
    api: deps.api,
    session: deps.session,
    passwords: deps.passwords,
    storage: createMemoryStorage(),
    tabStorage: createMemoryStorage(),
    isOnline: () => true,
    runtime: { idb: { indexedDB: new IDBFactory(), IDBKeyRange }, live: false, multiInstance: false },
    pbkdf2Iterations: 100_000,
  });
  engines.push(engine);
  await engine.start();
  await createSessionActions(deps).login({ email: user.email, password: "right-password" });
  await vi.waitFor(() => expect(engine.status.get().state).toBe("ready"), { timeout: 5000 });
  const wrapper = ({ children }: { children: ReactNode }) => <SyncProvider engine={engine}>{children}</SyncProvider>;
  const hooks = renderHook(
    ({ encounterId }) => ({
      notes: useEncounterNotes(encounterId),
      create: useCreateEncounterNote(),
      remove: useDeleteEncounterNote(),
    }),
    { wrapper, initialProps: { encounterId: ENCOUNTER } },
  );
  return { engine, pushed, hooks };
}

const input = { encounterId: ENCOUNTER, patientId: PATIENT, noteTypeId: TYPE, typeName: "SOAP", fieldNames: ["Subjective", "Plan"] };

describe("encounter notes on the device", () => {
  it("lists one encounter's notes oldest first; creates and deletes offline-first, pushed as new and deleted", async () => {
    const doctor = randomUser({ role: "doctor" });
    const later = serverNote({ createdAt: "2026-01-10T16:00:00.000Z", updatedAt: 6 });
    const earlier = serverNote({ createdAt: "2026-01-10T15:00:00.000Z", updatedAt: 7 });
    const elsewhere = serverNote({ encounterId: OTHER_ENCOUNTER, updatedAt: 8 });
    const { pushed, hooks } = await device(doctor, [later, earlier, elsewhere]);

    await waitFor(() => expect(hooks.result.current.notes.items.map((n) => n.id)).toEqual([earlier.id, later.id]));
    expect(hooks.result.current.notes.loading).toBe(false);
    expect(hooks.result.current.notes.items.every((n) => !n.pending)).toBe(true);

    let id = "";
    await act(async () => {
      id = await hooks.result.current.create(input);
    });
    const mine = hooks.result.current.notes.items.find((n) => n.id === id);
    // Pending until the server numbers it (its copy comes back by pull or live event).
    expect(mine).toMatchObject({ ...input, isShared: false, authorId: doctor.id, updatedBy: doctor.id, updatedAt: 0, pending: true });
    expect(hooks.result.current.notes.items.at(-1)?.id).toBe(id);
    await waitFor(() => expect(pushed.some((row) => row.newDocumentState.id === id)).toBe(true));
    const created = pushed.find((row) => row.newDocumentState.id === id)!;
    expect(created.assumedMasterState).toBeNull();
    expect(created.newDocumentState).toMatchObject({ ...input, _deleted: false, updatedAt: 0 });

    await act(() => hooks.result.current.remove(earlier.id));
    expect(hooks.result.current.notes.items.map((n) => n.id)).toEqual([later.id, id]);
    await waitFor(() => expect(pushed.some((row) => row.newDocumentState.id === earlier.id)).toBe(true));
    const deleted = pushed.find((row) => row.newDocumentState.id === earlier.id)!;
    expect(deleted.assumedMasterState).toMatchObject({ id: earlier.id, updatedAt: 7, _deleted: false });
    expect(deleted.newDocumentState).toMatchObject({ id: earlier.id, updatedAt: 7, _deleted: true });

    hooks.rerender({ encounterId: OTHER_ENCOUNTER });
    await waitFor(() => expect(hooks.result.current.notes.items.map((n) => n.id)).toEqual([elsewhere.id]));
  });

  it("refuses a note that breaks the shared schema", async () => {
    const { hooks, pushed } = await device(randomUser({ role: "doctor" }));
    await expect(hooks.result.current.create({ ...input, noteTypeId: "not-an-id" })).rejects.toThrow(/Invalid id/);
    await expect(hooks.result.current.create({ ...input, typeName: "x".repeat(101) })).rejects.toThrow();
    expect(pushed).toEqual([]);
  });

  it("a VMA creates notes but leaves deleting to the doctor", async () => {
    const vma = randomUser({ role: "vma" });
    const note = serverNote({});
    const { hooks, pushed } = await device(vma, [note]);
    await waitFor(() => expect(hooks.result.current.notes.items.map((n) => n.id)).toEqual([note.id]));
    await expect(hooks.result.current.remove(note.id)).rejects.toThrow("Only the doctor deletes a note.");
    let id = "";
    await act(async () => {
      id = await hooks.result.current.create(input);
    });
    await waitFor(() => expect(pushed.map((row) => row.newDocumentState.id)).toEqual([id]));
    expect(hooks.result.current.notes.items.map((n) => n.id)).toEqual([note.id, id]);
  });

  it("a patient has no notes on the device and cannot write one", async () => {
    const patient = randomUser({ role: "patient", id: randomId() });
    const { hooks } = await device(patient);
    expect(hooks.result.current.notes).toEqual({ items: [], loading: false });
    await expect(hooks.result.current.create(input)).rejects.toThrow("Only the care team writes notes.");
    await expect(hooks.result.current.remove(crypto.randomUUID())).rejects.toThrow("Only the doctor deletes a note.");
  });
});
