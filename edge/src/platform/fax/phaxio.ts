/**
 * The production fax client: Phaxio's REST API v2.1 over fetch (no SDK is
 * maintained for Deno; the API is three form posts). Configured by
 * FAX_API_URL, PHAXIO_API_KEY, PHAXIO_API_SECRET and PHAXIO_CALLBACK_TOKEN;
 * `npm start` without them points the same client at the local emulator.
 */
import { z } from "zod";
import type { FaxStatus } from "../../../../sync/schemas/document.ts";
import { type Fax, type FaxSendRequest, FaxSendError, type FaxWebhookEvent } from "./fax.ts";
import { phaxioSignature, sameSignature } from "./signature.ts";

export type PhaxioOptions = { baseUrl: string; apiKey: string; apiSecret: string; callbackToken: string };

const recipientSchema = z.object({
  phone_number: z.string().max(32),
  status: z.string().max(40),
  error_type: z.string().max(60).nullish(),
  error_message: z.string().max(300).nullish(),
  completed_at: z.string().max(40).nullish(),
});
const faxSchema = z.object({
  id: z.union([z.number().int(), z.string().regex(/^\d{1,20}$/)]).transform(String),
  direction: z.enum(["sent", "received"]),
  status: z.string().max(40),
  num_pages: z.number().int().min(0).max(10_000).default(0),
  from_number: z.string().max(32).nullish(),
  to_number: z.string().max(32).nullish(),
  created_at: z.string().max(40),
  completed_at: z.string().max(40).nullish(),
  status_at: z.string().max(40).nullish(),
  recipients: z.array(recipientSchema).max(50).default([]),
});

/** Phaxio's recipient status and error to ours. */
function statusOf(eventType: string, fax: z.infer<typeof faxSchema>): { status: FaxStatus; message: string | null } | null {
  const r = fax.recipients[0];
  if (eventType === "fax_transmitting" || fax.status === "inprogress") return { status: "sending", message: null };
  if (fax.status === "queued" || fax.status === "pendingbatch") return { status: "queued", message: null };
  if (fax.status === "success") return { status: "delivered", message: null };
  if (fax.status === "failure" || fax.status === "partialsuccess") {
    const text = (r?.error_message ?? "").toLowerCase();
    if (text.includes("busy")) return { status: "busy", message: "The line was busy" };
    if (text.includes("no answer")) return { status: "no answer", message: "No answer" };
    if (text.includes("cancel")) return { status: "canceled", message: "Canceled" };
    return { status: "failed", message: r?.error_message?.slice(0, 200) || "The fax could not be sent" };
  }
  return null;
}

export function createPhaxioFax(options: PhaxioOptions): Fax {
  const base = options.baseUrl.replace(/\/$/, "");
  const auth = `Basic ${btoa(`${options.apiKey}:${options.apiSecret}`)}`;
  return {
    vendor: "Phaxio",

    async send(request: FaxSendRequest) {
      const form = new FormData();
      form.set("to", request.to);
      form.set("file", new File([request.pdf as BlobPart], request.fileName, { type: "application/pdf" }));
      form.set("callback_url", request.callbackUrl);
      let res: Response;
      try {
        res = await fetch(`${base}/faxes`, { method: "POST", headers: { authorization: auth }, body: form });
      } catch {
        throw new FaxSendError("The fax service could not be reached", true);
      }
      const body = await res.json().catch(() => null) as { success?: boolean; message?: string; data?: { id?: unknown } } | null;
      if (res.ok && body?.success && body.data?.id !== undefined) return { faxId: String(body.data.id) };
      const message = typeof body?.message === "string" ? body.message.slice(0, 200) : `HTTP ${res.status}`;
      throw new FaxSendError(message, res.status >= 500 || res.status === 429);
    },

    async parseWebhook({ url, signature, form }) {
      if (!signature || !sameSignature(signature, await phaxioSignature(options.callbackToken, url, form))) return null;
      const eventType = form.get("event_type");
      const rawFax = form.get("fax");
      if (typeof eventType !== "string" || typeof rawFax !== "string") return null;
      let json: unknown;
      try {
        json = JSON.parse(rawFax);
      } catch {
        return null;
      }
      const parsed = faxSchema.safeParse(json);
      if (!parsed.success) return null;
      const fax = parsed.data;
      const at = new Date(fax.status_at ?? fax.completed_at ?? fax.created_at);
      if (Number.isNaN(at.getTime())) return null;
      if (eventType === "fax_received" && fax.direction === "received") {
        const file = form.get("filename");
        if (!file || typeof file === "string") return null;
        return {
          kind: "received", faxId: fax.id, from: fax.from_number ?? "", to: fax.to_number ?? "", pages: fax.num_pages, at,
          pdf: new Uint8Array(await file.arrayBuffer()), key: `received:${fax.id}`,
        } satisfies FaxWebhookEvent;
      }
      if (fax.direction !== "sent") return null;
      const s = statusOf(eventType, fax);
      if (!s) return null;
      return { kind: "status", faxId: fax.id, ...s, at, key: `status:${fax.id}:${s.status}:${at.toISOString()}` };
    },
  };
}
