/**
 * Whether a collection's first pull has finished in this tab (its replication caught up with the server once):
 * until then an empty list may only mean "not pulled yet". Offline it stays false: the device's copy is then all
 * there is, and an empty one is not known to be the truth.
 */
import { useSyncExternalStore } from "react";
import type { CollectionName } from "../../../../../sync/collections/index.ts";
import { useLocalData } from "./sync-context.ts";

const NOTHING_PULLED: ReadonlySet<string> = new Set();
const noSubscribe = () => () => {};
const nothingPulled = () => NOTHING_PULLED;

export function useCollectionPulled(name: CollectionName): boolean {
  const local = useLocalData();
  const pulled = useSyncExternalStore(local?.subscribePulled ?? noSubscribe, local?.pulled ?? nothingPulled, local?.pulled ?? nothingPulled);
  return pulled.has(name);
}
