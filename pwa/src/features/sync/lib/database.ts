/**
 * One RxDB database per signed-in user (`dpc-<userId>`) on the Dexie storage,
 * with field encryption (crypto-js, RxDB's free plugin) keyed by the data key.
 * One collection per registered one (five of the free tier's 13); file bytes live in the blobs database.
 * Dev-mode is never loaded (it would fetch a page from the internet).
 */
import { addRxPlugin, createRxDatabase, removeRxDatabase, type RxCollection, type RxDatabase, type RxJsonSchema } from "rxdb";
import { wrappedKeyEncryptionCryptoJsStorage } from "rxdb/plugins/encryption-crypto-js";
import { RxDBLeaderElectionPlugin } from "rxdb/plugins/leader-election";
import { getRxStorageDexie } from "rxdb/plugins/storage-dexie";
import {
  COLLECTION_NAMES,
  type CollectionName,
  collectionOf,
  type SYNC_COLLECTIONS,
  type SyncCollection,
} from "../../../../../sync/collections/index.ts";
import type { IndexedDbFactory } from "./blob-store.ts";
import { CLIENT_SCHEMAS } from "./client-schemas.ts";
import { toRxConflictHandler } from "./conflict-handlers.ts";

/** RxDB keeps `_deleted` itself: documents are stored without it. */
type Stored<D> = Omit<D, "_deleted">;
type DocOf<K extends CollectionName> = (typeof SYNC_COLLECTIONS)[K] extends SyncCollection<infer D> ? D : never;
export type DpcCollections = { [K in CollectionName]: RxCollection<Stored<DocOf<K>>> };
export type DpcDatabase = RxDatabase<DpcCollections>;

export const databaseName = (userId: string) => `dpc-${userId}`;

let pluginsAdded = false;
function addPlugins() {
  if (pluginsAdded) return;
  pluginsAdded = true;
  // One tab replicates (the leader); the others see its writes through the shared storage.
  addRxPlugin(RxDBLeaderElectionPlugin);
}

function storageFor(idb?: IndexedDbFactory) {
  return wrappedKeyEncryptionCryptoJsStorage({ storage: getRxStorageDexie(idb ?? {}) });
}

export async function openDatabase(options: {
  userId: string;
  password: string;
  idb?: IndexedDbFactory;
  multiInstance?: boolean;
}): Promise<DpcDatabase> {
  addPlugins();
  const db = await createRxDatabase<DpcCollections>({
    name: databaseName(options.userId),
    storage: storageFor(options.idb),
    password: options.password,
    multiInstance: options.multiInstance ?? true,
    eventReduce: true,
  });
  try {
    const collections = Object.fromEntries(COLLECTION_NAMES.map((name) => [name, {
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
  await removeRxDatabase(databaseName(userId), storageFor(idb));
}
