type MoreMatchesProps = {
  /** How many matches are listed. */
  shown: number;
  /** How many match in all, when the server says. */
  total?: number;
  /** Without a total: whether more match than are listed (a list asked for one more than it shows). */
  more?: boolean;
  /** What is listed, plural: "patients". */
  noun: string;
  /** The search typed, named in the line. */
  term?: string;
  /** How to reach the others: "type more of the name to find the others." */
  advice: string;
};

/**
 * The line under a search list that shows only part of what matches: how many are shown (of how many,
 * when the server counts them) and how to reach the rest; empty when everything matching is listed. A
 * polite status that stays mounted and changes only its text (a live region inserted with its text is
 * not announced by every screen reader), taking no room while empty.
 */
export function MoreMatches(props: MoreMatchesProps) {
  return <p className="muted ui-more-matches" role="status">{moreMatchesText(props)}</p>;
}

/** The line's words ("Showing 20 of 45 patients: …", "Showing the first 12 tests: …"); empty when all are listed. */
export function moreMatchesText({ shown, total, more, noun, term, advice }: MoreMatchesProps): string {
  const hasMore = total === undefined ? more === true : total > shown;
  if (!hasMore) return "";
  const typed = term?.trim();
  const matching = typed ? ` matching “${typed}”` : "";
  const lead = total === undefined ? `Showing the first ${shown} ${noun}${matching}` : `Showing ${shown} of ${total} ${noun}${matching}`;
  return `${lead}: ${advice}`;
}

/**
 * A search asked for one more than it shows: the ones to show, and whether more match.
 * (`limit + 1` is what the list asks the server for.)
 */
export function firstMatches<T>(list: readonly T[] | undefined, limit: number): { shown: T[]; more: boolean } {
  const all = list ?? [];
  return { shown: all.slice(0, limit), more: all.length > limit };
}
