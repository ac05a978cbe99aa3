import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { controlClasses } from "@/components/runs/form-field";
import { Table, TableBody, TableHead, TableHeaderCell, TableRow } from "@/components/ui/table";
import { cellText } from "@/lib/traces/diff-view";

export interface SandboxView {
  readonly table: string;
  readonly q: string;
  readonly column: string | undefined;
  readonly sort: string | undefined;
  readonly dir: "asc" | "desc";
}

/** GET form: a substring over one column or every cell (the table and sort are kept). */
export function SandboxFilter({ action, view, columns, total }: { action: string; view: SandboxView; columns: readonly string[]; total: number }) {
  return (
    <form method="get" action={action} className="flex flex-wrap items-center gap-2 border-b border-line px-5 py-3" data-testid="sandbox-filter">
      <input type="hidden" name="table" value={view.table} />
      {view.sort ? <input type="hidden" name="sort" value={view.sort} /> : null}
      {view.dir !== "asc" ? <input type="hidden" name="dir" value={view.dir} /> : null}
      <select name="column" defaultValue={view.column ?? ""} className={"w-auto " + controlClasses} aria-label="Filter column" data-testid="sandbox-filter-column">
        <option value="">Any column</option>
        {columns.map((column) => (
          <option key={column} value={column}>{column}</option>
        ))}
      </select>
      <input name="q" defaultValue={view.q} placeholder="Contains…" className={"w-56 " + controlClasses} aria-label="Filter rows" data-testid="sandbox-filter-q" />
      <button type="submit" className={buttonClasses({ variant: "secondary", size: "sm" })} data-testid="sandbox-filter-apply">Filter</button>
      <span className="ml-auto text-sm text-muted tabular-nums" data-testid="sandbox-count">{total} rows</span>
    </form>
  );
}

export function SandboxTable({
  columns,
  rows,
  view,
  sortHref,
}: {
  columns: readonly string[];
  rows: readonly { position: number; data: Record<string, unknown> }[];
  view: SandboxView;
  sortHref: (column: string, dir: "asc" | "desc") => string;
}) {
  return (
    <Table data-testid="sandbox-table">
      <TableHead>
        <tr>
          <TableHeaderCell numeric>#</TableHeaderCell>
          {columns.map((column) => {
            const active = view.sort === column;
            const next = active && view.dir === "asc" ? "desc" : "asc";
            return (
              <TableHeaderCell key={column} className="normal-case">
                <Link href={sortHref(column, next)} className="hover:text-ink" data-testid="sandbox-sort" data-column={column}>
                  {column}
                  {active ? (view.dir === "asc" ? " ↑" : " ↓") : ""}
                </Link>
              </TableHeaderCell>
            );
          })}
        </tr>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.position} data-testid="sandbox-row">
            <td className="px-4 py-1.5 text-right text-xs text-muted tabular-nums">{row.position}</td>
            {columns.map((column) => (
              <td key={column} className="max-w-md px-4 py-1.5 align-top text-xs break-words" data-column={column}>
                <span className="line-clamp-3">{cellText(row.data[column] as Parameters<typeof cellText>[0])}</span>
              </td>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
