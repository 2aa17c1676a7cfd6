import { Link } from "react-router";
import { useFaxCount } from "../hooks/use-documents.ts";

/** The header's fax counter (01 §4): new received faxes of the practice, live; a link to the documents. */
export function FaxCounter({ role }: { role: string }) {
  const staff = role === "doctor" || role === "vma";
  const { data } = useFaxCount(staff);
  if (!staff) return null;
  const count = data?.faxes ?? 0;
  const label = count === 1 ? "1 new fax" : `${count} new faxes`;
  return (
    <Link to={`/${role}/documents`} className="fax-counter" aria-label={label} title={label}>
      <span aria-hidden="true">📠</span>
      {count > 0 && <span className="fax-counter__badge" aria-hidden="true" data-testid="fax-count">{count}</span>}
    </Link>
  );
}
