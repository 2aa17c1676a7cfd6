import { useMemo } from "react";
import { usePanelPatients } from "../../sync/index.ts";
import { searchPatients } from "../patient-search.ts";

export const PATIENTS_PAGE_SIZE = 20;

/**
 * The practice's patients from the device (issue 31: the panel is synced, so the list works offline), by last
 * then first name, searched by name or email and paged here. `loading` until the device knows the panel (the
 * first pull), so an empty list always means no patients.
 */
export function usePracticePatients(query: { search: string; offset: number }) {
  const panel = usePanelPatients();
  const search = query.search.trim();
  const page = useMemo(
    () => searchPatients(panel.items, { search, offset: query.offset, limit: PATIENTS_PAGE_SIZE }),
    [panel.items, search, query.offset],
  );
  return { list: page.list, totalCount: page.totalCount, loading: panel.loading };
}
