import { deviceName } from "../lib/device-name.ts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import type { SessionInfo } from "../../../../../sync/schemas/user.ts";
import { useApi } from "../../../lib/app-deps.tsx";
import { errorMessage } from "../../../lib/api/api-error.ts";
import { Button, EmptyState, LoadError, Spinner, useSnackbar } from "../../../ui/index.ts";
import { useSession } from "../../auth/index.ts";
import { accountKeys } from "../keys.ts";

/** `GET /users/sessions`, revoke one, or sign out everywhere. */
export function SessionsSection() {
  const api = useApi();
  const { logoutEverywhere } = useSession();
  const navigate = useNavigate();
  const notify = useSnackbar();
  const client = useQueryClient();
  const sessions = useQuery({
    queryKey: accountKeys.sessions(),
    queryFn: ({ signal }) => api.GET("/users/sessions", { signal }),
  });
  const revoke = useMutation({
    mutationFn: (session: SessionInfo) => api.DELETE("/users/sessions/{id}", { path: { id: session.id } }),
    onSuccess: () => {
      notify("That device is signed out", "success");
      void client.invalidateQueries({ queryKey: accountKeys.sessions() });
    },
    onError: (error) => notify(errorMessage(error), "error"),
  });
  const everywhere = useMutation({
    mutationFn: () => logoutEverywhere(),
    onSuccess: () => {
      notify("You are signed out on every device", "success");
      navigate("/", { replace: true });
    },
    onError: (error) => notify(errorMessage(error), "error"),
  });

  if (sessions.isPending) return <Spinner size={32} label="Loading your sessions" />;
  if (sessions.isError) return <LoadError error={sessions.error} onRetry={() => void sessions.refetch()} />;
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
                  loading={revoke.isPending && revoke.variables?.id === session.id}
                  onClick={() => revoke.mutate(session)}
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
        <Button variant="danger" loading={everywhere.isPending} onClick={() => everywhere.mutate()}>Sign out everywhere</Button>
      </div>
    </div>
  );
}

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}
