import { useEffect } from "react";
import { Button } from "./Button.tsx";

type PagerProps = {
  offset: number; limit: number; total: number; busy?: boolean; onChange: (offset: number) => void;
  /** The navigation's name; give each its own when a screen has two. */
  label?: string;
};

/** Previous / next with "first–last of total", announced politely; nothing when one page holds all. */
export function Pager({ offset, limit, total, busy = false, onChange, label = "Pages" }: PagerProps) {
  if (total <= limit) return null;
  const first = total === 0 ? 0 : offset + 1;
  const last = Math.min(offset + limit, total);
  return (
    <nav className="row ui-pager" aria-label={label}>
      <Button variant="secondary" disabled={offset === 0 || busy} onClick={() => onChange(Math.max(0, offset - limit))}>
        Previous
      </Button>
      <span aria-live="polite">{first}–{last} of {total}</span>
      <Button variant="secondary" disabled={last >= total || busy} onClick={() => onChange(offset + limit)}>Next</Button>
    </nav>
  );
}

/**
 * Keeps a page's offset within the rows there are: when rows went away (deleted, or moved out of a live
 * list) and the page shown is past the last, back to the last page that has rows.
 */
export function useOffsetInRange(offset: number, limit: number, total: number | undefined, setOffset: (offset: number) => void) {
  useEffect(() => {
    if (total === undefined || offset === 0 || offset < total) return;
    setOffset(Math.max(0, Math.floor((total - 1) / limit) * limit));
  }, [offset, limit, total, setOffset]);
}
