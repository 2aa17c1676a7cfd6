import { useApi } from "../../../lib/app-deps.tsx";
import { EmptyState } from "../../../ui/index.ts";
import { useServerOrDevice } from "../../sync/index.ts";
import { formatDateTime } from "../lib/chart-format.ts";
import { ResourceState } from "./ResourceState.tsx";
import { SharedBadge } from "./SharedBadge.tsx";
import { chartKeys } from "../keys.ts";

/**
 * The encounter's notes as text (`GET /encounterNotes/{id}/list`), for when no
 * notes editor is plugged into the encounter page: the patient reads the shared
 * ones, the care team all of them.
 */
export function NotesReadOnly({ encounterId, showShared, refreshKey = 0 }: { encounterId: string; showShared: boolean; refreshKey?: number }) {
  const api = useApi();
  const notes = useServerOrDevice({
    queryKey: chartKeys.notes(encounterId),
    queryFn: ({ signal }) => api.GET("/encounterNotes/{id}/list", { path: { id: encounterId }, signal, query: { limit: 100 } }),
    refreshOn: refreshKey,
  });
  return (
    <ResourceState resource={notes} label="Notes">
      {(page) =>
        page.list.length === 0
          ? <EmptyState title={showShared ? "No notes yet" : "No notes shared"} />
          : (
            <ul className="chart-list">
              {page.list.map((note) => (
                <li key={note.id} className="chart-list__item chart-list__item--stacked">
                  <div className="chart-list__main">
                    <span className="chart-list__title">{note.noteTypeName}</span>
                    <span className="muted">{formatDateTime(note.createdAt)}</span>
                    {showShared && <SharedBadge shared={note.isShared} />}
                  </div>
                  <dl className="chart-note">
                    {Object.entries(note.fields).filter(([, text]) => text.trim()).map(([name, text]) => (
                      <div key={name} className="chart-note__field">
                        <dt>{name}</dt>
                        <dd>{text}</dd>
                      </div>
                    ))}
                  </dl>
                </li>
              ))}
            </ul>
          )}
    </ResourceState>
  );
}
