import { describe, expect, it } from "vitest";
import { createMemoryStorage } from "../app-deps.tsx";
import { createSessionStore, SIGNED_OUT_KEY } from "./session-store.ts";
import { signedOutReason } from "./signed-out.ts";

const user = { id: "u1", role: "patient" } as never;

describe("session store: a server sign-out's path and reason", () => {
  it("survive a reload of the tab and end at the next sign-in", () => {
    const storage = createMemoryStorage();
    const tab = createMemoryStorage();
    const first = createSessionStore(storage, {}, tab);
    first.signIn({ accessToken: "a".repeat(20) }, user);
    first.signOut("server", "/settings?tab=2", signedOutReason("BLOCKED", "Account blocked by admin"));

    const reloaded = createSessionStore(storage, {}, tab);
    expect(reloaded.getState()).toMatchObject({
      logoutCause: "server",
      rememberedPath: "/settings?tab=2",
      logoutReason: "An administrator blocked your account. Contact support if you think this is a mistake.",
    });
    reloaded.signIn({ accessToken: "b".repeat(20) }, user);
    expect(reloaded.getState().logoutReason).toBeNull();
    expect(reloaded.takeRememberedPath()).toBe("/settings?tab=2");
    expect(tab.getItem(SIGNED_OUT_KEY)).toBeNull();
    expect(createSessionStore(storage, {}, tab).getState().rememberedPath).toBeNull();
  });

  it("are not kept when the user signs out themselves", () => {
    const tab = createMemoryStorage();
    const store = createSessionStore(createMemoryStorage(), {}, tab);
    store.signIn({ accessToken: "a".repeat(20) }, user);
    store.signOut("user", "/settings", "ignored");
    expect(store.getState()).toMatchObject({ rememberedPath: null, logoutReason: null });
    expect(tab.getItem(SIGNED_OUT_KEY)).toBeNull();
  });

  it("closing the notice keeps the way back", () => {
    const store = createSessionStore(createMemoryStorage(), {}, createMemoryStorage());
    store.signOut("server", "/orders", signedOutReason(undefined, "Your session has ended. Please sign in again."));
    expect(store.getState().logoutReason).toBe("Your session has ended. Please sign in again.");
    store.dismissLogoutReason();
    expect(store.getState()).toMatchObject({ logoutReason: null, rememberedPath: "/orders" });
  });
});
