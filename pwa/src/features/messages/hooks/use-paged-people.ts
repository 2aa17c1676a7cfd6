import { useCallback, useEffect, useState } from "react";
import { failureMessage } from "../../sync/index.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import type { ChatPerson } from "../components/PeopleList.tsx";

type Page = { list: ChatPerson[]; offset: number; limit: number; totalCount: number };

/**
 * A searched, paged list of people from the chat API (`GET /users/chat/opponents`,
 * `GET /messages/members/{chatId}`): the search waits 250 ms after typing, "more"
 * appends the next page. `path` null: nothing is loaded (dialog closed).
 */
export function usePagedPeople(path: string | null, limit: number, chatId?: string) {
  const api = useApi();
  const [search, setSearch] = useState("");
  const [state, setState] = useState<{ people: ChatPerson[]; total: number; loading: boolean; error: string | null }>({
    people: [], total: 0, loading: false, error: null,
  });
  const [version, setVersion] = useState(0);

  const load = useCallback(async (offset: number, signal?: AbortSignal) => {
    if (!path) return;
    setState((current) => ({ ...current, loading: true, error: null }));
    try {
      const page = await api.get<Page>(path, { query: { offset, limit, search: search.trim() || undefined, chatId }, signal });
      setState((current) => ({
        people: offset === 0 ? page.list : [...current.people, ...page.list],
        total: page.totalCount,
        loading: false,
        error: null,
      }));
    } catch (reason) {
      if (signal?.aborted) return;
      setState((current) => ({ ...current, loading: false, error: failureMessage(reason) }));
    }
  }, [api, path, limit, search, chatId]);

  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => void load(0, controller.signal), 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [load, version]);

  return {
    ...state,
    search,
    setSearch,
    hasMore: state.people.length < state.total,
    more: () => void load(state.people.length),
    reload: () => setVersion((n) => n + 1),
  };
}
