/** A loopback node:http server with the app, socket.io and the collab endpoint, as main.ts wires them, for collab tests. */
import { createServer } from "node:http";
import { getRequestListener } from "@hono/node-server";
import type { TestContext } from "./harness.ts";
import { createRealtime } from "../realtime/realtime.ts";
import { createCollabServer } from "../domains/collab/server.ts";
import type { CollabOptions } from "../domains/collab/documents.ts";

export async function startCollabServer(ctx: TestContext, options: Partial<CollabOptions> & { recheckMs?: number } = {}) {
  const server = createServer(getRequestListener(ctx.app.fetch));
  const realtime = await createRealtime({ server, deps: ctx.deps });
  const databaseKind = ctx.databaseUrl ? "postgres" as const : "pglite" as const;
  const collab = await createCollabServer({ server, deps: { ...ctx.deps, databaseKind }, options });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  return {
    base,
    async close() {
      await collab.close();
      await realtime.close();
    },
  };
}
