import type { ReactNode } from "react";

type EmptyStateProps = { title: string; children?: ReactNode; action?: ReactNode };

/** What a list shows when it has nothing in it, with an optional next step. */
export function EmptyState({ title, children, action }: EmptyStateProps) {
  return (
    <div className="ui-panel">
      <p><strong>{title}</strong></p>
      {children && <div className="muted">{children}</div>}
      {action && <div className="row" style={{ justifyContent: "center" }}>{action}</div>}
    </div>
  );
}
