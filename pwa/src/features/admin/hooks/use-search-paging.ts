import { type FormEvent, useState } from "react";

/**
 * The state of a searched, paged admin list: the search box as typed, the search applied (trimmed, on submit)
 * and the offset, which a new search or filter sets back to the first page.
 */
export function useSearchPaging() {
  const [searchInput, setSearchInput] = useState("");
  const [search, setSearch] = useState("");
  const [offset, setOffset] = useState(0);
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setOffset(0);
    setSearch(searchInput.trim());
  };
  return { searchInput, setSearchInput, search, offset, setOffset, onSearch };
}

export type SearchPaging = ReturnType<typeof useSearchPaging>;
