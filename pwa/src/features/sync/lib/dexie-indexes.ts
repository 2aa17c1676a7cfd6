/**
 * RxDB's Dexie storage with only the indexes RxDB uses.
 *
 * RxDB 17's Dexie storage declares, beside the primary key and the schema's
 * indexes (RxDB has already prefixed them with `_deleted` and added
 * `[_meta.lwt+id]` for `getChangedDocumentsSince`), two more on every
 * documents table: `[_deleted+id]` and `_meta.lwt`.
 * - `[_deleted+id]` is RxDB's default index, only in the schema's indexes
 *   when the schema declares none; otherwise no query plan names it.
 * - `_meta.lwt` serves only the storage's `cleanup()` (purging documents
 *   deleted before a time), which this storage runs on the `[_meta.lwt+id]`
 *   RxDB keeps instead. (Not through Dexie's virtual index on that prefix:
 *   Dexie 4.4 builds an invalid key range for `below()` on a virtual index.)
 *
 * Every stored row pays for every index (IndexedDB computes and writes each
 * index key of each row), so this storage leaves those two out: two index
 * entries per row fewer on every collection whose schema declares indexes
 * (measured in `edge/docs/benchmarks.md`).
 *
 * A database created before keeps its extra indexes: Dexie opens a database
 * whose declared schema only lacks indexes as it is (no upgrade, nothing
 * rewritten), and IndexedDB keeps maintaining them. A tab of the earlier code
 * opening a database created here adds them back (a version upgrade); this
 * tab then opens again at the new version. Written against RxDB 17's
 * Dexie storage (its database name and table declaration), whose version the
 * project pins; `dexie-indexes.test.ts` fails if either changes.
 */
import { Dexie } from "dexie";
import type { DexieSettings, RxJsonSchema, RxStorage, RxStorageInstanceCreationParams } from "rxdb";
import { getRxStorageDexie } from "rxdb/plugins/storage-dexie";

const DOCS_TABLE = "docs";

type Schema = Pick<RxJsonSchema<unknown>, "primaryKey" | "indexes" | "version">;

/** The Dexie declaration of one index (`a` or `[a+b]`). */
const declared = (index: string | readonly string[]) =>
  typeof index === "string" ? index : index.length === 1 ? index[0] : `[${index.join("+")}]`;

/**
 * The documents table's declaration without the two indexes RxDB's Dexie storage adds that nothing uses here:
 * `_meta.lwt`, and `[_deleted+<primary>]` unless it is one of the schema's indexes (it is RxDB's default index,
 * the only one of a schema that declares none). Everything else is kept as declared.
 */
export function leanDocsTable(declaration: string, schema: Schema): string {
  const indexes = (schema.indexes ?? []).map(declared);
  if (indexes.length === 0) return declaration;
  const primary = typeof schema.primaryKey === "string" ? schema.primaryKey : schema.primaryKey.key;
  const unused = new Set(["_meta.lwt", `[_deleted+${primary}]`].filter((index) => !indexes.includes(index)));
  return declaration.split(",").map((part) => part.trim()).filter((index, i) => i === 0 || !unused.has(index)).join(", ");
}

export function getLeanRxStorageDexie(settings: DexieSettings): RxStorage<unknown, DexieSettings> {
  /** The schema of each Dexie database about to be created, by the name RxDB's Dexie storage gives it. */
  const schemas = new Map<string, Schema>();
  const storage = getRxStorageDexie({
    ...settings,
    async onCreate(db: Dexie, name: string) {
      const schema = schemas.get(name);
      // Another tab still running the code from before this storage (declaring the two indexes) opens a database
      // this one created: Dexie there adds the indexes with a version upgrade, and Dexie here closes for it. RxDB
      // opens its Dexie databases without auto-open, so this tab would fail every later call: open again once the
      // upgrade is through (never after a deletion, which is a sign-out wiping the device).
      db.on("versionchange", (event: IDBVersionChangeEvent) => {
        if (event.newVersion) setTimeout(() => void db.open().catch(() => {}), 0);
      });
      if (schema) {
        const version = db.version.bind(db);
        db.version = (n: number) => {
          const declaring = version(n);
          const stores = declaring.stores.bind(declaring);
          declaring.stores = (tables) =>
            stores(DOCS_TABLE in tables && tables[DOCS_TABLE] ? { ...tables, [DOCS_TABLE]: leanDocsTable(tables[DOCS_TABLE], schema) } : tables);
          return declaring;
        };
      }
      await settings.onCreate?.(db, name);
    },
  });
  return {
    ...storage,
    async createStorageInstance<D>(params: RxStorageInstanceCreationParams<D, DexieSettings>) {
      schemas.set(`rxdb-dexie-${params.databaseName}--${params.schema.version}--${params.collectionName}`, params.schema as Schema);
      const instance = await storage.createStorageInstance(params);
      const dexie = instance as unknown as DexieInstance;
      dexie.cleanup = (minimumDeletedTime) => cleanup(dexie, minimumDeletedTime);
      return instance;
    },
  } as RxStorage<unknown, DexieSettings>;
}

type DexieInstance = {
  internals: Promise<{ dexieDb: Dexie; dexieTable: Dexie.Table<Record<string, unknown>> }>;
  primaryPath: string;
  closed?: unknown;
  databaseName: string;
  collectionName: string;
  cleanup(minimumDeletedTime: number): Promise<boolean>;
};

/** RxDB's Dexie `cleanup()`: the documents deleted (stored `_deleted` "1") more than the given time ago are removed. */
async function cleanup(instance: DexieInstance, minimumDeletedTime: number): Promise<boolean> {
  if (instance.closed) throw new Error(`RxStorageInstanceDexie is closed ${instance.databaseName}-${instance.collectionName}`);
  const { dexieDb, dexieTable } = await instance.internals;
  await dexieDb.transaction("rw", dexieTable, async () => {
    const before = Date.now() - minimumDeletedTime;
    const old = await dexieTable.where("[_meta.lwt+" + instance.primaryPath + "]").below([before, Dexie.minKey]).toArray();
    await dexieTable.bulkDelete(old.filter((doc) => doc._deleted === "1").map((doc) => doc[instance.primaryPath] as string));
  });
  return true;
}
