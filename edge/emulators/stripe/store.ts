/**
 * The emulator's whole state: every object by id, the clock's offset, pending webhook deliveries. Kept in memory and,
 * when a data file is given, written to it after each change so a standalone emulator survives restarts.
 * Fields whose names start with `_` are the emulator's own bookkeeping and never leave it (see render()).
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { missing } from "./form.ts";

export type StoredObject = { id: string; object: string; created?: number; _seq?: number; [key: string]: any };
export type Delivery = { eventId: string; attempts: number; nextAttemptAt: number; lastError?: string };

export type SavedAnswer = { fingerprint: string; status: number; body: unknown; at: number };

type Snapshot = {
  idempotency?: Record<string, SavedAnswer>;
  objects: StoredObject[];
  clockOffset: number;
  deliveries: Delivery[];
  seq: number;
};

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

export function randomId(prefix: string, length = 24): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  let out = "";
  for (const b of bytes) out += ALPHABET[b % ALPHABET.length];
  return `${prefix}_${out}`;
}

export class Store {
  readonly objects = new Map<string, StoredObject>();
  deliveries: Delivery[] = [];
  /** Answers of requests made with an Idempotency-Key, kept 24 hours like Stripe. */
  idempotency: Record<string, SavedAnswer> = {};
  clockOffset = 0;
  private seq = 0;

  constructor(private readonly dataFile?: string) {
    if (dataFile && existsSync(dataFile)) {
      const snapshot = JSON.parse(readFileSync(dataFile, "utf8")) as Snapshot;
      for (const o of snapshot.objects) this.objects.set(o.id, o);
      this.clockOffset = snapshot.clockOffset;
      this.deliveries = snapshot.deliveries;
      this.seq = snapshot.seq;
      const dayAgo = Date.now() - 86_400_000;
      for (const [key, answer] of Object.entries(snapshot.idempotency ?? {})) if (answer.at > dayAgo) this.idempotency[key] = answer;
    }
  }

  insert(object: StoredObject): StoredObject {
    object._seq = ++this.seq;
    this.objects.set(object.id, object);
    return object;
  }

  get(id: string): StoredObject | undefined {
    return this.objects.get(id);
  }

  /** The object of that kind, or Stripe's resource_missing error naming it. */
  need(kind: string, id: string | undefined, param = "id", label = kind): StoredObject {
    const found = id ? this.objects.get(id) : undefined;
    if (!found || found.object !== kind || found.deleted) throw missing(label, String(id), param);
    return found;
  }

  /** Newest first, as Stripe lists. */
  all(kind: string, filter: (o: StoredObject) => boolean = () => true): StoredObject[] {
    const out: StoredObject[] = [];
    for (const o of this.objects.values()) if (o.object === kind && !o.deleted && filter(o)) out.push(o);
    return out.sort((a, b) => (b.created ?? 0) - (a.created ?? 0) || (b._seq ?? 0) - (a._seq ?? 0));
  }

  save(): void {
    if (!this.dataFile) return;
    const snapshot: Snapshot = {
      idempotency: this.idempotency,
      objects: [...this.objects.values()],
      clockOffset: this.clockOffset,
      deliveries: this.deliveries,
      seq: this.seq,
    };
    mkdirSync(dirname(this.dataFile), { recursive: true });
    const tmp = `${this.dataFile}.tmp`;
    writeFileSync(tmp, JSON.stringify(snapshot));
    renameSync(tmp, this.dataFile);
  }
}

/** A deep copy without the emulator's `_` fields. */
export function render<T>(value: T): T {
  if (Array.isArray(value)) return value.map(render) as T;
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (!k.startsWith("_")) out[k] = render(v);
    return out as T;
  }
  return value;
}
