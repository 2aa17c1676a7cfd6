import type { ReactNode } from "react";
import { errorMessage } from "../lib/api/api-error.ts";
import { Button } from "./Button.tsx";
import { EmptyState } from "./EmptyState.tsx";
import { Spinner } from "./Spinner.tsx";

type LoadErrorProps = {
  /** The failure: an error (worded by `errorMessage`), or a message already worded (a hook's `error`). */
  error: unknown;
  onRetry: () => void;
  /** What failed to load, when the place does not say it: "Orders" → "Orders could not be loaded: …". */
  what?: string;
};

/** A load that failed: what went wrong, and "Try again" (announced as an alert). */
export function LoadError({ error, onRetry, what }: LoadErrorProps) {
  const message = typeof error === "string" ? error : errorMessage(error);
  return (
    <div className="stack">
      <p className="form-error" role="alert">{what ? `${what} could not be loaded: ${message}` : message}</p>
      <div><Button variant="secondary" onClick={onRetry}>Try again</Button></div>
    </div>
  );
}

type QueryStateProps = {
  label: string;
  isPending: boolean;
  error: unknown;
  refetch: () => void;
  empty: boolean;
  emptyTitle: string;
  children: ReactNode;
};

/** Loading, error (with a retry) and empty states around a list or figure block. */
export function QueryState({ label, isPending, error, refetch, empty, emptyTitle, children }: QueryStateProps) {
  if (isPending) return <Spinner size={40} label={`Loading ${label}`} />;
  if (error) return <LoadError error={error} onRetry={refetch} />;
  if (empty) return <EmptyState title={emptyTitle} />;
  return <>{children}</>;
}
