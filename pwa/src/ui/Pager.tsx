import { useEffect } from "react";
import { Button } from "./Button.tsx";

type PagerProps = {
  offset: number; limit: number; total: number; busy?: boolean; onChange: (offset: number) => void;
  /** The navigation's name; give each its own when a screen has two. */
  label?: string;
  /** Announce the range politely (default); off where the screen's own line already says it. */
  announce?: boolean;
};

/**
 * Previous / next with "first–last of total"; nothing when one page holds all. A button that cannot act
 * (the first or last page, or a page on its way) is `aria-disabled`, not `disabled`: it keeps the
 * keyboard focus, so pressing Next to the last page does not drop the focus to the page's start.
 */
export function Pager({ offset, limit, total, busy = false, onChange, label = "Pages", announce = true }: PagerProps) {
  if (total <= limit) return null;
  const first = total === 0 ? 0 : offset + 1;
  const last = Math.min(offset + limit, total);
  return (
    <nav className="row ui-pager" aria-label={label}>
      <PageButton inactive={offset === 0 || busy} onActivate={() => onChange(Math.max(0, offset - limit))}>Previous</PageButton>
      <span aria-live={announce ? "polite" : undefined}>{first}–{last} of {total}</span>
      <PageButton inactive={last >= total || busy} onActivate={() => onChange(offset + limit)}>Next</PageButton>
    </nav>
  );
}

/**
 * A list's one announced line: "45 patients", or on a list of several pages "21–40 of 45 patients" (its
 * pager then says nothing itself: `announce={false}`), so a page turn or a search is heard once.
 */
export function resultLine(offset: number, limit: number, total: number, one: string, many: string): string {
  const noun = total === 1 ? one : many;
  return total > limit ? `${offset + 1}–${Math.min(offset + limit, total)} of ${total} ${noun}` : `${total} ${noun}`;
}

function PageButton({ inactive, onActivate, children }: { inactive: boolean; onActivate: () => void; children: string }) {
  return (
    <Button variant="secondary" aria-disabled={inactive || undefined} onClick={() => inactive || onActivate()}>
      {children}
    </Button>
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
