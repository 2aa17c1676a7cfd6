import { useCallback, useEffect, useState } from "react";
import { failureMessage } from "../../sync/index.ts";
import type { ApiClient } from "../../../lib/api/index.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import type { ChatPerson } from "../components/PeopleList.tsx";

/** Whom a list shows: the people the user may write to (or add to `chatId`), or the members of `chatId`. */
export type PeopleSource = { list: "opponents"; chatId?: string } | { list: "members"; chatId: string };

/** The source again from its parts (the hook depends on plain values, not on a new object every render). */
function sourceOf(list: PeopleSource["list"] | null, chatId: string | undefined): PeopleSource | null {
  if (list === "members") return chatId === undefined ? null : { list, chatId };
  return list === "opponents" ? { list, chatId } : null;
}

function peoplePage(
  api: ApiClient,
  source: PeopleSource,
  query: { offset: number; limit: number; search?: string },
  signal?: AbortSignal,
) {
  return source.list === "members"
    ? api.GET("/messages/members/{chatId}", { path: { chatId: source.chatId }, query, signal })
    : api.GET("/users/chat/opponents", { query: { ...query, chatId: source.chatId }, signal });
}

/**
 * A searched, paged list of people from the chat API (`GET /users/chat/opponents`,
 * `GET /messages/members/{chatId}`): the search waits 250 ms after typing, "more"
 * appends the next page. `source` null: nothing is loaded (dialog closed).
 */
export function usePagedPeople(source: PeopleSource | null, limit: number) {
  const api = useApi();
  const list = source?.list ?? null;
  const chatId = source?.chatId;
  const [search, setSearch] = useState("");
  const [state, setState] = useState<{ people: ChatPerson[]; total: number; loading: boolean; error: string | null }>({
    people: [], total: 0, loading: false, error: null,
  });
  const [version, setVersion] = useState(0);

  const load = useCallback(async (offset: number, signal?: AbortSignal) => {
    const from = sourceOf(list, chatId);
    if (!from) return;
    setState((current) => ({ ...current, loading: true, error: null }));
    try {
      const page = await peoplePage(api, from, { offset, limit, search: search.trim() || undefined }, signal);
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
  }, [api, list, chatId, limit, search]);

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
