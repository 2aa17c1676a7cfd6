/**
 * Whether the patient can see something (02 §4 shared flags); an encounter is "sent". An entry recorded on this
 * device and not yet on the server (issue 31) is "Waiting to be sent" instead: nobody else sees it yet.
 */
export function SharedBadge({ shared, sent = false, waiting = false }: { shared: boolean; sent?: boolean; waiting?: boolean }) {
  if (waiting) return <span className="chart-badge chart-badge--waiting">Waiting to be sent</span>;
  return shared
    ? <span className="chart-badge chart-badge--shared">{sent ? "Sent to the patient" : "Shared with the patient"}</span>
    : <span className="chart-badge">{sent ? "Not sent" : "Not shared"}</span>;
}
