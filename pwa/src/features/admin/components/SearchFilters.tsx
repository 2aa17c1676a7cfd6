import type { ReactNode } from "react";
import { Button, TextField } from "../../../ui/index.ts";
import type { SearchPaging } from "../hooks/use-search-paging.ts";

type SearchFiltersProps = {
  /** The search landmark's name ("Find doctors"). */
  label: string;
  /** The search box's label. */
  searchLabel: string;
  paging: SearchPaging;
  /** The filter beside the search box (a `Select`). */
  children: ReactNode;
};

/** An admin list's filter and search box, searched on submit. */
export function SearchFilters({ label, searchLabel, paging, children }: SearchFiltersProps) {
  return (
    <form className="form-grid form-grid--two admin-filters" onSubmit={paging.onSearch} role="search" aria-label={label}>
      {children}
      <div className="row" style={{ alignItems: "flex-end" }}>
        <TextField label={searchLabel} type="search" value={paging.searchInput} onChange={paging.setSearchInput}
          className="admin-filters__search" />
        <Button type="submit" variant="secondary">Search</Button>
      </div>
    </form>
  );
}
