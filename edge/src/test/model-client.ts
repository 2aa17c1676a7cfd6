/**
 * A plain TypeScript model of one device running RxDB's replication protocol
 * against the sync endpoints: local documents, the assumed master state of
 * each, a checkpoint per collection, and the history of push requests sent
 * (to replay them). It follows RxDB's rules:
 * - a document is pending while its local state differs from its assumed master;
 * - push sends `{assumedMasterState, newDocumentState}` for pending documents; a
 *   written row's assumed master becomes what was sent; a conflict's becomes the
 *   answered master and the local state becomes the shared resolution
 *   (`resolvePushConflict`) of the current local state;
 * - a push whose answer is lost is sent again, the same rows, until answered;
 * - a pulled document replaces the local one unless that one is pending (the
 *   conflict is then settled by the next push).
 */
import { type CollectionName, collectionOf, resolvePushConflict, sameValue } from "../../../sync/collections/index.ts";
import { type Checkpoint, isRefusedTombstone, type SyncDoc } from "../../../sync/protocol.ts";

export type Doc = SyncDoc & Record<string, unknown>;
export type Row = { assumedMasterState: Doc | null; newDocumentState: Doc };

/** How the device reaches the server (its answers may be dropped by the caller). */
export type ModelApi = {
  push(token: string, collection: CollectionName, rows: Row[]): Promise<Doc[]>;
  pull(token: string, collection: CollectionName, checkpoint: Checkpoint | null, limit: number): Promise<{ documents: Doc[]; checkpoint: Checkpoint | null }>;
};

export class ModelClient {
  readonly local = new Map<CollectionName, Map<string, Doc>>();
  readonly assumed = new Map<CollectionName, Map<string, Doc>>();
  readonly checkpoints = new Map<CollectionName, Checkpoint | null>();
  readonly sent: { collection: CollectionName; rows: Row[] }[] = [];
  /** Documents the server refused to create (answered with a refused tombstone). */
  readonly refused = new Set<string>();
  /** A push whose answer was lost: RxDB retries exactly these rows before anything else. */
  readonly inFlight = new Map<CollectionName, Row[]>();

  constructor(
    readonly name: string,
    readonly user: { id: string; token: string },
    readonly collections: CollectionName[],
    private readonly api: () => ModelApi,
  ) {
    for (const c of collections) {
      this.local.set(c, new Map());
      this.assumed.set(c, new Map());
      this.checkpoints.set(c, null);
    }
  }

  has(collection: CollectionName) {
    return this.collections.includes(collection);
  }

  docs(collection: CollectionName): Doc[] {
    return [...this.local.get(collection)!.values()];
  }

  /** A local write, made offline or online alike. */
  write(collection: CollectionName, doc: Doc) {
    this.local.get(collection)!.set(doc.id, structuredClone(doc));
  }

  pending(collection: CollectionName): Row[] {
    const assumed = this.assumed.get(collection)!;
    return this.docs(collection)
      .filter((doc) => !sameValue(doc, assumed.get(doc.id)))
      .map((doc) => ({ assumedMasterState: structuredClone(assumed.get(doc.id) ?? null), newDocumentState: structuredClone(doc) }));
  }

  /**
   * One push: the rows still waiting for an answer, else every pending document.
   * With `lose`, the server does its work but the answer never arrives.
   */
  async push(collection: CollectionName, opts: { lose?: boolean } = {}): Promise<number> {
    const rows = this.inFlight.get(collection) ?? this.pending(collection);
    if (rows.length === 0) return 0;
    this.sent.push({ collection, rows: structuredClone(rows) });
    const conflicts = await this.api().push(this.user.token, collection, structuredClone(rows));
    if (opts.lose) {
      this.inFlight.set(collection, rows);
      return rows.length;
    }
    this.inFlight.delete(collection);
    const local = this.local.get(collection)!;
    const assumed = this.assumed.get(collection)!;
    const c = collectionOf(collection);
    for (const row of rows) {
      const master = conflicts.find((d) => d.id === row.newDocumentState.id);
      if (!master) {
        assumed.set(row.newDocumentState.id, row.newDocumentState);
        continue;
      }
      if (isRefusedTombstone(master)) this.refused.add(master.id);
      const current = local.get(master.id)!;
      const resolved = sameValue(current, master)
        ? master
        : resolvePushConflict(c, { assumedMasterState: row.assumedMasterState, newDocumentState: current, realMasterState: master });
      assumed.set(master.id, master);
      local.set(master.id, structuredClone(resolved));
    }
    return rows.length;
  }

  /** A request sent earlier, delivered again (a retry or a late duplicate); its answer is ignored. */
  async replay(pick: number) {
    if (this.sent.length === 0) return;
    const { collection, rows } = this.sent[pick % this.sent.length];
    await this.api().push(this.user.token, collection, structuredClone(rows));
  }

  /** Pulls from the checkpoint until nothing is new (small pages, to exercise paging). */
  async pull(collection: CollectionName, limit = 3) {
    const local = this.local.get(collection)!;
    const assumed = this.assumed.get(collection)!;
    for (let page = 0; page < 10_000; page++) {
      const res = await this.api().pull(this.user.token, collection, this.checkpoints.get(collection)!, limit);
      if (!res.checkpoint) return;
      for (const doc of res.documents) {
        const mine = local.get(doc.id);
        const isPending = mine !== undefined && !sameValue(mine, assumed.get(doc.id));
        if (isPending) continue;
        local.set(doc.id, structuredClone(doc));
        assumed.set(doc.id, structuredClone(doc));
      }
      this.checkpoints.set(collection, res.checkpoint);
    }
    throw new Error("pull did not finish");
  }

  /** The device's documents, less those the server refused to create (RxDB keeps them as deleted). */
  visible(collection: CollectionName): Map<string, Doc> {
    return new Map(this.docs(collection).filter((d) => !this.refused.has(d.id)).map((d) => [d.id, d]));
  }
}
