/** The changes the server refused (issue 31), kept sealed on the device until the user dismisses them. */
import { useCallback, useEffect, useState } from "react";
import type { Refusal } from "../lib/refusals.ts";
import { useLocalData } from "./sync-context.ts";

export function useRefusals(): { items: Refusal[]; dismiss(refusal: Refusal): Promise<void> } {
  const local = useLocalData();
  const [items, setItems] = useState<Refusal[]>([]);
  useEffect(() => {
    if (!local) {
      setItems([]);
      return;
    }
    const subscription = local.refusals$().subscribe({
      next: setItems,
      error: (error) => console.warn("The refused changes could not be read", error),
    });
    return () => subscription.unsubscribe();
  }, [local]);
  const dismiss = useCallback(async (refusal: Refusal) => {
    await local?.dismissRefusal(refusal.collection, refusal.id);
  }, [local]);
  return { items, dismiss };
}
