import type { ReactNode } from "react";
import { Pager, QueryState } from "../../../ui/index.ts";
import { PAGE_SIZE } from "../api.ts";
import type { SearchPaging } from "../hooks/use-search-paging.ts";

type PagedQuery = {
  data?: { list: unknown[]; totalCount: number };
  isPending: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  error: unknown;
  refetch: () => unknown;
};

type PagedListProps = {
  /** The heading's id, which names the section. */
  id: string;
  /** The heading, followed by the total once it is known. */
  title: string;
  /** What the list holds, for "Loading …". */
  label: string;
  query: PagedQuery;
  paging: SearchPaging;
  emptyTitle: string;
  children: ReactNode;
};

/** One page of an admin list answered by `{ list, totalCount }`: its heading, loading/error/empty states and pager. */
export function PagedList({ id, title, label, query, paging, emptyTitle, children }: PagedListProps) {
  return (
    <section className="stack" aria-labelledby={id} aria-busy={query.isFetching}>
      <h2 id={id}>{title}{query.data ? ` (${query.data.totalCount})` : ""}</h2>
      <QueryState label={label} isPending={query.isPending} error={query.error} refetch={() => void query.refetch()}
        empty={query.data?.list.length === 0} emptyTitle={emptyTitle}>
        {children}
      </QueryState>
      <Pager offset={paging.offset} limit={PAGE_SIZE} total={query.data?.totalCount ?? 0} busy={query.isPlaceholderData}
        onChange={paging.setOffset} />
    </section>
  );
}
