import type { ConsultationStatus } from "../../../../../sync/schemas/consultation.ts";
import { STATUS_LABELS } from "../lib/consultation-view.ts";

export function StatusBadge({ status }: { status: ConsultationStatus }) {
  return <span className={`status-badge status-badge--${status}`}>{STATUS_LABELS[status]}</span>;
}
