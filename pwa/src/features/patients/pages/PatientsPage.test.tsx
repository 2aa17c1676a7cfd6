/** The patient list reads the practice's panel on the device (issue 31): no REST call, search and pages here. */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { PanelPatientDoc } from "../../../../../sync/collections/index.ts";
import { preloadScreens, randomId, randomUser } from "../../../test/helpers.tsx";
import { openSyncDevice, renderAppOnDevice, type SyncDevice } from "../../../test/sync-device.tsx";

beforeAll(preloadScreens, 60_000);

const devices: SyncDevice[] = [];
afterEach(async () => {
  for (const device of devices.splice(0)) await device.engine.stop();
});

let seq = 0;
const panelPatient = (firstName: string, lastName: string, email = `${firstName.toLowerCase()}@example.com`): PanelPatientDoc => ({
  id: randomId(), doctorId: null, firstName, middleName: null, lastName, email, phoneNumber: null, birthDate: "1980-07-02",
  gender: null, state: null, city: null, card: null, updatedAt: ++seq, _deleted: false,
});
const doctor = () =>
  randomUser({ role: "doctor", isAccountApproved: true, fullAccess: true, stripeAccount: "acct_1", isActiveStripeAccount: true });

async function open(serve: PanelPatientDoc[], hold?: Promise<void>) {
  const device = await openSyncDevice({ user: doctor(), serve: { patients: serve }, hold: hold ? { patients: hold } : {} });
  devices.push(device);
  return device;
}

const names = () => within(screen.getByRole("region", { name: "Patients" })).queryAllByRole("link").map((l) => l.textContent);

describe("PatientsPage", { timeout: 20_000 }, () => {
  it("lists the device's patients by last name, searches by name or email, 20 per page", async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 23 }, (_, i) => panelPatient(`Kim${String(i).padStart(2, "0")}`, "Zed"));
    const device = await open([panelPatient("Pat", "Patient", "patient@demo.test"), panelPatient("Ann", "Adams"), ...many]);
    const { router } = renderAppOnDevice("/doctor/patients", device);
    // The first pull may store the panel in more than one step: wait for all of it.
    await waitFor(() => {
      expect(names()).toHaveLength(20);
      expect(names()[0]).toMatch(/^Ann Adams/);
      expect(names()[1]).toMatch(/^Pat Patient/);
    });
    expect(screen.getByText("1–20 of 25 patients")).toBeTruthy();

    await user.type(screen.getByRole("searchbox", { name: "Search by name or email" }), "demo.test{Enter}");
    await waitFor(() => expect(names()).toHaveLength(1));
    expect(names()[0]).toMatch(/^Pat Patient/);
    await user.click(screen.getByRole("link", { name: /Pat Patient/ }));
    expect(await screen.findByRole("heading", { level: 1, name: "Pat Patient" })).toBeTruthy();
    expect(router.state.location.pathname).toMatch(/^\/doctor\/patients\/[0-9a-f-]+$/);
  });

  it("shows loading while the first pull runs, not “no patients”", async () => {
    let release = () => {};
    const device = await open([panelPatient("Pat", "Patient")], new Promise<void>((resolve) => (release = resolve)));
    renderAppOnDevice("/doctor/patients", device);
    // The first pull is held: the device has nothing yet, and says it is loading.
    expect(await screen.findByText("Loading patients")).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByText("No patients yet")).toBeNull();
    release();
    await waitFor(() => expect(names()[0]).toMatch(/^Pat Patient/));
  });

  it("says when the practice has no patients once the device knows", async () => {
    renderAppOnDevice("/doctor/patients", await open([]));
    expect(await screen.findByText("No patients yet")).toBeTruthy();
  });
});
