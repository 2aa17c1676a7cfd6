/**
 * The waiting marks rebuilt from RxDB's own state, at open and before the
 * replication starts (issue 19).
 *
 * Marks are written behind the edits (`pending-marks.ts`): a change is stored
 * by RxDB before its edit resolves, its mark a moment later, so a tab that
 * dies in between keeps the change and loses the mark. The change itself is
 * not lost — RxDB's upstream finds it and pushes it — but until then the
 * screens would show it as sent. This finds what RxDB's upstream would push,
 * as it does: the documents written since the replication's `up` checkpoint
 * (`getChangedDocumentsSince`) whose state differs from their assumed master
 * state (the meta row, or the server's copy kept in a first change's `_meta`,
 * which the meta store answers with: `replication-meta.ts`), or that have no
 * master state at all (created on this device and not pushed). Documents the
 * bulk first pull stored and nobody changed (`isPristine`) are the server's
 * copy and are never waiting.
 */
import {
  getChangedDocumentsSince,
  getComposedPrimaryKeyOfDocumentData,
  type RxCollection,
  type RxStorageInstance,
  stackCheckpoints,
  writeDocToDocState,
} from "rxdb";
import type { CollectionName } from "../../../../../sync/collections/index.ts";
import type { DpcDatabase } from "./database.ts";
import type { PendingMarks } from "./pending-marks.ts";
import { collectionMetaParams, isPristine, replicationNames } from "./replication-meta.ts";

type Row = Record<string, unknown>;
type Instance = RxStorageInstance<Row, unknown, unknown>;
type MetaRow = Row & { itemId: string; docData: Row; isResolvedConflict?: string; checkpointData?: unknown };

/** The ids of the collection's documents RxDB's upstream would push now. */
export async function unpushedChanges(options: { db: DpcDatabase; name: CollectionName; batchSize?: number }): Promise<string[]> {
  const { db, name } = options;
  const batchSize = options.batchSize ?? 500;
  const collection = db[name] as unknown as RxCollection;
  const fork = collection.storageInstance as unknown as Instance;
  const primary = collection.schema.primaryPath as string;
  const names = await replicationNames(name, db.name);
  const meta = await db.storage.createStorageInstance(collectionMetaParams(db, name, names)) as unknown as Instance;
  const metaId = (itemId: string, isCheckpoint: "0" | "1") =>
    getComposedPrimaryKeyOfDocumentData(meta.schema as never, { itemId, isCheckpoint } as never);
  try {
    const [up] = await meta.findDocumentsById([metaId("up", "1")], true) as unknown as MetaRow[];
    let checkpoint = up?.checkpointData;
    const waiting: string[] = [];
    for (;;) {
      const changed = await getChangedDocumentsSince(fork, batchSize, checkpoint as never);
      if (changed.documents.length === 0) break;
      checkpoint = stackCheckpoints([checkpoint, changed.checkpoint]);
      const docs = changed.documents as Row[];
      const masters = await meta.findDocumentsById(docs.map((doc) => metaId(String(doc[primary]), "0")), true) as unknown as MetaRow[];
      const masterOf = new Map(masters.map((row) => [row.itemId, row]));
      for (const doc of docs) {
        if (isPristine(doc)) continue;
        const id = String(doc[primary]);
        const master = masterOf.get(id);
        // RxDB's upstream test (`upstream.ts`, persistToMaster): equal to the assumed master state → nothing to push.
        const state = writeDocToDocState(doc as never, false, false);
        if (
          master && master.isResolvedConflict !== doc._rev &&
          collection.conflictHandler.isEqual(master.docData as never, state as never, "upstream-check-if-equal")
        ) continue;
        waiting.push(id);
      }
      if (changed.documents.length < batchSize) break;
    }
    return waiting;
  } finally {
    await meta.close();
  }
}

/**
 * Marks the collection's unpushed changes that are not marked (once the marks are read); returns
 * their ids. Run before the collection's replication starts.
 */
export async function rebuildPendingMarks(options: {
  db: DpcDatabase;
  name: CollectionName;
  marks: Pick<PendingMarks, "ready" | "has" | "add">;
}): Promise<string[]> {
  const { marks, name } = options;
  const [unpushed] = await Promise.all([unpushedChanges({ db: options.db, name }), marks.ready]);
  const missing = unpushed.filter((id) => !marks.has(name, id));
  marks.add(name, missing);
  return missing;
}
