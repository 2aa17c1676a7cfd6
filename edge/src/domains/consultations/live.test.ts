/** Consultation changes reach the parties' and the VMA's devices live (`sync:consultations`), and nobody else's. */
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { apiTest } from "../../test/harness.ts";
import { connectSocket, type RecordingSocket, sleep } from "../../test/socket-client.ts";
import { booked, createBookableDoctor, createPatient, LONG_TOKENS, MONDAY_MORNING } from "../../test/consultation-fixtures.ts";
import { createRealtime } from "../../realtime/realtime.ts";

apiTest("consultations: live changes to the devices that may read them", async (t, ctx) => {
  ctx.clock.set(MONDAY_MORNING);
  const server = createServer(getRequestListener(ctx.app.fetch));
  const realtime = await createRealtime({ server, deps: ctx.deps });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const sockets: RecordingSocket[] = [];
  const connect = async (token: string) => {
    const s = await connectSocket(base, token);
    sockets.push(s);
    return s;
  };
  try {
    const doctor = await createBookableDoctor(ctx);
    const vma = await ctx.createUser("vma", { doctor_id: doctor.id });
    const patient = await createPatient(ctx, doctor);
    const otherDoctor = await createBookableDoctor(ctx);
    const [doctorSocket, vmaSocket, patientSocket, outsider] = await Promise.all(
      [doctor, vma, patient, otherDoctor].map((u) => connect(u.token)),
    );

    await t.step("a booking reaches the doctor and their VMA", async () => {
      const c = await booked(ctx, patient, doctor.id, "2026-03-02T17:00:00.000Z");
      for (const s of [doctorSocket, vmaSocket, patientSocket]) {
        const event = await s.next("sync:consultations", (p) => p.documents.some((d: any) => d.id === c.id), 2000);
        assert.equal(event.documents.find((d: any) => d.id === c.id).status, "requested");
      }
      await sleep(200);
      assert.equal(outsider.events.some((e) => e.name === "sync:consultations"), false);
      const accept = await ctx.call("PUT", `/consultations/accept/${c.id}`, { token: vma.token });
      assert.equal(accept.status, 200);
      await patientSocket.next("sync:consultations", (p) => p.documents.some((d: any) => d.id === c.id && d.status === "accepted"), 2000);
    });
  } finally {
    for (const s of sockets) s.close();
    await realtime.close();
  }
}, LONG_TOKENS);
