/**
 * Switching the doctor a VMA acts for, in the same session. The server moves the VMA's scope and ends their
 * other sessions. Changes waiting on this device are for the old practice's patients, and the server would
 * refuse them once the VMA acts for another doctor: they are sent first (the switch waits for them, and is
 * refused offline). Then this device's synced copy, the old practice's, is dropped and the new practice's
 * pulled (`practiceChanged`), and every REST answer cached for the old practice is forgotten.
 */
import { useCallback } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { useAppDeps } from "../../../lib/app-deps.tsx";
import { useSnackbar } from "../../../ui/index.ts";
import { useSyncEngine } from "../../sync/index.ts";

/** How long a switch waits for the changes still being sent. */
const SEND_WAIT_MS = 30_000;

export function useSwitchActingDoctor() {
  const { api } = useAppDeps();
  const engine = useSyncEngine();
  const queryClient = useQueryClient();
  const notify = useSnackbar();
  const navigate = useNavigate();
  return useCallback(async (doctorId: string) => {
    const waiting = engine ? await engine.waiting() : null;
    if (engine && waiting && waiting.total > 0) {
      const what = waiting.total === 1 ? "1 change made on this device is" : `${waiting.total} changes made on this device are`;
      if (!engine.status.get().online) {
        throw new Error(`${what} waiting to be sent. Switch doctors once the connection is back and they are sent.`);
      }
      if (!(await engine.whenSent(SEND_WAIT_MS))) throw new Error(`${what} still being sent. Try again in a moment.`);
    }
    await api.POST("/vmas/acting", { body: { doctorId } });
    await engine?.practiceChanged();
    // Every answer cached for the old practice goes; the screens on view ask again.
    void queryClient.resetQueries();
    // A patient of the old practice is not one of the new practice's.
    if (/\/patients\/[^/]/.test(globalThis.location?.pathname ?? "")) navigate("/vma/patients", { replace: true });
    notify("You now act for the doctor you chose.");
  }, [api, engine, queryClient, notify, navigate]);
}
