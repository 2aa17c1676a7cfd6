import { useEffect, useMemo, useState } from "react";
import type { ApiClient } from "../../../lib/api/index.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import type { NameById } from "../chat-display.ts";
import { usePanelPatients, usePracticeMembers } from "../../sync/index.ts";

/**
 * Names kept per API client (that is, per signed-in app), in memory only: a
 * name is looked up once, and a failed look-up (offline, not visible) is tried
 * again the next time a screen asks.
 */
const cacheByClient = new WeakMap<ApiClient, Map<string, Promise<string | null>>>();

function lookUp(api: ApiClient, id: string): Promise<string | null> {
  let cache = cacheByClient.get(api);
  if (!cache) cacheByClient.set(api, cache = new Map());
  let found = cache.get(id);
  if (!found) {
    found = api.GET("/users/{id}", { path: { id } })
      .then((person) => [person.firstName, person.lastName].filter(Boolean).join(" ") || null)
      .catch(() => null);
    const pending = found;
    cache.set(id, pending);
    void pending.then((name) => {
      if (name === null && cache.get(id) === pending) cache.delete(id);
    });
  }
  return found;
}

/**
 * The display names of these users, filled in as they arrive (missing while unknown). On the care team's devices
 * the practice's people and patients are known offline too (issue 31: a chat reads "Pat Patient", not "Direct chat").
 */
export function useUserNames(ids: readonly string[]): NameById {
  const api = useApi();
  const panel = usePanelPatients().items;
  const members = usePracticeMembers().items;
  const onDevice = useMemo(() => Object.fromEntries([
    ...panel.map((p) => [p.id, `${p.firstName} ${p.lastName}`]),
    ...members.filter((m) => !m._deleted).map((m) => [m.userId, `${m.firstName} ${m.lastName}`]),
  ]), [panel, members]);
  const [names, setNames] = useState<Record<string, string>>({});
  const key = [...new Set(ids)].sort().join(",");

  useEffect(() => {
    let live = true;
    for (const id of key ? key.split(",") : []) {
      void lookUp(api, id).then((name) => {
        if (live && name) setNames((current) => (current[id] === name ? current : { ...current, [id]: name }));
      });
    }
    return () => {
      live = false;
    };
  }, [api, key]);
  return useMemo(() => ({ ...onDevice, ...names }), [onDevice, names]);
}
