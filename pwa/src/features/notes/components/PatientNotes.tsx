/**
 * The patient's shared notes on their encounter page: from the chart API online (TanStack Query), and offline (no
 * network, or no answer) from the device's copy of the encounter, whose patient's view carries the notes shared
 * with them (`sharedNotes`, issue 31). Online, the device hearing of a change (a note shared, unshared or its text
 * saved) reads the list again; an open note's text is live through its read-only editors.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ApiError, errorMessage } from "../../../lib/api/index.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { useChartEntry, useOnDeviceChange, useSyncStatus } from "../../sync/index.ts";
import { notesKeys } from "../lib/keys.ts";
import { type SharedNote, SharedNotes } from "./SharedNotes.tsx";

export function PatientNotes({ encounterId, renderDocument }: {
  encounterId: string;
  renderDocument(note: SharedNote, fromDevice: boolean): ReactNode;
}) {
  const api = useApi();
  const client = useQueryClient();
  const { online } = useSyncStatus();
  const query = useQuery({
    queryKey: notesKeys.shared(encounterId),
    queryFn: ({ signal }) => api.GET("/encounterNotes/{id}/list", { path: { id: encounterId }, signal, query: { limit: 100 } }),
    retry: false,
    enabled: online,
  });
  const device = useChartEntry(encounterId, "encounter");
  const entry = device.entry;
  const deviceNotes = entry && !entry._deleted ? entry.data.sharedNotes : undefined;

  // Online: a change of the encounter the device hears of reads the list again (the first reading is not a change).
  const version = device.loading ? undefined : `${entry?.updatedAt ?? ""}`;
  useOnDeviceChange(version, () => {
    if (online) void client.invalidateQueries({ queryKey: notesKeys.shared(encounterId) });
  });

  const unreachable = !online || (query.error instanceof ApiError && query.error.isNetworkError);
  if (unreachable) {
    return (
      <SharedNotes
        notes={deviceNotes}
        loading={device.loading}
        error={deviceNotes ? null : "Notes need a connection. They appear here when you are back online."}
        canRetry={false}
        onRetry={() => void query.refetch()}
        renderDocument={(note) => renderDocument(note, true)}
      />
    );
  }
  return (
    <SharedNotes
      notes={query.data?.list}
      loading={query.isLoading}
      error={query.error ? errorMessage(query.error) : null}
      canRetry
      onRetry={() => void query.refetch()}
      renderDocument={(note) => renderDocument(note, false)}
    />
  );
}
