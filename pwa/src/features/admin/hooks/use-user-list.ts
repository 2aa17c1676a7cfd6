import { useState } from "react";
import type { Role } from "../../../../../sync/roles.ts";
import type { AuthUser } from "../../../../../sync/schemas/user.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { errorMessage } from "../../../lib/api/api-error.ts";
import { adminKeys } from "../api.ts";

export const PAGE_SIZE = 20;

export type UserListQuery = { role: Role; search: string; offset: number };

/** `GET /users/role/{role}?offset&limit&search` with local patches after row actions. */
export function useUserList(query: UserListQuery) {
  const api = useApi();
  const [patches, setPatches] = useState<Record<string, Partial<AuthUser>>>({});
  const state = useQuery({
    queryKey: adminKeys.users(query),
    // The page shown stays while the next one loads.
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api.GET("/users/role/{role}", {
        path: { role: query.role },
        query: { offset: query.offset, limit: PAGE_SIZE, search: query.search.trim() || undefined },
        signal,
      }),
  });
  const list = (state.data?.list ?? []).map((user) => ({ ...user, ...patches[user.id] }));
  const patch = (id: string, change: Partial<AuthUser>) =>
    setPatches((current) => ({ ...current, [id]: { ...current[id], ...change } }));
  return {
    list,
    totalCount: state.data?.totalCount ?? 0,
    loading: state.isFetching,
    error: state.isError ? errorMessage(state.error) : null,
    reload: () => void state.refetch(),
    patch,
  };
}
