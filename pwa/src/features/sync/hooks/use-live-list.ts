import { useEffect, useState, useSyncExternalStore } from "react";
import type { Observable } from "rxjs";
import type { CollectionName } from "../../../../../sync/collections/index.ts";
import type { LiveList, Local } from "../contract.ts";
import type { LocalData } from "../lib/local-data.ts";
import { useLocalData } from "./sync-context.ts";
import { useSyncStatus } from "./use-sync-status.ts";

type Row = { id: string; updatedAt: number };
type RxDocLike<T> = { toJSON(): T };

const EMPTY = new Set<string>();
const noSubscribe = () => () => {};

/**
 * A live query over the open local data: re-renders on every change of its
 * result. `pending`: the document was never acknowledged (`updatedAt` 0) or
 * has a local change the server has not taken yet (the persisted pending set).
 */
export function useLiveList<T extends Row>(
  collection: CollectionName,
  query: ((local: LocalData) => Observable<RxDocLike<T>[]>) | null,
  key: string,
  order?: (a: T, b: T) => number,
): LiveList<Local<T>> {
  const local = useLocalData();
  const { state } = useSyncStatus();
  const pending = useSyncExternalStore(
    local?.subscribePending ?? noSubscribe,
    local?.pendingKeys ?? (() => EMPTY),
    local?.pendingKeys ?? (() => EMPTY),
  );
  const [result, setResult] = useState<{ key: string | null; items: T[] }>({ key: null, items: [] });
  const resultKey = local && query ? `${local.userId}|${key}` : null;

  useEffect(() => {
    if (!local || !query) return;
    const subscription = query(local).subscribe({
      next(docs) {
        const items = docs.map((doc) => ({ ...doc.toJSON(), _deleted: false }) as T);
        if (order) items.sort(order);
        setResult({ key: `${local.userId}|${key}`, items });
      },
      error: (error) => console.warn(`Reading ${collection} failed`, error),
    });
    return () => subscription.unsubscribe();
    // `query` and `order` are rebuilt every render; `key` names what they select.
  }, [local, key, collection]);

  const ready = resultKey !== null && result.key === resultKey;
  const items = ready ? result.items : [];
  return {
    items: items.map((item) => ({ ...item, pending: item.updatedAt === 0 || pending.has(`${collection}/${item.id}`) })),
    loading: (query !== null && !ready && (local !== null || state === "opening")),
  };
}

/** Newest first, where a document the server has not numbered yet (updatedAt 0) is the newest. */
export const newestFirst = (a: Row, b: Row) => rank(b) - rank(a) || (a.id < b.id ? -1 : 1);
const rank = (row: Row) => (row.updatedAt === 0 ? Number.MAX_SAFE_INTEGER : row.updatedAt);
