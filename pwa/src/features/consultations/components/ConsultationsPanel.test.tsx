/** The consultations panel points from an empty Upcoming tab to requests still waiting (issue 32). */
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { ConsultationDoc } from "../../../../../sync/collections/index.ts";
import { AppDepsProvider } from "../../../lib/app-deps.tsx";
import { randomId, randomUser, success } from "../../../test/helpers.tsx";
import { openSyncDevice, type SyncDevice } from "../../../test/sync-device.tsx";
import { SnackbarProvider } from "../../../ui/index.ts";
import { ConsultationsPanel } from "./ConsultationsPanel.tsx";

const devices: SyncDevice[] = [];
afterEach(async () => {
  for (const device of devices.splice(0)) await device.engine.stop();
});

describe("ConsultationsPanel", { timeout: 20_000 }, () => {
  it("an empty Upcoming tab points to the request waiting for the doctor", async () => {
    const patient = randomUser({ role: "patient" });
    const start = new Date(Date.now() + 3 * 86_400_000);
    const requested: ConsultationDoc = {
      id: randomId(), doctorId: randomId(), patientId: patient.id, doctorName: "Grace Hopper", patientName: "Pat Patient",
      type: "video", status: "requested", startAt: start.toISOString(), endAt: new Date(start.getTime() + 1_800_000).toISOString(),
      reason: "Cough", outOfStateReason: null, declineReason: null, cancelReason: null, encounterId: null, updatedAt: 1, _deleted: false,
    };
    const device = await openSyncDevice({
      user: patient,
      serve: { consultations: [requested] },
      handlers: { "GET /consultations": () => success({ list: [], totalCount: 0 }) },
    });
    devices.push(device);
    const Wrapper = device.wrapper;
    render(
      <MemoryRouter initialEntries={["/home"]}>
        <AppDepsProvider deps={device.deps}>
          <SnackbarProvider>
            <Wrapper><ConsultationsPanel user={patient} /></Wrapper>
          </SnackbarProvider>
        </AppDepsProvider>
      </MemoryRouter>,
    );
    const user = userEvent.setup();
    await screen.findByRole("button", { name: "See your request waiting for the doctor" });
    // The list reloads as the device's first pull lands, drawing the button anew: a click on a replaced one is lost,
    // so the click is made again until the tab has changed.
    await waitFor(async () => {
      const go = screen.queryByRole("button", { name: "See your request waiting for the doctor" });
      if (go) await user.click(go);
      expect(screen.getByRole("tab", { selected: true }).textContent).toBe("Requests");
    });
  });
});
