/**
 * What every resource handler gets: the store, the emulated clock, event emission, list pagination and `expand[]`.
 */
import { asInt, asString, invalid, type Params } from "./form.ts";
import { randomId, render, type StoredObject, Store } from "./store.ts";

export const API_VERSION = "2026-10-28.endive";

export type CoreOptions = {
  store: Store;
  /** Called after events were recorded, to start delivering them. */
  onEvents: () => void;
  publicUrl: () => string;
};

export class Core {
  readonly store: Store;
  private readonly onEvents: () => void;
  readonly publicUrl: () => string;
  /** Set while a request is handled, so events name the request that caused them. */
  request: { id: string | null; idempotency_key: string | null } = { id: null, idempotency_key: null };
  webhookEnabled = false;
  /** Failed renewal: retry after these many days (each counted from the previous attempt), then end as `afterFinalRetry`. */
  billing: { retryDays: number[]; afterFinalRetry: "canceled" | "unpaid" | "past_due" } = { retryDays: [3, 5, 7], afterFinalRetry: "canceled" };
  /** Called when a payment intent settles (succeeded, failed, needs action): invoices and subscriptions follow it. */
  readonly intentListeners: ((pi: StoredObject) => void)[] = [];

  /** Moves the emulated clock, running what falls due and delivering the webhooks (set by server.ts). */
  advance: (seconds: number) => Promise<void> = () => Promise.reject(new Error("clock not ready"));

  constructor(opts: CoreOptions) {
    this.store = opts.store;
    this.onEvents = opts.onEvents;
    this.publicUrl = opts.publicUrl;
  }

  /** Emulated unix time in seconds: real time moved by every clock.advance(). */
  now(): number {
    return Math.floor(Date.now() / 1000) + this.store.clockOffset;
  }

  id(prefix: string, length = 24): string {
    return randomId(prefix, length);
  }

  insert(object: StoredObject): StoredObject {
    return this.store.insert(object);
  }

  /** Records an event with a snapshot of the object, and queues it for the webhook endpoint. */
  emit(type: string, object: StoredObject, previousAttributes?: Record<string, unknown>): StoredObject {
    const event = this.store.insert({
      id: this.id("evt"),
      object: "event",
      api_version: API_VERSION,
      created: this.now(),
      data: { object: render(object), ...(previousAttributes ? { previous_attributes: render(previousAttributes) } : {}) },
      livemode: false,
      pending_webhooks: this.webhookEnabled ? 1 : 0,
      request: { ...this.request },
      type,
      ...(object._account ? { account: object._account } : {}),
    });
    if (this.webhookEnabled) {
      this.store.deliveries.push({ eventId: event.id, attempts: 0, nextAttemptAt: 0 });
      this.onEvents();
    }
    return event;
  }

  /** A copy for the wire with `expand[]` applied (dot paths, through lists' `data`). */
  out(object: StoredObject, expand: string[] = []): Record<string, unknown> {
    const copy = render(object) as Record<string, any>;
    if (copy.next_action) this.rebase(copy.next_action);
    for (const path of expand) this.expandPath(copy, path.split("."));
    return copy;
  }

  /** The 3-D Secure page's address follows the emulator's current one (a restarted emulator may have a new port). */
  private rebase(nextAction: Record<string, any>): void {
    const fix = (url: string) => url.replace(/^https?:\/\/[^/]+(?=\/_emulator\/)/, this.publicUrl());
    if (nextAction.use_stripe_sdk?.stripe_js) nextAction.use_stripe_sdk.stripe_js = fix(nextAction.use_stripe_sdk.stripe_js);
    if (nextAction.redirect_to_url?.url) nextAction.redirect_to_url.url = fix(nextAction.redirect_to_url.url);
  }

  private expandPath(node: any, path: string[]): void {
    if (!node || typeof node !== "object" || path.length === 0) return;
    if (Array.isArray(node)) {
      for (const item of node) this.expandPath(item, path);
      return;
    }
    const [head, ...rest] = path;
    let value = node[head];
    if (typeof value === "string") {
      const target = this.store.get(value);
      if (target) value = node[head] = render(target);
    }
    this.expandPath(value, rest);
  }

  /** Stripe's list envelope with limit / starting_after / ending_before over objects already sorted newest first. */
  list(url: string, items: StoredObject[], params: Params): Record<string, unknown> {
    const limit = asInt(params.limit, "limit") ?? 10;
    if (limit < 1 || limit > 100) throw invalid("Invalid limit: must be between 1 and 100", "limit");
    const after = asString(params.starting_after, "starting_after");
    const before = asString(params.ending_before, "ending_before");
    let page: StoredObject[];
    let hasMore: boolean;
    if (after) {
      const i = items.findIndex((o) => o.id === after);
      if (i < 0) throw invalid(`Invalid starting_after: no such object ${after} in this list`, "starting_after");
      const rest = items.slice(i + 1);
      page = rest.slice(0, limit);
      hasMore = rest.length > limit;
    } else if (before) {
      const i = items.findIndex((o) => o.id === before);
      if (i < 0) throw invalid(`Invalid ending_before: no such object ${before} in this list`, "ending_before");
      const head = items.slice(0, i);
      page = head.slice(Math.max(0, head.length - limit));
      hasMore = head.length > limit;
    } else {
      page = items.slice(0, limit);
      hasMore = items.length > limit;
    }
    const expand = expandList(params).filter((p) => p.startsWith("data.")).map((p) => p.slice(5));
    return { object: "list", data: page.map((o) => this.out(o, expand)), has_more: hasMore, url };
  }
}

export function expandList(params: Params): string[] {
  const e = params.expand;
  if (e === undefined) return [];
  const list = Array.isArray(e) ? e : typeof e === "object" ? Object.values(e) : [e];
  return list.map((v) => String(v));
}

/** `created[gte]=…` style filters, or an exact `created=…`. */
export function matchesRange(value: number, filter: unknown): boolean {
  if (filter === undefined) return true;
  if (typeof filter === "string") return value === Number(filter);
  const f = filter as Record<string, string>;
  if (f.gt !== undefined && !(value > Number(f.gt))) return false;
  if (f.gte !== undefined && !(value >= Number(f.gte))) return false;
  if (f.lt !== undefined && !(value < Number(f.lt))) return false;
  if (f.lte !== undefined && !(value <= Number(f.lte))) return false;
  return true;
}

/** Stripe's metadata update: `metadata[k]=` removes k, `metadata=` clears all. */
export function mergeMetadata(current: Record<string, string>, update: unknown): Record<string, string> {
  if (update === undefined) return current;
  if (update === "") return {};
  if (typeof update !== "object" || Array.isArray(update)) throw invalid("Invalid metadata: must be an object", "metadata");
  const next = { ...current };
  for (const [k, v] of Object.entries(update as Record<string, unknown>)) {
    if (v === "") delete next[k];
    else if (typeof v !== "string") throw invalid(`Invalid metadata[${k}]`, `metadata[${k}]`);
    else next[k] = v;
  }
  return next;
}
