import type { ReactNode } from "react";

type DataTableProps = {
  /** The table's name for screen readers (a visually hidden caption). */
  caption: ReactNode;
  /** The column headings, each a `<th scope="col">`; `false` or `null` leaves a column out. */
  columns: ReactNode[];
  /** The scrolling region's name. */
  regionLabel?: string;
  /** The rows of the body. */
  children: ReactNode;
  /** Rows of a footer (totals), when there are any. */
  foot?: ReactNode;
};

/**
 * A data table in a region that scrolls sideways on a narrow screen; the region takes the keyboard focus so
 * it can be scrolled without a pointer.
 */
export function DataTable({ caption, columns, regionLabel = "Table (scrolls sideways)", children, foot }: DataTableProps) {
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={regionLabel}>
      <table className="data-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column, i) => column === false || column == null ? null : <th key={i} scope="col">{column}</th>)}
          </tr>
        </thead>
        <tbody>{children}</tbody>
        {foot && <tfoot>{foot}</tfoot>}
      </table>
    </div>
  );
}
