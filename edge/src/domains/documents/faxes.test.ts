/**
 * Faxes against the Phaxio emulator over real HTTP: the edge's production
 * client sends to the emulator, the emulator calls the edge's webhook back
 * (late, signed, out of order when asked) and sends faxes in.
 */
import assert from "node:assert/strict";
import { apiTest, type TestContext } from "../../test/harness.ts";
import { startLiveServer } from "../../test/live-server.ts";
import { pdfText } from "../../test/pdf-check.ts";
import { startFaxEmulator } from "../../../emulators/fax/emulator.ts";
import { phaxioSignature } from "../../platform/fax/signature.ts";
import { createChart } from "../chart/chart-fixtures.ts";
import { createDocumentPractices, pdfBytes, PRACTICE_FAX, upload } from "./fixtures.ts";
import { FAX_SEND_JOB, FAX_SEND_RETRIES } from "./jobs.ts";

const CREDS = { apiKey: "emu-key", apiSecret: "emu-secret-0123456789", callbackToken: "emu-callback-token-abcdef" };
const emulator = await startFaxEmulator({ ...CREDS, callbackDelayMs: 20 });
const env = {
  FAX_API_URL: emulator.apiUrl, PHAXIO_API_KEY: CREDS.apiKey, PHAXIO_API_SECRET: CREDS.apiSecret,
  PHAXIO_CALLBACK_TOKEN: CREDS.callbackToken,
};

async function live(ctx: TestContext) {
  const server = await startLiveServer(ctx);
  // The callback URL the edge gives and checks signatures against is its public origin's.
  (ctx.deps.config as { publicOrigin: string }).publicOrigin = server.base;
  emulator.setInboundUrl(`${server.base}/api/v1/webhooks/fax`);
  return server;
}

async function fax(ctx: TestContext, token: string, body: Record<string, unknown>) {
  const res = await ctx.call("POST", "/documents/fax", { token, body });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body.result;
}

/** Runs the queued fax jobs and waits for the emulator's callbacks (and the jobs they queue) until all is quiet. */
async function settle(ctx: TestContext) {
  for (let round = 0; round < 20; round++) {
    const ran = await ctx.deps.jobs.drain();
    await emulator.settled();
    if (ran === 0 && (await ctx.deps.jobs.drain()) === 0) return;
  }
  throw new Error("the fax jobs did not settle");
}

const statusOf = async (ctx: TestContext, token: string, id: string) => (await ctx.call("GET", `/documents/${id}`, { token })).body.result;

apiTest("faxes through the Phaxio emulator", async (t, ctx) => {
  const server = await live(ctx);
  try {
    const p = await createDocumentPractices(ctx);
    const doc = (await upload(ctx, p.doctor.token, { name: "referral.pdf", data: await pdfBytes("Please see José Núñez") })).body.result;
    const vmaSocket = await server.connect(p.vma.token);

    await t.step("delivered: a cover page and the document reach the vendor; statuses arrive live", async () => {
      const sent = await fax(ctx, p.doctor.token, {
        documentId: doc.id, to: "(312) 555-0100", recipientName: "Ελένη Παπαδοπούλου", coverNote: "Records for Zoë Łukasz",
      });
      assert.deepEqual([sent.status, sent.faxNumber, sent.docType, sent.box], ["queued", "+13125550100", "outgoing_faxes", "sent"]);
      await settle(ctx);
      await vmaSocket.next("documents:changed", (e) => e.id === sent.id && e.status === "delivered");
      assert.equal((await statusOf(ctx, p.doctor.token, sent.id)).status, "delivered");
      const atVendor = emulator.sent.at(-1)!;
      assert.deepEqual([atVendor.to, atVendor.pages], ["+13125550100", 2]);
      // What was faxed: the cover page (Unicode names as written) then the document.
      const content = await ctx.app.request(`/api/v1/documents/${sent.id}/content`, { headers: { authorization: `Bearer ${p.doctor.token}` } });
      const { pages, text } = await pdfText(new Uint8Array(await content.arrayBuffer()));
      assert.equal(pages, 2);
      for (const s of ["FAX", "Ελένη Παπαδοπούλου", "+13125550100", "Dr. Zoë Łukasz", "Records for Zoë Łukasz", "Please see José Núñez"]) {
        assert.ok(text.includes(s), s);
      }
    });

    await t.step("busy, then resent and delivered; a delivered fax is not resent", async () => {
      emulator.failNext("+13125550111", "busy");
      const sent = await fax(ctx, p.vma.token, { documentId: doc.id, to: "+13125550111" });
      await settle(ctx);
      const busy = await statusOf(ctx, p.doctor.token, sent.id);
      assert.deepEqual([busy.status, busy.statusMessage], ["busy", "The line was busy"]);
      const again = await ctx.call("PUT", `/documents/resend/${sent.id}`, { token: p.doctor.token });
      assert.equal(again.body.result.status, "queued");
      await settle(ctx);
      assert.equal((await statusOf(ctx, p.doctor.token, sent.id)).status, "delivered");
      const refused = await ctx.call("PUT", `/documents/resend/${sent.id}`, { token: p.doctor.token });
      assert.deepEqual([refused.status, refused.body.details.reason], [409, "RESEND_NOT_ALLOWED"]);
    });

    await t.step("the vendor down: retried, then failed after the last attempt, resendable, then delivered", async () => {
      emulator.outage(FAX_SEND_RETRIES + 1);
      const sent = await fax(ctx, p.doctor.token, { documentId: doc.id, to: "+13125550133" });
      // Each retry is due at once here; the real back-off is 30 s and more.
      for (let attempt = 1; attempt <= FAX_SEND_RETRIES; attempt++) {
        assert.equal(await ctx.deps.jobs.drain({ jobs: [FAX_SEND_JOB], dueNow: true }), 1);
        assert.equal((await statusOf(ctx, p.doctor.token, sent.id)).status, "queued", `still queued after attempt ${attempt}`);
      }
      assert.equal(await ctx.deps.jobs.drain({ jobs: [FAX_SEND_JOB], dueNow: true }), 1);
      const failed = await statusOf(ctx, p.doctor.token, sent.id);
      assert.deepEqual([failed.status, failed.statusMessage], ["failed", "Fax send failed: the fax service could not be reached"]);
      assert.equal((await ctx.deps.jobs.failed()).filter((j) => j.name === "documents.fax.send").length, 0, "given up, not dead-lettered");
      const again = await ctx.call("PUT", `/documents/resend/${sent.id}`, { token: p.doctor.token });
      assert.equal(again.body.result.status, "queued");
      await settle(ctx);
      assert.equal((await statusOf(ctx, p.doctor.token, sent.id)).status, "delivered");
    });

    await t.step("no answer and failure carry their message", async () => {
      const noAnswer = await fax(ctx, p.doctor.token, { documentId: doc.id, to: "+13125550003" });
      const failed = await fax(ctx, p.doctor.token, { documentId: doc.id, to: "+13125550004" });
      await settle(ctx);
      const a = await statusOf(ctx, p.doctor.token, noAnswer.id);
      const b = await statusOf(ctx, p.doctor.token, failed.id);
      assert.deepEqual([a.status, a.statusMessage], ["no answer", "No answer"]);
      assert.deepEqual([b.status, b.statusMessage], ["failed", "The receiving fax machine is incompatible"]);
    });

    await t.step("callbacks out of order: the late 'in progress' never moves a delivered fax back", async () => {
      emulator.setOutOfOrder(true);
      try {
        const sent = await fax(ctx, p.doctor.token, { documentId: doc.id, to: "+13125550122" });
        await settle(ctx);
        const vendorId = (await ctx.sql<{ vendor_id: string }[]>`select vendor_id from documents where id = ${sent.id}`)[0].vendor_id;
        const order = emulator.deliveries.filter((d) => d.status === 200).map((d) => d.event).slice(-2);
        assert.deepEqual(order, ["fax_completed", "fax_transmitting"], "the emulator did deliver them reversed");
        assert.ok(vendorId);
        assert.equal((await statusOf(ctx, p.doctor.token, sent.id)).status, "delivered");
      } finally {
        emulator.setOutOfOrder(false);
      }
    });

    await t.step("a fax sent in, delivered three times, is stored once; the counter rises live", async () => {
      const doctorSocket = await server.connect(p.doctor.token);
      const before = (await ctx.sql<{ n: number }[]>`select count(*)::int as n from blobs where kind = 'fax'`)[0].n;
      await emulator.receive({ from: "+13125550199", to: PRACTICE_FAX, times: 3 });
      await settle(ctx);
      const list = await ctx.call("POST", "/documents/list", { token: p.doctor.token, body: { box: "received", docType: "incoming_faxes" } });
      assert.equal(list.body.result.totalCount, 1);
      const [incoming] = list.body.result.list;
      assert.deepEqual([incoming.status, incoming.isNew, incoming.faxNumber], ["received", true, "+13125550199"]);
      const after = (await ctx.sql<{ n: number }[]>`select count(*)::int as n from blobs where kind = 'fax'`)[0].n;
      assert.equal(after - before, 1, "the redeliveries' bytes are not kept");
      assert.deepEqual(await doctorSocket.next("faxes:counter"), { faxes: 1 });
      await doctorSocket.next("documents:new", (e) => e.id === incoming.id);
      assert.equal((await ctx.call("GET", "/users/counters", { token: p.vma.token })).body.result.faxes, 1);
      // The other practice hears nothing and sees nothing.
      assert.equal((await ctx.call("POST", "/documents/list", { token: p.otherDoctor.token, body: {} })).body.result.totalCount, 0);
      assert.equal((await ctx.call("GET", `/documents/${incoming.id}`, { token: p.otherVma.token })).status, 404);
      // The first view clears isNew and lowers the counter for the whole team.
      assert.equal((await statusOf(ctx, p.vma.token, incoming.id)).isNew, false);
      await doctorSocket.next("faxes:counter", (e) => e.faxes === 0);
      await doctorSocket.next("documents:viewed", (e) => e.id === incoming.id);
      assert.equal((await ctx.call("GET", "/users/counters", { token: p.doctor.token })).body.result.faxes, 0);
    });

    await t.step("a webhook with a wrong signature is refused and changes nothing", async () => {
      const form = new FormData();
      form.set("event_type", "fax_received");
      form.set("fax", JSON.stringify({ id: 1, direction: "received", status: "success", created_at: new Date().toISOString() }));
      const url = `${server.base}/api/v1/webhooks/fax`;
      for (const signature of [undefined, await phaxioSignature("not-the-token", url, form)]) {
        const res = await fetch(url, { method: "POST", body: form, headers: signature ? { "x-phaxio-signature": signature } : {} });
        assert.equal(res.status, 400);
        assert.equal((await res.json()).details.reason, "INVALID_SIGNATURE");
      }
      assert.equal((await ctx.sql`select 1 from fax_events where key = 'received:1'`).length, 0);
    });

    await t.step("an encounter's export faxed to a typed number, audited for the patient", async () => {
      const chart = await createChart(ctx, p.doctor, p.patient.id);
      const sent = await fax(ctx, p.doctor.token, { encounterId: chart.encounter.id, to: "3125550133", recipientName: "Cardiology" });
      assert.equal(sent.patient.id, p.patient.id);
      await settle(ctx);
      assert.equal((await statusOf(ctx, p.doctor.token, sent.id)).status, "delivered");
      const audit = await ctx.deps.audit.forSubject(p.patient.id);
      assert.ok(audit.some((a) => a.event === "chart.write" && a.details.what === "fax.send" && a.details.id === sent.id));
      // Another practice cannot fax this patient's encounter.
      const other = await ctx.call("POST", "/documents/fax", { token: p.otherDoctor.token, body: { encounterId: chart.encounter.id, to: "3125550133" } });
      assert.equal(other.status, 404);
    });
  } finally {
    await emulator.settled();
    await server.close();
  }
}, { env });

Deno.test({ name: "fax emulator: close", sanitizeOps: false, sanitizeResources: false, fn: () => emulator.close() });
