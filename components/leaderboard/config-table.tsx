import Link from "next/link";
import clsx from "clsx";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "@/components/ui/table";
import { configKeyParam, type ConfigRow, type ConfigSort } from "@/lib/metrics/config-leaderboard";
import { configColumns } from "@/lib/metrics/config-table";

/**
 * One row per agent configuration; every header is a sort link. The cells are the same text the CSV
 * export writes (lib/metrics/config-table.ts).
 */
export function ConfigTable({
  rows,
  domains,
  sort,
  direction,
  sortHref,
}: {
  rows: readonly ConfigRow[];
  domains: readonly string[];
  sort: ConfigSort;
  direction: "asc" | "desc";
  sortHref: (sort: ConfigSort, direction: "asc" | "desc") => string;
}) {
  const columns = configColumns(domains);
  return (
    <Table data-testid="config-table" className="whitespace-nowrap">
      <TableHead>
        <tr>
          {columns.map((column) => {
            const active = column.sort === sort && column.id !== "ci" && column.id !== "gt";
            const next = active && direction === "desc" ? "asc" : "desc";
            return (
              <TableHeaderCell key={column.id} numeric={column.numeric} className="whitespace-nowrap" data-column={column.id}>
                <Link href={sortHref(column.sort, next)} title={column.title} className={clsx("hover:text-ink", active && "text-ink")} data-testid={`sort-${column.id}`}>
                  {column.header}
                  {active ? (direction === "desc" ? " ↓" : " ↑") : ""}
                </Link>
              </TableHeaderCell>
            );
          })}
        </tr>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow
            key={row.key}
            data-testid="config-row"
            data-partial={row.partial || undefined}
            data-model={row.label}
            data-agent={row.agent}
            data-tool-set={row.toolSet}
          >
            {columns.map((column, index) => (
              <TableCell key={column.id} numeric={column.numeric} data-column={column.id}>
                {index === 0 ? (
                  <Link href={`/leaderboard/configurations/${configKeyParam(row.key)}`} className="font-medium text-ink hover:text-accent">
                    {column.cell(row)}
                  </Link>
                ) : (
                  column.cell(row)
                )}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
