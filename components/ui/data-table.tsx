import type { HTMLAttributes, ReactNode } from "react";

// The one list table of the dashboard (URLs, issue URLs, imports, row errors, submissions, login history,
// members, invitations, webhook deliveries): a labelled, keyboard-scrollable region around a table with
// column headers (scope=col), cells aligned per column, and optional row selection by checkbox.

export type Column<T> = {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Numbers read best right-aligned. */
  align?: "left" | "right";
  /** Extra classes on every cell of the column (e.g. "whitespace-nowrap", "max-w-[24rem]"). */
  className?: string;
  /** Extra classes on the header cell only. */
  headerClassName?: string;
  /** The column's width in a fixed layout (a class on its header cell, e.g. "w-32"). */
  width?: string;
  /** Responsive display classes on every cell of the column, e.g. "hidden md:table-cell" (a narrow screen leaves it out). */
  display?: string;
  /** A sortable column: its header is a button, and the header cell carries aria-sort. */
  sort?: { direction: "ascending" | "descending" | null; onSort: () => void; title?: string };
};

export type RowSelection<T> = {
  isSelected: (row: T) => boolean;
  onToggle: (row: T) => void;
  onToggleAll: (select: boolean) => void;
  /** Accessible names of the checkboxes. */
  rowLabel: (row: T) => string;
  allLabel: string;
};

type Props<T> = {
  /** Names the scrollable region for screen readers (and keyboard users who tab into it to scroll). */
  label: string;
  columns: Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** Per-row attributes: data-testid, aria-current, a highlight class. */
  rowProps?: (row: T) => HTMLAttributes<HTMLTableRowElement> & { "data-testid"?: string };
  selection?: RowSelection<T>;
  /** A visually hidden caption (what the rows are, and their order). */
  caption?: string;
  /**
   * "contained": a fixed-height region scrolling both ways with a sticky header (long lists inside a page);
   * "window": the same, at most the window's height, for the page's main list (its header stays in view).
   */
  variant?: "page" | "contained" | "window";
  /** "compact": less padding per row (lists of many rows). */
  density?: "normal" | "compact";
  /** data-testid of the table element. */
  testId?: string;
  /** "fixed": columns take the widths their classes give (w-…), the rest goes to the columns without one; cells truncate instead of widening the table. */
  layout?: "auto" | "fixed";
};

const th = "whitespace-nowrap px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-600";
const td = "px-3 py-2.5 align-top text-sm text-slate-700";
const tdCompact = "px-3 py-1.5 align-top text-sm text-slate-700";
const REGION: Record<NonNullable<Props<unknown>["variant"]>, string> = {
  page: "relative overflow-x-auto",
  contained: "max-h-80 overflow-auto",
  window: "max-h-[calc(100dvh-4rem)] overflow-auto overscroll-x-contain",
};
const checkbox = "size-4 rounded border-slate-400 align-middle";
const align = (a: Column<unknown>["align"]) => (a === "right" ? "text-right tabular-nums" : "");

export function DataTable<T>({ label, columns, rows, rowKey, rowProps, selection, caption, variant = "page", density = "normal", testId, layout = "auto" }: Props<T>) {
  const all = selection !== undefined && rows.length > 0 && rows.every(selection.isSelected);
  const some = selection !== undefined && rows.some(selection.isSelected);
  const region = REGION[variant];
  const cell = density === "compact" ? tdCompact : td;
  return (
    <div role="region" aria-label={label} tabIndex={0} className={`${region} rounded-lg border border-slate-200 bg-white`}>
      <table className={`${layout === "fixed" ? "w-full table-fixed" : "min-w-full"} divide-y divide-slate-200`} data-testid={testId}>
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead className={variant === "page" ? "bg-slate-50" : "sticky top-0 z-10 bg-slate-50 shadow-[0_1px_0_var(--color-slate-200)]"}>
          <tr>
            {selection && (
              <th scope="col" className={`${th} w-10`}>
                <input
                  type="checkbox" aria-label={selection.allLabel} checked={all} className={checkbox}
                  ref={(el) => { if (el) el.indeterminate = some && !all; }}
                  onChange={(e) => selection.onToggleAll(e.target.checked)}
                />
              </th>
            )}
            {columns.map((c) => (
              <th
                key={c.key} scope="col" aria-sort={c.sort ? (c.sort.direction ?? "none") : undefined}
                className={`${th} ${c.align === "right" ? "text-right" : ""} ${c.width ?? ""} ${c.display ?? ""} ${c.headerClassName ?? ""}`.trim()}
              >
                {c.sort ? <SortButton sort={c.sort} align={c.align}>{c.header}</SortButton> : c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => {
            const props = rowProps?.(row) ?? {};
            const selected = selection?.isSelected(row) ?? false;
            return (
              <tr key={rowKey(row)} {...props} className={`${props.className ?? ""} ${selected ? "bg-brand-50/60" : ""}`.trim() || undefined}>
                {selection && (
                  <td className={`${cell} w-10`}>
                    <input type="checkbox" aria-label={selection.rowLabel(row)} checked={selected} onChange={() => selection.onToggle(row)} className={checkbox} />
                  </td>
                )}
                {columns.map((c) => (
                  <td key={c.key} className={`${cell} ${align(c.align)} ${c.display ?? ""} ${c.className ?? ""}`.trim()}>{c.cell(row)}</td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** A column header that sorts: the arrow shows the current direction, or which way a click sorts. */
function SortButton({ sort, align: a, children }: { sort: NonNullable<Column<unknown>["sort"]>; align?: Column<unknown>["align"]; children: ReactNode }) {
  const arrow = sort.direction === "ascending" ? "↑" : sort.direction === "descending" ? "↓" : "↕";
  return (
    <button
      type="button" onClick={sort.onSort} title={sort.title}
      className={`inline-flex max-w-full items-start gap-1 rounded text-left font-semibold uppercase tracking-wide hover:text-slate-900 ${a === "right" ? "flex-row-reverse text-right" : ""} ${sort.direction ? "text-slate-900" : ""}`}
    >
      <span className="min-w-0">{children}</span>
      <span aria-hidden="true" className={sort.direction ? "text-brand-700" : "text-slate-400"}>{arrow}</span>
    </button>
  );
}
