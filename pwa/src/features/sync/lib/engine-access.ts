/**
 * The sync engine's answer to access that ended (issue 31): the device may hold rows its user may no longer read
 * (a VMA detached, a patient moved to another doctor; access-check.ts asks the server). Once nothing waits for the
 * server, the copy is dropped and pulled again in the same session with the same key; with changes waiting, the next
 * connection asks again (they are sent first). A practice change of a VMA drops and pulls again the same way.
 */
import type { ApiClient } from "../../../lib/api/client.ts";
import type { SessionStore } from "../../../lib/session/session-store.ts";
import { accessLost } from "./access-check.ts";
import type { KeyStore } from "./key-vault.ts";
import type { LocalData } from "./local-data.ts";

export type AccessRecoveryDeps = {
  api: ApiClient;
  session: SessionStore;
  keys: KeyStore;
  local: () => LocalData | null;
  /** Changes of this user still waiting for the server. */
  waiting: (userId: string) => Promise<number>;
  /** Runs a step after the engine's earlier steps (open, close, wipe never interleave). */
  enqueue: (step: () => Promise<void>) => Promise<void>;
  closeLocal: (remove: boolean) => Promise<void>;
  wipeLocalData: (userId: string) => Promise<void>;
  open: (userId: string, key: Uint8Array<ArrayBuffer>) => Promise<void>;
  now?: () => number;
};

export function createAccessRecovery(deps: AccessRecoveryDeps) {
  const now = deps.now ?? Date.now;
  let droppedAt = -Infinity;

  /** The synced copy on this device is dropped and pulled again, in the same session with the same key. */
  function dropAndPullAgain(): Promise<void> {
    return deps.enqueue(async () => {
      const local = deps.local();
      const userId = local?.userId ?? deps.keys.readRecord()?.userId;
      if (!userId) return;
      const key = deps.keys.readTabKey(userId);
      if (local?.userId === userId) await deps.closeLocal(true);
      await deps.wipeLocalData(userId);
      // Locked (no key in this tab): the next unlock opens an empty database and pulls again.
      if (key) await deps.open(userId, key);
    });
  }

  /** Asks whether the device may still hold its copy; drops it when not and nothing waits. */
  async function checkAccess(userId: string) {
    const local = deps.local();
    const user = deps.session.getState().user;
    // At most once a minute: a copy pulled again holds only what may be read, so a second drop would be a defect.
    if (!local || local.userId !== userId || user?.id !== userId || now() - droppedAt < 60_000) return;
    const lost = await accessLost(local.db, deps.api, user).catch(() => false);
    if (!lost || (await deps.waiting(userId)) > 0) return;
    droppedAt = now();
    await dropAndPullAgain();
  }

  return { checkAccess, dropAndPullAgain };
}
