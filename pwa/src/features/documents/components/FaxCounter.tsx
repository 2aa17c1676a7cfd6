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
      {/* A drawn printer, not the 📠 emoji: devices without an emoji font showed an empty box. */}
      <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22" fill="currentColor">
        <path d="M7 3h10v5H7zM5 9h14a2 2 0 0 1 2 2v6h-4v4H7v-4H3v-6a2 2 0 0 1 2-2zm4 7v3h6v-3zm8-4.5a1 1 0 1 0 0 2 1 1 0 0 0 0-2z" />
      </svg>
      {count > 0 && <span className="fax-counter__badge" aria-hidden="true" data-testid="fax-count">{count}</span>}
    </Link>
  );
}
