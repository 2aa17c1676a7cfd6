import { act, cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useEffect } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithDeps } from "../../../test/helpers.tsx";
import type { SyncEngine } from "../lib/sync-engine.ts";
import { initialStatus, type StatusModel } from "../lib/status.ts";
import { useSyncStatus } from "../hooks/use-sync-status.ts";
import { SyncProvider } from "./SyncProvider.tsx";
import { UnlockDialog } from "./UnlockDialog.tsx";

afterEach(cleanup);

/** The parts of the data layer the dialog reads: its status (a store) and `unlock`. */
function fakeEngine(state: StatusModel["state"]) {
  let status: StatusModel = { ...initialStatus(true), state };
  const listeners = new Set<() => void>();
  const unlocks: string[] = [];
  const engine = {
    status: {
      get: () => status,
      subscribe: (listener: () => void) => (listeners.add(listener), () => listeners.delete(listener)),
    },
    lockReason: () => null,
    unlock: (password: string) => {
      unlocks.push(password);
      // The data layer opens and reports it before `unlock` resolves.
      status = { ...status, state: "ready" };
      for (const listener of [...listeners]) listener();
      return Promise.resolve();
    },
  };
  return { engine: engine as unknown as SyncEngine, unlocks };
}

/** Records, in the commit where the status is first seen "ready", whether the unlock dialog is still open. */
function ReadyProbe({ seen }: { seen: boolean[] }) {
  const { state } = useSyncStatus();
  useEffect(() => {
    if (state !== "ready") return;
    seen.push(document.querySelector("dialog")?.hasAttribute("open") ?? false);
  }, [state, seen]);
  return null;
}

describe("UnlockDialog", () => {
  it("asks for the password while the data is locked, and closes in the render that sees it open", async () => {
    const { engine, unlocks } = fakeEngine("locked");
    const openWhenReady: boolean[] = [];
    renderWithDeps(
      <SyncProvider engine={engine}>
        <UnlockDialog />
        <ReadyProbe seen={openWhenReady} />
      </SyncProvider>,
    );
    await screen.findByRole("dialog", { name: "Unlock your data" });
    await userEvent.type(screen.getByLabelText("Password"), "secret-password");
    await userEvent.click(screen.getByRole("button", { name: "Unlock" }));
    expect(unlocks).toEqual(["secret-password"]);
    // Not a deferred render later: meanwhile the form could be sent a second time.
    expect(openWhenReady).toEqual([false]);
    expect(screen.queryByRole("dialog", { name: "Unlock your data" })).toBeNull();
  });

  it("stays closed while the data is not locked", async () => {
    const { engine } = fakeEngine("ready");
    renderWithDeps(<SyncProvider engine={engine}><UnlockDialog /></SyncProvider>);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByRole("dialog", { name: "Unlock your data" })).toBeNull();
  });
});
