/**
 * What a sign-out does with a user's data on this device: it leaves, unless changes still wait for the server.
 * Then the sealed data and the wrapped key stay for that account (`keys.keep`), and its next sign-in here sends
 * them (`sync-engine.ts` puts the record back). Nothing waiting is ever lost, short of the user asking for it
 * (`discardNext`: the unlock dialog's "Sign out and clear this device", after naming what would go).
 */
import type { IndexedDbFactory } from "./blob-store.ts";
import type { KeyStore } from "./key-vault.ts";
import type { LocalData } from "./local-data.ts";
import { NOTHING_WAITING, readWaitingStored, summarizeWaiting, type WaitingSummary } from "./waiting.ts";

export function createSignOutPolicy(deps: {
  keys: KeyStore;
  local(): LocalData | null;
  /** Stops and closes the open data without deleting it. */
  closeLocal(): Promise<void>;
  /** Deletes the user's data and key. */
  wipe(userId: string): Promise<void>;
  idb?: IndexedDbFactory;
}) {
  /** The user asked to clear this device at their next sign-out, waiting changes included (a forgotten password). */
  let discardFor: string | null = null;

  /** What waits for the server in the user's data: from the open data, else from the blobs database. */
  async function waitingOf(userId: string): Promise<WaitingSummary> {
    const local = deps.local();
    if (local?.userId === userId) return summarizeWaiting(local.pendingKeys(), local.uploads.pendingCount());
    return await readWaitingStored(userId, deps.idb).catch((error) => {
      console.warn("The waiting changes could not be read", error);
      return NOTHING_WAITING;
    });
  }

  /** A signed-out user's data leaves the device, unless changes are still waiting and a password can open it again. */
  async function keepOrWipe(userId: string) {
    const discard = discardFor === userId;
    discardFor = null;
    const record = deps.keys.readRecord();
    const waiting = discard ? NOTHING_WAITING : await waitingOf(userId);
    if (waiting.total > 0 && record?.userId === userId && record.wrapped) {
      deps.keys.keep(userId);
      await deps.closeLocal();
      return;
    }
    await deps.wipe(userId);
  }

  return {
    waitingOf,
    keepOrWipe,
    discardNext(userId: string | null) {
      discardFor = userId;
    },
  };
}
