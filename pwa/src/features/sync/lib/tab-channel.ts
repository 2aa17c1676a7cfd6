/**
 * What one tab of the app tells the other tabs of the same browser (a
 * BroadcastChannel): that a user signed out there. That tab wipes the user's
 * local data; every other tab of that user closes its handles first (stopping
 * replication, and so not blocking the wipe's database deletion), wipes
 * nothing itself, and signs out too. Messages from other tabs are validated
 * like any outside input.
 */
import { z } from "zod";

const tabMessageSchema = z.object({
  type: z.literal("signedOut"),
  userId: z.string().min(1),
  cause: z.enum(["user", "server"]),
});
export type TabMessage = z.infer<typeof tabMessageSchema>;

export type TabChannel = {
  post(message: TabMessage): void;
  /** Messages posted by the other tabs; returns the unsubscribe. */
  listen(handler: (message: TabMessage) => void): () => void;
  close(): void;
};

export const TAB_CHANNEL_NAME = "dpc.localData";

/** The browser's BroadcastChannel; a channel that tells nobody where there is none. */
export function createTabChannel(name = TAB_CHANNEL_NAME): TabChannel {
  if (typeof BroadcastChannel !== "function") return { post() {}, listen: () => () => {}, close() {} };
  const channel = new BroadcastChannel(name);
  return {
    post: (message) => channel.postMessage(message),
    listen(handler) {
      const onMessage = (event: MessageEvent) => {
        const parsed = tabMessageSchema.safeParse(event.data);
        if (parsed.success) handler(parsed.data);
      };
      channel.addEventListener("message", onMessage);
      return () => channel.removeEventListener("message", onMessage);
    },
    close: () => channel.close(),
  };
}
