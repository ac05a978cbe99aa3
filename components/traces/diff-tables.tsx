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

/** One table per sandbox table that differs; changed cells show old → new. */
export function DiffTables({ tables, labels, testId = "diff-tables" }: { tables: readonly TableDiffView[]; labels: DiffLabels; testId?: string }) {
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
                    <th key={column} className="px-2 py-1 text-left font-medium whitespace-nowrap">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {table.rows.map((row, index) => (
                  <tr key={`${row.kind}-${row.key}-${index}`} className={rowTone[row.kind]} data-testid={`diff-row-${row.kind}`}>
                    <td className={clsx("px-2 py-1 text-center font-semibold no-underline", markerTone[row.kind])} title={labels[row.kind]}>
                      {marker[row.kind]}
                    </td>
                    {row.cells.map((cell) => (
                      <td
                        key={cell.column}
                        className={clsx("max-w-72 px-2 py-1 align-top break-words", cell.changed && "bg-warn-soft")}
                        data-changed={cell.changed ? "true" : undefined}
                      >
                        {cell.changed ? (
                          <>
                            <span className="text-bad line-through">{cell.before}</span> <span className="text-ink">→ {cell.text}</span>
                          </>
                        ) : (
                          cell.text
                        )}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ))}
    </div>
  );
}
