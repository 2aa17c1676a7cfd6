import { deviceName } from "../lib/device-name.ts";
import { useState } from "react";
import { useNavigate } from "react-router";
import type { SessionInfo } from "../../../../../sync/schemas/user.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { errorMessage } from "../../../lib/api/api-error.ts";
import { useLoad } from "../../../lib/use-load.ts";
import { Button, EmptyState, Spinner, useSnackbar } from "../../../ui/index.ts";
import { useSession } from "../../auth/index.ts";

/** `GET /users/sessions`, revoke one, or sign out everywhere. */
export function SessionsSection() {
  const api = useApi();
  const { logoutEverywhere } = useSession();
  const navigate = useNavigate();
  const notify = useSnackbar();
  const [busyId, setBusyId] = useState<string | null>(null);
  const sessions = useLoad(async (signal) => toList(await api.get<unknown>("/users/sessions", { signal })), [api]);

  const revoke = async (session: SessionInfo) => {
    setBusyId(session.id);
    try {
      await api.delete(`/users/sessions/${encodeURIComponent(session.id)}`);
      notify("That device is signed out", "success");
      sessions.reload();
    } catch (error) {
      notify(errorMessage(error), "error");
    } finally {
      setBusyId(null);
    }
  };
  const everywhere = async () => {
    setBusyId("all");
    try {
      await logoutEverywhere();
      notify("You are signed out on every device", "success");
      navigate("/", { replace: true });
    } catch (error) {
      notify(errorMessage(error), "error");
      setBusyId(null);
    }
  };

  if (sessions.loading && !sessions.data) return <Spinner size={32} label="Loading your sessions" />;
  if (sessions.error) {
    return (
      <div className="stack">
        <p className="form-error" role="alert">{sessions.error}</p>
        <div><Button variant="secondary" onClick={sessions.reload}>Try again</Button></div>
      </div>
    );
  }
  const list = sessions.data ?? [];
  return (
    <div className="stack">
      {list.length === 0 ? <EmptyState title="No active sessions" /> : (
        <ul className="data-list" aria-label="Signed-in devices">
          {list.map((session) => (
            <li key={session.id} className="card row" style={{ justifyContent: "space-between" }}>
              <div>
                <strong title={session.device || undefined}>{deviceName(session.device)}</strong>
                {session.current && <span className="muted"> (this device)</span>}
                <div className="muted">
                  {session.address ? `${session.address} · ` : ""}last active {formatDate(session.lastUsedAt)}
                  {session.impersonatedBy ? " · opened by an admin" : ""}
                </div>
              </div>
              {!session.current && (
                <Button
                  variant="secondary"
                  loading={busyId === session.id}
                  onClick={() => revoke(session)}
                  aria-label={`Sign out ${deviceName(session.device)}`}
                >
                  Sign out
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <div>
        <Button variant="danger" loading={busyId === "all"} onClick={everywhere}>Sign out everywhere</Button>
      </div>
    </div>
  );
}

/** The server may answer a plain array or the list envelope. */
function toList(value: unknown): SessionInfo[] {
  if (Array.isArray(value)) return value as SessionInfo[];
  if (value && typeof value === "object" && Array.isArray((value as { list?: unknown }).list)) {
    return (value as { list: SessionInfo[] }).list;
  }
  return [];
}

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}
