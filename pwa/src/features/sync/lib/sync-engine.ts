/**
 * The on-device data layer's life cycle, decided from the session:
 *
 * - signed in with the password at hand (sign-in form): unwrap the stored data
 *   key, or create one, wrap it with the password; open;
 * - signed in or offline, same tab: the tab's copy of the key opens the data at once;
 * - a new tab or launch: `locked` until the user types their password (offline too);
 * - a session started without a password (an admin signed in as someone): a
 *   key for this tab only;
 * - signed out (by the user or the server), or another user signs in: stop
 *   everything and wipe the previous user's databases and key — unless changes
 *   are still waiting for the server: then the sealed data and the wrapped key
 *   are kept for that account (`keys.keep`), and its next sign-in on this
 *   device opens them and sends the changes (`waiting.ts`);
 * - signed out in another tab of this browser (`tab-channel.ts`): stop
 *   everything here, leave the wipe to that tab, and sign out here too.
 *
 * This module stays light: RxDB is loaded (`local-data.ts`) only to open or wipe.
 */
import { ApiError } from "../../../lib/api/api-error.ts";
import { parseAuthUser } from "../../../lib/session/auth-user.ts";
import type { ApiClient } from "../../../lib/api/client.ts";
import type { PasswordHandoff } from "../../../lib/session/password-handoff.ts";
import type { SessionStore } from "../../../lib/session/session-store.ts";
import type { KeyValueStorage } from "../../../lib/session/token-storage.ts";
import type { LocalDataState } from "../contract.ts";
import { createDataKey, createKeyStore, type KeyStore, WrongPasswordError } from "./key-vault.ts";
import type { LocalData, LocalDataDeps } from "./local-data.ts";
import { deriveLocalKeys, openJson, sealJson } from "./local-keys.ts";
import { createServerEvents } from "./server-events.ts";
import { createStatusStore, type StatusStore } from "./status.ts";
import type { TabChannel, TabMessage } from "./tab-channel.ts";
import { createSignOutPolicy } from "./sign-out-policy.ts";
import { NOTHING_WAITING, type WaitingSummary } from "./waiting.ts";
import { createAccessRecovery } from "./engine-access.ts";
import { createPasswordActions } from "./engine-passwords.ts";

type Runtime = Pick<typeof import("./local-data.ts"), "openLocalData" | "wipeLocalData">;

export type SyncEngineDeps = {
  api: ApiClient;
  session: SessionStore;
  storage: KeyValueStorage;
  tabStorage: KeyValueStorage;
  passwords: PasswordHandoff;
  isOnline?: () => boolean;
  loadRuntime?: () => Promise<Runtime>;
  /** Passed to the runtime (tests: fake IndexedDB, no live channel). */
  runtime?: Pick<LocalDataDeps, "idb" | "socketUrl" | "live" | "multiInstance">;
  pbkdf2Iterations?: number;
  /** The other tabs of this browser (a sign-out in one reaches all). */
  tabs?: TabChannel;
};

/** Why the data is locked: the password opens it, or the user must sign in again to create a key. */
export type LockReason = "password" | "signIn";

export type SyncEngine = ReturnType<typeof createSyncEngine>;

export function createSyncEngine(deps: SyncEngineDeps) {
  const { api, session, passwords } = deps;
  const keys: KeyStore = createKeyStore(deps.storage, deps.tabStorage);
  const isOnline = deps.isOnline ?? (() => globalThis.navigator?.onLine ?? true);
  const loadRuntime = deps.loadRuntime ?? (() => import("./local-data.ts"));
  const status: StatusStore = createStatusStore(isOnline());
  const events = createServerEvents();
  const listeners = new Set<() => void>();
  let local: LocalData | null = null;
  let profileKey: CryptoKey | null = null;
  let lockReason: LockReason | null = null;
  let queue = Promise.resolve();
  let stopFns: (() => void)[] = [];
  /** Users another tab signed out and is wiping: this tab wipes nothing of theirs. */
  const wipedElsewhere = new Set<string>();

  const notify = () => listeners.forEach((listener) => listener());
  const setState = (state: LocalDataState) => {
    status.dispatch({ type: "state", state });
    notify();
  };
  const lock = (reason: LockReason) => {
    lockReason = reason;
    setState("locked");
  };
  /** Steps run one at a time, in order: no open races a wipe. A wrong password or a refused sign-in is the caller's to show. */
  const enqueue = (step: () => Promise<void>) => {
    const run = queue.then(step);
    queue = run.catch((error) => {
      if (error instanceof WrongPasswordError || error instanceof ApiError) return;
      console.error("Local data", error);
      setState("error");
    });
    return run;
  };

  async function closeLocal(remove: boolean) {
    const open = local;
    local = null;
    profileKey = null;
    notify();
    await open?.close({ remove });
  }

  async function wipe(userId: string) {
    if (local?.userId === userId) await closeLocal(true);
    // RxDB's remove empties its IndexedDB databases; this deletes them, and whatever a closed tab left.
    await (await loadRuntime()).wipeLocalData(userId, deps.runtime?.idb);
    if (keys.readRecord()?.userId === userId) keys.clear();
  }

  const signOuts = createSignOutPolicy({
    keys,
    local: () => local,
    closeLocal: () => closeLocal(false),
    wipe: (userId) => wipe(userId),
    idb: deps.runtime?.idb,
  });
  const keepOrWipe = signOuts.keepOrWipe;
  const passwordActions = createPasswordActions({
    keys, session, api, passwords, iterations: deps.pbkdf2Iterations, wipe, open: (userId, key) => open(userId, key), enqueue,
    lockReason: () => lockReason, queue: () => queue,
  });
  const keyFromPassword = passwordActions.keyFromPassword;
  const { checkAccess, dropAndPullAgain } = createAccessRecovery({
    api, session, keys, enqueue, open: (userId, key) => open(userId, key), local: () => local, closeLocal,
    waiting: async (userId) => (await signOuts.waitingOf(userId)).total,
    wipeLocalData: async (userId) => await (await loadRuntime()).wipeLocalData(userId, deps.runtime?.idb),
  });

  async function open(userId: string, dataKey: Uint8Array<ArrayBuffer>) {
    lockReason = null;
    setState("opening");
    const runtime = await loadRuntime();
    local = await runtime.openLocalData(userId, dataKey, {
      api,
      status,
      isOnline,
      getToken: () => session.tokens.read()?.accessToken || null,
      events,
      onOutdated: () => void enqueue(async () => {
        await local?.close();
        setState("outdated");
      }),
      onReconnected: () => void checkAccess(userId),
      ...deps.runtime,
    });
    profileKey = (await deriveLocalKeys(dataKey)).profile;
    setState("ready");
    await restoreOrSaveProfile(userId);
  }

  /** Offline after a reload the session has no user: the sealed profile lets signed-in pages open. */
  async function restoreOrSaveProfile(userId: string) {
    const state = session.getState();
    const record = keys.readRecord();
    if (!profileKey || !record || record.userId !== userId) return;
    if (state.user?.id === userId) {
      keys.writeRecord({ ...record, profile: await sealJson(profileKey, state.user, userId) });
    } else if (!state.user && state.status === "offline" && record.profile) {
      session.setUser(parseAuthUser(await openJson(profileKey, record.profile, userId)));
    }
  }

  /** Another tab signed this user out and wipes their data: stop here, wipe nothing, sign out here too. */
  async function signedOutElsewhere(message: TabMessage) {
    const state = session.getState();
    const userId = local?.userId ?? state.user?.id ?? keys.readRecord()?.userId;
    if (userId !== message.userId) return;
    wipedElsewhere.add(userId);
    await closeLocal(false);
    keys.clearTabKey();
    if (state.status === "guest") return void wipedElsewhere.delete(userId);
    const here = globalThis.location ? globalThis.location.pathname + globalThis.location.search : null;
    session.signOut(message.cause, message.cause === "server" ? here : null);
  }

  async function reconcile() {
    const state = session.getState();
    const tokens = session.tokens.read();
    if (state.status === "guest" || (!tokens && state.status !== "checking")) {
      const userId = local?.userId ?? keys.readRecord()?.userId;
      lockReason = null;
      if (userId && wipedElsewhere.delete(userId)) {
        await closeLocal(false);
        keys.clearTabKey();
        return setState("none");
      }
      if (userId) {
        // The other tabs of this user let go of the databases before they are deleted.
        deps.tabs?.post({ type: "signedOut", userId, cause: state.logoutCause ?? "user" });
        await keepOrWipe(userId);
      }
      keys.clear();
      return setState("none");
    }
    const record = keys.readRecord();
    const userId = state.user?.id ?? (tokens?.authorized ? record?.userId : undefined);
    if (!userId) return setState("none");
    if (local && local.userId !== userId) await keepOrWipe(local.userId);
    if (record && record.userId !== userId && keys.readRecord()?.userId === record.userId) await keepOrWipe(record.userId);
    if (local?.userId === userId) return void (await restoreOrSaveProfile(userId));

    const password = state.user ? passwords.take(userId) : null;
    if (password) {
      const key = await keyFromPassword(userId, password);
      keys.writeTabKey(userId, key);
      return open(userId, key);
    }
    const fresh = keys.readRecord();
    const tabKey = keys.readTabKey(userId);
    if (fresh && tabKey) return open(userId, tabKey);
    if (state.status === "checking") return;
    if (fresh?.wrapped) return lock("password");
    if (fresh) await wipe(userId); // a tab-only key whose tab is gone: nothing can read that data
    if (state.user?.impersonatedBy) {
      const key = createDataKey();
      keys.writeRecord({ v: 1, userId, wrapped: null });
      keys.writeTabKey(userId, key);
      return open(userId, key);
    }
    if (!state.user) return setState("none");
    lock("signIn");
  }

  return {
    status,
    /** Server events of the live channel (01 §7), for `useServerEvent`; the same bus for the engine's life. */
    events,
    start() {
      const onNetwork = () => {
        status.dispatch({ type: "network", online: isOnline() });
        // Back online after a failed request: one answered request clears the flag (the data on the device may
        // need none), so the header does not say "Offline" while the server answers.
        if (isOnline() && session.getState().internetFailure) void api.GET("/health", { auth: false }).catch(() => {});
      };
      globalThis.addEventListener?.("online", onNetwork);
      globalThis.addEventListener?.("offline", onNetwork);
      let last = session.getState();
      const unsubscribe = session.subscribe(() => {
        const next = session.getState();
        status.dispatch({ type: "internetFailure", failed: next.internetFailure });
        if (next.status !== last.status || next.user !== last.user) void enqueue(reconcile);
        last = next;
      });
      const stopListening = deps.tabs?.listen((message) => void enqueue(() => signedOutElsewhere(message)));
      stopFns = [unsubscribe, () => {
        globalThis.removeEventListener?.("online", onNetwork);
        globalThis.removeEventListener?.("offline", onNetwork);
      }, () => stopListening?.()];
      return enqueue(reconcile);
    },
    async stop() {
      stopFns.forEach((fn) => fn());
      await enqueue(() => closeLocal(false));
    },
    local: () => local,
    lockReason: () => lockReason,
    /** The signed-in user (for role rules in the hooks); restored from the sealed profile when offline. */
    user: () => session.getState().user,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Waits for the steps under way (tests, logout). */
    settled: () => queue,
    /** What the signed-in user's data holds for the server (the sign-out warning names it). */
    waiting(): Promise<WaitingSummary> {
      const userId = local?.userId ?? session.getState().user?.id ?? keys.readRecord()?.userId;
      return userId ? signOuts.waitingOf(userId) : Promise.resolve(NOTHING_WAITING);
    },
    /** Resolves true once nothing waits for the server, false after `timeoutMs` (a VMA's switch waits for it). */
    async whenSent(timeoutMs: number): Promise<boolean> {
      const deadline = Date.now() + timeoutMs;
      while ((await this.waiting()).total > 0) {
        if (Date.now() >= deadline) return false;
        // Looked at again on every status change (a push answered), at least twice a second.
        await new Promise<void>((resolve) => {
          const stop = status.subscribe(() => done());
          const timer = setTimeout(() => done(), 500);
          const done = () => (stop(), clearTimeout(timer), resolve());
        });
      }
      return true;
    },
    /**
     * A VMA now acts for another doctor: the synced copy on this device is the old practice's. It is deleted and
     * the new practice's pulled, in the same session with the same key (the caller made sure nothing waits).
     */
    practiceChanged(): Promise<void> {
      return dropAndPullAgain();
    },
    /** The next sign-out clears this device even with changes waiting (the unlock dialog's way out of a forgotten password). */
    discardOnSignOut(): void {
      signOuts.discardNext(local?.userId ?? session.getState().user?.id ?? keys.readRecord()?.userId ?? null);
    },

    passwordChanged: passwordActions.passwordChanged,
    unlock: passwordActions.unlock,
  };
}
