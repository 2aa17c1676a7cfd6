/**
 * A local emulator of Phaxio's fax API v2.1 (see README.md beside it): it
 * accepts faxes, "dials" them, calls back late — and out of order when asked —
 * with signed status webhooks, fails on demand (busy, no answer, failure), and
 * can "receive" a fax: it posts a signed `fax_received` webhook with a PDF to
 * the edge, as many times as asked (a vendor redelivering).
 */
import { createServer } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { phaxioSignature } from "../../src/platform/fax/signature.ts";
import { createPdf, pageCount } from "../../src/platform/pdf.ts";

export type Outcome = "delivered" | "busy" | "no answer" | "failed";
export type EmulatorOptions = {
  apiKey: string;
  apiSecret: string;
  callbackToken: string;
  /** Where received faxes are posted (the edge's /api/v1/webhooks/fax). */
  inboundUrl?: string;
  /** Delay before the first status callback; the next comes as late again (default 200 ms). */
  callbackDelayMs?: number;
  port?: number;
};
export type SentFax = { id: string; to: string; pages: number; bytes: number; outcome: Outcome; callbackUrl: string; createdAt: string };

const OUTCOME_MESSAGES: Record<Exclude<Outcome, "delivered">, { type: string; message: string }> = {
  busy: { type: "lineError", message: "Busy" },
  "no answer": { type: "lineError", message: "No answer" },
  failed: { type: "faxError", message: "The receiving fax machine is incompatible" },
};

/** Numbers ending in these digits fail the same way every time (like a vendor's test numbers). */
const OUTCOME_BY_SUFFIX: Record<string, Outcome> = { "0002": "busy", "0003": "no answer", "0004": "failed" };

export async function startFaxEmulator(options: EmulatorOptions) {
  let nextId = 100_000 + Math.floor(Math.random() * 100_000);
  const sent: SentFax[] = [];
  /** Outcomes asked for: the next fax to that number ends so, once. */
  const forced = new Map<string, Outcome>();
  let outOfOrder = false;
  /** Sends still to be refused with a 503 (`outage`). */
  let outageLeft = 0;
  let inboundUrl = options.inboundUrl;
  const delay = options.callbackDelayMs ?? 200;
  const pending = new Set<Promise<void>>();
  const deliveries: { url: string; event: string; status: number }[] = [];

  const expected = `Basic ${btoa(`${options.apiKey}:${options.apiSecret}`)}`;
  const json = (body: unknown, status = 200) => Response.json(body, { status });

  async function post(url: string, form: FormData) {
    const signature = await phaxioSignature(options.callbackToken, url, form);
    let status = 0;
    try {
      const res = await fetch(url, { method: "POST", headers: { "x-phaxio-signature": signature }, body: form });
      status = res.status;
      await res.body?.cancel();
    } catch { /* the edge is down: a real vendor retries later; we record it */ }
    deliveries.push({ url, event: String(form.get("event_type")), status });
  }

  function later(ms: number, fn: () => Promise<void>) {
    const p = new Promise<void>((resolve) => setTimeout(() => fn().finally(resolve), ms));
    pending.add(p);
    p.finally(() => pending.delete(p));
  }

  function statusForm(fax: SentFax, eventType: string, status: string, at: Date) {
    const form = new FormData();
    const failure = fax.outcome !== "delivered" && status === "failure" ? OUTCOME_MESSAGES[fax.outcome] : null;
    form.set("event_type", eventType);
    form.set("direction", "sent");
    form.set("is_test", "true");
    form.set("success", String(status === "success"));
    form.set("fax", JSON.stringify({
      id: Number(fax.id), direction: "sent", status, num_pages: fax.pages, created_at: fax.createdAt,
      status_at: at.toISOString(), completed_at: status === "inprogress" ? null : at.toISOString(),
      recipients: [{
        phone_number: fax.to, status, completed_at: status === "inprogress" ? null : at.toISOString(),
        error_type: failure?.type ?? null, error_message: failure?.message ?? null,
      }],
    }));
    return form;
  }

  async function handle(req: Request): Promise<Response> {
    const url = new URL(req.url);
    if (req.method === "POST" && url.pathname === "/v2.1/faxes") {
      if (req.headers.get("authorization") !== expected) return json({ success: false, message: "Invalid API credentials" }, 401);
      if (outageLeft > 0) {
        outageLeft--;
        return json({ success: false, message: "Service temporarily unavailable" }, 503);
      }
      const form = await req.formData().catch(() => null);
      const to = form?.get("to");
      const file = form?.get("file");
      const callbackUrl = form?.get("callback_url");
      if (typeof to !== "string" || !/^\+[1-9]\d{7,14}$/.test(to)) {
        return json({ success: false, message: "Phone number is not formatted correctly or invalid" }, 422);
      }
      if (!file || typeof file === "string") return json({ success: false, message: "You must include content" }, 422);
      const bytes = new Uint8Array(await file.arrayBuffer());
      if (new TextDecoder().decode(bytes.subarray(0, 5)) !== "%PDF-") {
        return json({ success: false, message: "The file type is not supported" }, 422);
      }
      if (typeof callbackUrl !== "string") return json({ success: false, message: "callback_url is required" }, 422);
      const outcome = forced.get(to) ?? OUTCOME_BY_SUFFIX[to.slice(-4)] ?? "delivered";
      forced.delete(to);
      const pages = await pageCount(bytes).catch(() => -1);
      if (pages < 1) return json({ success: false, message: "The file could not be read as a PDF" }, 422);
      const fax: SentFax = {
        id: String(nextId++), to, pages, bytes: bytes.byteLength, outcome, callbackUrl, createdAt: new Date().toISOString(),
      };
      sent.push(fax);
      const t0 = Date.now();
      const transmitting = () => post(callbackUrl, statusForm(fax, "fax_transmitting", "inprogress", new Date(t0 + 1)));
      const completed = () =>
        post(callbackUrl, statusForm(fax, "fax_completed", outcome === "delivered" ? "success" : "failure", new Date(t0 + 2)));
      // Late, and when asked out of order: the final status first, the "in progress" one after it.
      const [first, second] = outOfOrder ? [completed, transmitting] : [transmitting, completed];
      later(delay, async () => {
        await first();
        await new Promise((r) => setTimeout(r, delay));
        await second();
      });
      return json({ success: true, message: "Fax queued for sending", data: { id: Number(fax.id) } });
    }
    // Control endpoints of the emulator (not Phaxio's): used by tests and `npm run fax:receive`.
    if (req.method === "POST" && url.pathname === "/emulator/outcome") {
      const body = await req.json().catch(() => ({}));
      if (typeof body.to !== "string" || !["delivered", "busy", "no answer", "failed"].includes(body.outcome)) {
        return json({ success: false, message: "Give to (E.164) and outcome" }, 422);
      }
      forced.set(body.to, body.outcome);
      return json({ success: true });
    }
    if (req.method === "POST" && url.pathname === "/emulator/receive") {
      const body = await req.json().catch(() => ({}));
      const r = await receive({ from: body.from, to: body.to, times: body.times, text: body.text });
      return json({ success: true, data: r });
    }
    if (req.method === "GET" && url.pathname === "/emulator/faxes") return json({ success: true, data: sent });
    return json({ success: false, message: "Not found" }, 404);
  }

  /** Sends a fax in: a signed fax_received webhook with a PDF, delivered `times` times (a redelivering vendor). */
  async function receive(input: { from?: string; to?: string; times?: number; text?: string; pdf?: Uint8Array }) {
    if (!inboundUrl) throw new Error("The emulator has no inbound URL");
    const id = String(nextId++);
    const from = input.from ?? "+13125550147";
    const to = input.to ?? "+15005550006";
    const pdf = input.pdf ?? await createPdf([
      { text: "Outside medical records", bold: true },
      { text: input.text ?? `Received by fax from ${from}` },
    ], { title: "Received fax" });
    const now = new Date().toISOString();
    const form = () => {
      const f = new FormData();
      f.set("event_type", "fax_received");
      f.set("direction", "received");
      f.set("is_test", "true");
      f.set("success", "true");
      f.set("fax", JSON.stringify({
        id: Number(id), direction: "received", status: "success", num_pages: 1, from_number: from, to_number: to,
        created_at: now, completed_at: now, recipients: [],
      }));
      f.set("filename", new File([pdf as BlobPart], `fax-${id}.pdf`, { type: "application/pdf" }));
      return f;
    };
    const times = Math.min(Math.max(Number(input.times) || 1, 1), 5);
    await Promise.all(Array.from({ length: times }, () => post(inboundUrl!, form())));
    return { id, from, to, times };
  }

  // node:http like the edge (@hono/node-server swaps the global Response, which Deno.serve refuses).
  const server = createServer(getRequestListener(handle));
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  return {
    url,
    apiUrl: `${url}/v2.1`,
    credentials: { apiKey: options.apiKey, apiSecret: options.apiSecret, callbackToken: options.callbackToken },
    sent,
    deliveries,
    receive,
    setInboundUrl: (u: string) => (inboundUrl = u),
    /** The next fax to this number ends so. */
    failNext: (to: string, outcome: Outcome) => forced.set(to, outcome),
    /** The next `sends` fax sends answer 503, as Phaxio does while it is down. */
    outage: (sends: number) => (outageLeft = sends),
    /** Final status callbacks before the "in progress" ones. */
    setOutOfOrder: (on: boolean) => (outOfOrder = on),
    /** Resolves when every scheduled callback was delivered. */
    async settled() {
      while (pending.size) await Promise.all([...pending]);
    },
    async close() {
      await this.settled();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type FaxEmulator = Awaited<ReturnType<typeof startFaxEmulator>>;
