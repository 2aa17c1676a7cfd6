import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { useApi } from "../../../lib/app-deps.tsx";
import { useServerEvent } from "../../sync/index.ts";
import { DOCUMENT_EVENTS, type DocumentListInput } from "../../../../../sync/schemas/document.ts";
import { documentKeys, documentsApi } from "../api.ts";

export function useDocumentsApi() {
  const api = useApi();
  return useMemo(() => documentsApi(api), [api]);
}

/** Every documents event refreshes the lists and the counter (new at the top, removals, statuses, views). */
export function useDocumentsLive() {
  const client = useQueryClient();
  const refresh = () => void client.invalidateQueries({ queryKey: documentKeys.all });
  useServerEvent(DOCUMENT_EVENTS.created, refresh);
  useServerEvent(DOCUMENT_EVENTS.changed, refresh);
  useServerEvent(DOCUMENT_EVENTS.removed, refresh);
  useServerEvent(DOCUMENT_EVENTS.viewed, refresh);
  useServerEvent(DOCUMENT_EVENTS.shared, refresh);
  useServerEvent(DOCUMENT_EVENTS.unshared, refresh);
}

export function useDocumentList(input: DocumentListInput) {
  const docs = useDocumentsApi();
  useDocumentsLive();
  return useQuery({ queryKey: documentKeys.list(input), queryFn: () => docs.list(input), placeholderData: (previous) => previous });
}

/** New received faxes of the practice: loaded, then set by `faxes:counter` events. */
export function useFaxCount(enabled: boolean) {
  const docs = useDocumentsApi();
  const client = useQueryClient();
  useServerEvent(DOCUMENT_EVENTS.faxCounter, (payload) => {
    const faxes = (payload as { faxes?: unknown } | null)?.faxes;
    if (typeof faxes === "number" && Number.isInteger(faxes) && faxes >= 0) client.setQueryData(documentKeys.faxCount, { faxes });
  });
  return useQuery({ queryKey: documentKeys.faxCount, queryFn: docs.faxCount, enabled, staleTime: 60_000 });
}
