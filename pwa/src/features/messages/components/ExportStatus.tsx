export type ExportState =
  | { phase: "idle" }
  | { phase: "requested" | "running"; progress: number }
  | { phase: "ready"; url: string; expiresAt: string | null }
  | { phase: "error"; message: string };

/** Where an export of the chat stands (`chat:export:*`): a progress bar, then the PDF's download link. */
export function ExportStatus({ state }: { state: ExportState }) {
  if (state.phase === "idle") return null;
  if (state.phase === "error") return <p className="form-error" role="alert">Export failed: {state.message}</p>;
  if (state.phase === "ready") {
    return (
      <p className="export-status" role="status">
        <a href={state.url} download>Download the chat (PDF)</a>
        {state.expiresAt && <span className="muted"> · available for an hour</span>}
      </p>
    );
  }
  const percent = Math.round(state.progress * 100);
  return (
    <div className="export-status" role="status">
      <label>
        <span>{state.phase === "requested" ? "Preparing the export…" : `Exporting… ${percent}%`}</span>
        <progress max={100} value={percent} aria-label="Export progress">{percent}%</progress>
      </label>
    </div>
  );
}

/** The next export state for a `chat:export:*` event of this chat (others' chats and exports are ignored). */
export function exportReducer(
  state: ExportState,
  event: { name: "started" | "progress" | "success" | "error"; payload: Record<string, unknown> },
  withToken: (url: string) => string,
): ExportState {
  const p = event.payload;
  switch (event.name) {
    case "started":
      return { phase: "running", progress: 0 };
    case "progress":
      return state.phase === "ready" ? state : { phase: "running", progress: typeof p.progress === "number" ? Math.min(1, Math.max(0, p.progress)) : 0 };
    case "success":
      return typeof p.downloadUrl === "string"
        ? { phase: "ready", url: withToken(p.downloadUrl), expiresAt: typeof p.expiresAt === "string" ? p.expiresAt : null }
        : { phase: "error", message: "No download link came back." };
    case "error":
      return { phase: "error", message: typeof p.message === "string" ? p.message : "Please try again." };
  }
}
