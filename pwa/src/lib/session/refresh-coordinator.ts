/**
 * One refresh at a time across this browser's tabs. The refresh token is a
 * single cookie that rotates on every use and whose reuse ends the session, so
 * two tabs must never send the same one: a Web Lock serializes the refreshes,
 * and the tab that refreshed hands the new access token to the others on a
 * BroadcastChannel (a tab that waited for the lock then finds a fresh token and
 * does not refresh again).
 */
export type RefreshCoordinator = {
  /** Runs `task` holding the cross-tab refresh lock. */
  exclusive<T>(task: () => Promise<T>): Promise<T>;
  /** Tells the other tabs the new access token. */
  announce(accessToken: string): void;
  /** Listens to the other tabs' new access tokens; returns the unsubscribe. */
  listen(listener: (accessToken: string) => void): () => void;
};

export const REFRESH_LOCK = "dpc.auth.refresh";
const CHANNEL = "dpc.auth.token";

/** In one tab only (tests, browsers without Web Locks): refreshes are already shared within the tab. */
export const localRefreshCoordinator: RefreshCoordinator = {
  exclusive: (task) => task(),
  announce() {},
  listen: () => () => {},
};

export function createBrowserRefreshCoordinator(): RefreshCoordinator {
  const locks = globalThis.navigator?.locks;
  const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel(CHANNEL) : null;
  return {
    exclusive: (task) => (locks ? locks.request(REFRESH_LOCK, task) : task()),
    announce(accessToken) {
      channel?.postMessage({ type: "accessToken", accessToken });
    },
    listen(listener) {
      if (!channel) return () => {};
      const onMessage = (event: MessageEvent) => {
        const data = event.data as { type?: unknown; accessToken?: unknown } | null;
        if (data?.type === "accessToken" && typeof data.accessToken === "string") listener(data.accessToken);
      };
      channel.addEventListener("message", onMessage);
      return () => channel.removeEventListener("message", onMessage);
    },
  };
}

/** A claim of an access token, unverified (the server verifies): whose token, which session. */
function claim(token: string, name: "sub" | "sid"): string | null {
  try {
    const payload = token.split(".")[1];
    const json = atob(payload.replaceAll("-", "+").replaceAll("_", "/"));
    const value = (JSON.parse(json) as Record<string, unknown>)[name];
    return typeof value === "string" ? value : null;
  } catch {
    return null;
  }
}
/** The user id of an access token: to tell whose token another tab sent. */
export const tokenSubject = (token: string) => claim(token, "sub");
/** The session id of an access token. */
export const tokenSession = (token: string) => claim(token, "sid");
