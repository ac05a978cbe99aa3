import clsx from "clsx";
import type { DiffRowKind, TableDiffView } from "@/lib/traces/diff-view";

export type DiffLabels = Readonly<Record<DiffRowKind, string>>;

/** Labels for a step's own change (state before → after the call). */
export const STEP_DIFF_LABELS: DiffLabels = { inserted: "added", deleted: "deleted", changed: "updated" };

const rowTone: Record<DiffRowKind, string> = {
  inserted: "bg-good-soft/60",
  deleted: "bg-bad-soft/60 text-muted line-through decoration-bad/40",
  changed: "",
};

const markerTone: Record<DiffRowKind, string> = {
  inserted: "text-good",
  deleted: "text-bad",
  changed: "text-warn",
};

const marker: Record<DiffRowKind, string> = { inserted: "+", deleted: "−", changed: "~" };

/** A cell's text, cut to `max` characters (with "…") when a limit is given. */
function cellShown(text: string, max: number | undefined): string {
  return max !== undefined && text.length > max ? `${text.slice(0, max)}…` : text;
}

/**
 * One table per sandbox table that differs; changed cells show old → new. Where the whole diff is one
 * link away (`moreHref`), long cells (an email body) are cut to `maxCellChars` and each table to its
 * first `maxRows` rows, so a page of many writes stays light.
 */
export function DiffTables({
  tables,
  labels,
  testId = "diff-tables",
  maxCellChars,
  maxRows,
  moreHref,
}: {
  tables: readonly TableDiffView[];
  labels: DiffLabels;
  testId?: string;
  maxCellChars?: number;
  maxRows?: number;
  moreHref?: string;
}) {
  const cut = moreHref !== undefined;
  if (tables.length === 0) return <p className="text-xs text-muted" data-testid={`${testId}-empty`}>No difference.</p>;
  return (
    <div className="space-y-4" data-testid={testId}>
      {tables.map((table) => (
        <div key={table.table} data-testid="diff-table" data-table={table.table}>
          <div className="mb-1 flex items-baseline gap-3 text-xs">
            <span className="font-mono font-semibold text-ink">{table.table}</span>
            {(["inserted", "deleted", "changed"] as const).map((kind) =>
              table.counts[kind] > 0 ? (
                <span key={kind} className={markerTone[kind]}>
                  {marker[kind]}
                  {table.counts[kind]} {labels[kind]}
                </span>
              ) : null,
            )}
          </div>
          <div className="overflow-x-auto rounded-lg ring-1 ring-line ring-inset">
            <table className="w-full border-collapse font-mono text-[11px]">
              <thead className="bg-canvas text-muted">
                <tr>
                  <th className="w-6 px-2 py-1" />
                  {table.columns.map((column) => (
                    <th key={column} className="diff-th">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {(cut && maxRows !== undefined ? table.rows.slice(0, maxRows) : table.rows).map((row, index) => (
                  <tr key={`${row.kind}-${row.key}-${index}`} className={rowTone[row.kind]} data-testid={`diff-row-${row.kind}`}>
                    <td className={clsx("px-2 py-1 text-center font-semibold no-underline", markerTone[row.kind])} title={labels[row.kind]}>
                      {marker[row.kind]}
                    </td>
                    {row.cells.map((cell) => (
                      cell.changed ? (
                        <td key={cell.column} className="diff-td bg-warn-soft" data-changed="true">
                          <span className="text-bad line-through">{cellShown(cell.before ?? "", cut ? maxCellChars : undefined)}</span>{" "}
                          <span className="text-ink">→ {cellShown(cell.text, cut ? maxCellChars : undefined)}</span>
                        </td>
                      ) : (
                        <td key={cell.column} className="diff-td">
                          {cellShown(cell.text, cut ? maxCellChars : undefined)}
                        </td>
                      )
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {cut && maxRows !== undefined && table.rows.length > maxRows ? (
            <a href={moreHref} className="mt-1 inline-block text-xs text-accent" data-testid="diff-more">
              {table.rows.length - maxRows} more rows: show all {table.rows.length}
            </a>
          ) : null}
        </div>
      ))}
    </div>
  );
}
