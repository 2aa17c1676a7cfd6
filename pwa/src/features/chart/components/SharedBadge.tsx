/** Whether the patient can see something (02 §4 shared flags); an encounter is "sent". */
export function SharedBadge({ shared, sent = false }: { shared: boolean; sent?: boolean }) {
  return shared
    ? <span className="chart-badge chart-badge--shared">{sent ? "Sent to the patient" : "Shared with the patient"}</span>
    : <span className="chart-badge">{sent ? "Not sent" : "Not shared"}</span>;
}
