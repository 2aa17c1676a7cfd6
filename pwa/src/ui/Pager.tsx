import { Button } from "./Button.tsx";

type PagerProps = { offset: number; limit: number; total: number; busy?: boolean; onChange: (offset: number) => void };

/** Previous / next with "first–last of total", announced politely; nothing when one page holds all. */
export function Pager({ offset, limit, total, busy = false, onChange }: PagerProps) {
  if (total <= limit) return null;
  const first = total === 0 ? 0 : offset + 1;
  const last = Math.min(offset + limit, total);
  return (
    <nav className="row ui-pager" aria-label="Pages">
      <Button variant="secondary" disabled={offset === 0 || busy} onClick={() => onChange(Math.max(0, offset - limit))}>
        Previous
      </Button>
      <span aria-live="polite">{first}–{last} of {total}</span>
      <Button variant="secondary" disabled={last >= total || busy} onClick={() => onChange(offset + limit)}>Next</Button>
    </nav>
  );
}
