/**
 * Switching the doctor a VMA acts for. The server moves the VMA's scope and
 * ends their other sessions; this device's synced copy belongs to the old
 * practice, so the tab signs out (the sign-out wipes the local data) and asks
 * to sign in again, which pulls the new practice. A decision of issue 17
 * (pwa/docs/team.md): simple and safe; a per-device re-pull without signing out
 * is the better experience left for later.
 */
import { useCallback } from "react";
import { useAppDeps } from "../../../lib/app-deps.tsx";
import { useSnackbar } from "../../../ui/index.ts";
import { useSession } from "../../auth/index.ts";

export function useSwitchActingDoctor() {
  const { api } = useAppDeps();
  const { logout } = useSession();
  const notify = useSnackbar();
  return useCallback(async (doctorId: string) => {
    await api.post("/vmas/acting", { doctorId });
    notify("Sign in again to work for the doctor you chose.");
    await logout();
  }, [api, logout, notify]);
}
