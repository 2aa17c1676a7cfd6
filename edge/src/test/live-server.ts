/** The test app on a real loopback HTTP server with socket.io, and sockets that are closed with it. */
import { createServer } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { createRealtime } from "../realtime/realtime.ts";
import type { PresenceOptions } from "../realtime/presence.ts";
import type { TestContext } from "./harness.ts";
import { connectSocket, type RecordingSocket } from "./socket-client.ts";

export type LiveServer = {
  base: string;
  connect(token: string | undefined): Promise<RecordingSocket>;
  close(): Promise<void>;
  realtime: Awaited<ReturnType<typeof createRealtime>>;
};

export async function startLiveServer(ctx: TestContext, opts: { presence?: PresenceOptions } = {}): Promise<LiveServer> {
  const server = createServer(getRequestListener(ctx.app.fetch));
  const realtime = await createRealtime({ server, deps: ctx.deps, uploads: ctx.services.chatFiles, presence: opts.presence, video: ctx.services.video });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  const open: RecordingSocket[] = [];
  return {
    base,
    realtime,
    async connect(token) {
      const s = await connectSocket(base, token);
      open.push(s);
      return s;
    },
    async close() {
      for (const s of open) s.close();
      await realtime.close();
    },
  };
}
