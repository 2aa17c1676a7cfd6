import { describe, expect, it } from "vitest";
import { createTabChannel, type TabMessage } from "./tab-channel.ts";

describe("the tab channel", () => {
  it("delivers a sign-out to the other tabs and drops what is not a valid message", async () => {
    const name = `dpc.test.${crypto.randomUUID()}`;
    const mine = createTabChannel(name);
    const theirs = createTabChannel(name);
    const raw = new BroadcastChannel(name);
    const received: TabMessage[] = [];
    const stop = theirs.listen((message) => received.push(message));
    try {
      raw.postMessage({ type: "signedOut", userId: "", cause: "user" });
      raw.postMessage({ type: "wipeEverything", userId: "u1" });
      mine.post({ type: "signedOut", userId: "u1", cause: "server" });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(received).toEqual([{ type: "signedOut", userId: "u1", cause: "server" }]);
    } finally {
      stop();
      raw.close();
      mine.close();
      theirs.close();
    }
  });
});
