/**
 * The practice's panel over the real data layer (RxDB on fake IndexedDB, a stubbed edge): sorted by last then
 * first name in memory (the names are sealed), loading while the first pull runs, one patient by id, and
 * nothing for a patient's own device.
 */
import { renderHook, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { PanelPatientDoc } from "../../../../../sync/collections/index.ts";
import { randomId, randomUser } from "../../../test/helpers.tsx";
import { openSyncDevice, type SyncDevice } from "../../../test/sync-device.tsx";
import { usePanelPatient, usePanelPatients } from "./use-panel-patients.ts";

const devices: SyncDevice[] = [];
afterEach(async () => {
  for (const device of devices.splice(0)) await device.engine.stop();
});

let seq = 0;
const panelPatient = (patch: Partial<PanelPatientDoc>): PanelPatientDoc => ({
  id: randomId(), doctorId: null, firstName: "Pat", middleName: null, lastName: "Patient", email: "p@example.com", phoneNumber: null,
  birthDate: null, gender: null, state: null, city: null, card: null, updatedAt: ++seq, _deleted: false, ...patch,
});

async function open(role: "doctor" | "vma" | "patient", serve: PanelPatientDoc[], hold?: Promise<void>) {
  const device = await openSyncDevice({ user: randomUser({ role }), serve: { patients: serve }, hold: hold ? { patients: hold } : {} });
  devices.push(device);
  return device;
}

describe("the practice's panel on the device", () => {
  it("lists the patients by last name, then first name, whatever their case and accents", async () => {
    const zoe = panelPatient({ firstName: "Zoë", lastName: "adams" });
    const anna = panelPatient({ firstName: "Anna", lastName: "Adams" });
    const bob = panelPatient({ firstName: "Bob", lastName: "Brown" });
    const eve = panelPatient({ firstName: "Eve", lastName: "Ávila" });
    const device = await open("doctor", [bob, zoe, eve, anna]);
    const { result } = renderHook(() => usePanelPatients(), { wrapper: device.wrapper });
    await waitFor(() => expect(result.current.items.map((p) => p.firstName)).toEqual(["Anna", "Zoë", "Eve", "Bob"]));
    expect(result.current.loading).toBe(false);
    expect(result.current.items.every((p) => !p.pending)).toBe(true);
  });

  it("is loading, not empty, while the first pull runs; an empty panel once it is done", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const device = await open("vma", [], held);
    const { result } = renderHook(() => usePanelPatients(), { wrapper: device.wrapper });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(result.current).toEqual({ items: [], loading: true });
    release();
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.items).toEqual([]);
  });

  it("reads one patient by id, or null", async () => {
    const pat = panelPatient({ card: { allergies: [{ name: "Penicillin" }] } });
    const other = panelPatient({ firstName: "Other" });
    const device = await open("doctor", [pat, other]);
    const { result, rerender } = renderHook(({ id }) => usePanelPatient(id), { wrapper: device.wrapper, initialProps: { id: pat.id } });
    await waitFor(() => expect(result.current.patient?.card).toEqual({ allergies: [{ name: "Penicillin" }] }));
    expect(result.current.loading).toBe(false);
    rerender({ id: randomId() });
    await waitFor(() => expect(result.current).toEqual({ patient: null, loading: false }));
  });

  it("gives a patient's own device nothing", async () => {
    const device = await open("patient", [panelPatient({})]);
    const { result } = renderHook(() => usePanelPatients(), { wrapper: device.wrapper });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(result.current).toEqual({ items: [], loading: false });
  });
});
