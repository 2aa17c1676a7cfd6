/**
 * One RxDB database per signed-in user (`dpc-v2-<userId>`) on the Dexie storage,
 * its health content sealed at rest by `sealed-storage.ts` (AES-GCM, one
 * ciphertext per document) under a key derived from the data key.
 * One collection per registered one (nine of the free tier's 13 per process: a tab opens one user's
 * database; tests running two devices in one process open only the collections they use, `collections`);
 * file bytes live in the blobs database.
 * Dev-mode is never loaded (it would fetch a page from the internet).
 */
import {
  addRxPlugin,
  createRxDatabase,
  META_INSTANCE_SCHEMA_TITLE,
  removeRxDatabase, type RxCollection, type RxDatabase, type RxJsonSchema } from "rxdb";
import { RxDBLeaderElectionPlugin } from "rxdb/plugins/leader-election";
import {
  COLLECTION_NAMES,
  type CollectionName,
  collectionOf,
  type SYNC_COLLECTIONS,
  type SyncCollection,
} from "../../../../../sync/collections/index.ts";
import type { IndexedDbFactory } from "./blob-store.ts";
import { CLIENT_SCHEMAS, sealedFieldsOf } from "./client-schemas.ts";
import { toRxConflictHandler } from "./conflict-handlers.ts";
import { withDirectWrites } from "./dexie-direct.ts";
import { getLeanRxStorageDexie } from "./dexie-indexes.ts";
import { KEPT_MASTER, pristineMetaStorage } from "./replication-meta.ts";
import { sealedStorage } from "./sealed-storage.ts";

/** RxDB keeps `_deleted` itself: documents are stored without it. */
type Stored<D> = Omit<D, "_deleted">;
type DocOf<K extends CollectionName> = (typeof SYNC_COLLECTIONS)[K] extends SyncCollection<infer D> ? D : never;
export type DpcCollections = { [K in CollectionName]: RxCollection<Stored<DocOf<K>>> };
export type DpcDatabase = RxDatabase<DpcCollections>;

/**
 * v2: documents sealed by `sealed-storage.ts`. Databases of v1 (`dpc-<userId>`,
 * RxDB's crypto-js field encryption) are deleted when v2 opens; the server's
 * copy is pulled again (changes not yet sent from v1 are lost).
 */
export const databaseName = (userId: string) => `dpc-v2-${userId}`;
const legacyDatabaseName = (userId: string) => `dpc-${userId}`;

let pluginsAdded = false;
function addPlugins() {
  if (pluginsAdded) return;
  pluginsAdded = true;
  // One tab replicates (the leader); the others see its writes through the shared storage.
  addRxPlugin(RxDBLeaderElectionPlugin);
}

/**
 * The synced collections seal their health content; the replication's meta
 * stores (one per collection) keep a full copy of each document as the server
 * sent it (`docData`), so that is sealed whole. RxDB's internal store holds
 * no health data.
 */
function sealedFields(collectionName: string, schema: { title?: string }): readonly string[] {
  return schema.title === META_INSTANCE_SCHEMA_TITLE ? ["docData"] : sealedFieldsOf(collectionName);
}

/**
 * Dexie with only the indexes RxDB uses (`dexie-indexes.ts`), written through IndexedDB itself
 * (`dexie-direct.ts`), sealed; a write changing a
 * document the initial pull stored first keeps the server's copy of it.
 */
function storageFor(key: CryptoKey | null, idb?: IndexedDbFactory) {
  // The server's copy a first change keeps in the document's `_meta` (`replication-meta.ts`) is sealed with it.
  return pristineMetaStorage(
    sealedStorage({ storage: withDirectWrites(getLeanRxStorageDexie(idb ?? {})), key, sealedFields, sealedMetaKey: KEPT_MASTER }),
  );
}

export async function openDatabase(options: {
  userId: string;
  /** RxDB's password: only its hash is stored, so a wrong key fails to open (DB1). */
  password: string;
  /** AES-GCM key of the sealed fields. */
  key: CryptoKey;
  idb?: IndexedDbFactory;
  multiInstance?: boolean;
  /** Only these collections (tests with several devices in one process); all by default. */
  collections?: readonly CollectionName[];
}): Promise<DpcDatabase> {
  addPlugins();
  await removeLegacyDatabase(options.userId, options.idb);
  const db = await createRxDatabase<DpcCollections>({
    name: databaseName(options.userId),
    storage: storageFor(options.key, options.idb),
    password: options.password,
    multiInstance: options.multiInstance ?? true,
    eventReduce: true,
  });
  try {
    const collections = Object.fromEntries((options.collections ?? COLLECTION_NAMES).map((name) => [name, {
      schema: CLIENT_SCHEMAS[name] as unknown as RxJsonSchema<unknown>,
      conflictHandler: toRxConflictHandler(collectionOf(name)),
    }]));
    await db.addCollections(collections as never);
    return db;
  } catch (error) {
    await db.close();
    throw error;
  }
}

/** Deletes the user's database without opening it (no key needed: RxDB's internal store is not encrypted). */
export async function removeDatabase(userId: string, idb?: IndexedDbFactory): Promise<void> {
  await removeRxDatabase(databaseName(userId), storageFor(null, idb));
}

/** Deletes the IndexedDB databases of a v1 database (Dexie storage names them `rxdb-dexie-<name>--…`). */
async function removeLegacyDatabase(userId: string, idb?: IndexedDbFactory): Promise<void> {
  const factory = idb?.indexedDB ?? globalThis.indexedDB;
  if (typeof factory?.databases !== "function") return;
  const prefix = `rxdb-dexie-${legacyDatabaseName(userId)}--`;
  const names = (await factory.databases()).map((d) => d.name ?? "").filter((name) => name.startsWith(prefix));
  await Promise.all(names.map((name) =>
    new Promise<void>((resolve) => {
      const request = factory.deleteDatabase(name);
      request.onsuccess = request.onerror = request.onblocked = () => resolve();
    })
  ));
}
