import type { ReactNode } from "react";
import { errorMessage } from "../../../lib/api/api-error.ts";
import { Button, EmptyState, Spinner } from "../../../ui/index.ts";

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
  if (error) {
    return (
      <div className="stack">
        <p className="form-error" role="alert">{errorMessage(error)}</p>
        <div><Button variant="secondary" onClick={refetch}>Try again</Button></div>
      </div>
    );
  }
  if (empty) return <EmptyState title={emptyTitle} />;
  return <>{children}</>;
}
