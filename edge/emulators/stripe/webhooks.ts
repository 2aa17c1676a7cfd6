/**
 * Webhook delivery as Stripe does it: POST the event as JSON with `Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256 of
 * "t.payload" with the endpoint secret>`. A delivery that does not get a 2xx stays pending and is retried with
 * backoff (1 s, 2 s, 4 s … at most 30 s of real time — Stripe itself retries for 3 days), so events reach an edge that
 * was down once it is back. Deliveries are sent one at a time, in event order unless told otherwise.
 */
import { createHmac } from "node:crypto";
import type { Store } from "./store.ts";

export type WebhookOrder = "in-order" | "reversed" | "shuffled";

export function signPayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex");
  return `t=${timestamp},v1=${signature}`;
}

export class WebhookSender {
  url: string | undefined;
  order: WebhookOrder;
  private running: Promise<number> | null = null;

  constructor(private readonly opts: { store: Store; secret: string; url?: string; order?: WebhookOrder }) {
    this.url = opts.url;
    this.order = opts.order ?? "in-order";
  }

  /** One pass over the pending deliveries; `force` ignores their backoff. Returns how many were delivered. */
  async pass(force = false): Promise<number> {
    while (this.running) await this.running.catch(() => 0);
    this.running = this.run(force);
    try {
      return await this.running;
    } finally {
      this.running = null;
    }
  }

  nextDueInMs(): number | null {
    if (!this.url || this.opts.store.deliveries.length === 0) return null;
    return Math.max(0, Math.min(...this.opts.store.deliveries.map((d) => d.nextAttemptAt)) - Date.now());
  }

  private async run(force: boolean): Promise<number> {
    const { store } = this.opts;
    const url = this.url;
    if (!url) return 0;
    const due = store.deliveries.filter((d) => force || d.nextAttemptAt <= Date.now());
    const batch = this.order === "reversed" ? [...due].reverse() : this.order === "shuffled" ? shuffle(due) : due;
    let delivered = 0;
    for (const delivery of batch) {
      const event = store.get(delivery.eventId);
      if (!event) {
        store.deliveries = store.deliveries.filter((d) => d !== delivery);
        continue;
      }
      const payload = JSON.stringify(eventPayload(event), null, 2);
      delivery.attempts++;
      let ok = false;
      try {
        const response = await fetch(url, {
          method: "POST",
          headers: {
            "content-type": "application/json; charset=utf-8",
            "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
            "stripe-signature": signPayload(payload, this.opts.secret),
          },
          body: payload,
          signal: AbortSignal.timeout(10_000),
        });
        await response.body?.cancel();
        ok = response.status >= 200 && response.status < 300;
        if (!ok) delivery.lastError = `HTTP ${response.status}`;
      } catch (error) {
        delivery.lastError = error instanceof Error ? error.message : String(error);
      }
      if (ok) {
        store.deliveries = store.deliveries.filter((d) => d !== delivery);
        event.pending_webhooks = 0;
        delivered++;
      } else {
        delivery.nextAttemptAt = Date.now() + Math.min(30_000, 1000 * 2 ** (delivery.attempts - 1));
      }
    }
    store.save();
    return delivered;
  }
}

function eventPayload(event: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(event)) if (!k.startsWith("_")) out[k] = v;
  return out;
}

function shuffle<T>(items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
