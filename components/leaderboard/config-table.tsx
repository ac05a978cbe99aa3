import Link from "next/link";
import { RunLabels } from "@/components/runs/run-labels";
import clsx from "clsx";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "@/components/ui/table";
import { configKeyParam, type ConfigRow, type ConfigSort } from "@/lib/metrics/config-leaderboard";
import { shownConfigColumns } from "@/lib/metrics/config-table";
import { ESTIMATED_LABEL } from "@/lib/costs/estimated-label";

/**
 * One row per agent configuration; every header is a sort link. Compact (second lines instead of extra
 * columns, narrow padding, a sticky first column) so every column shows on a 1,440 px screen.
 */
// The first column stays in view if a narrow screen scrolls the table sideways. Set once on the table
// (not on each row's cell and link): every row repeats its markup twice, in the HTML and in the RSC payload.
const stickyFirst = "sticky left-0 z-10 bg-surface";
const firstColumn =
  "[&_td:first-child]:sticky [&_td:first-child]:left-0 [&_td:first-child]:z-10 [&_td:first-child]:bg-surface " +
  // Long model ids are cut (full id in the tooltip) rather than widening the table.
  "[&_td:first-child>a]:block [&_td:first-child>a]:max-w-44 [&_td:first-child>a]:truncate [&_td:first-child>a]:font-medium [&_td:first-child>a]:text-ink [&_td:first-child>a:hover]:text-accent " +
  // The compact profile's links, styled once here rather than on each of the rows (see above).
  "[&_a[data-column=profile]]:text-xs [&_a[data-column=profile]]:text-accent";

export function ConfigTable({
  rows,
  domains,
  sort,
  direction,
  sortHref,
  testId = "config-table",
  board = rows,
  withProfile = true,
}: {
  rows: readonly ConfigRow[];
  /** Every row of the board (the table may show one page of it): which columns apply is decided on these. */
  board?: readonly ConfigRow[];
  domains: readonly string[];
  sort: ConfigSort;
  direction: "asc" | "desc";
  sortHref: (sort: ConfigSort, direction: "asc" | "desc") => string;
  testId?: string;
  /** The compact reliability profile column (the reference agents' table leaves it out: they are bounds, not competitors). */
  withProfile?: boolean;
}) {
  const columns = shownConfigColumns(board, domains).filter((column) => withProfile || column.id !== "profile");
  return (
    // Narrow padding on the cells themselves ([&_td]: .cell's own padding would win over a class on the cell).
    <Table data-testid={testId} className={`whitespace-nowrap [&_td]:px-1.5 [&_th]:px-1.5 ${firstColumn}`}>
      <TableHead>
        <tr>
          {columns.map((column) => {
            const active = column.sort === sort && column.sortable !== false;
            const next = active && direction === "desc" ? "asc" : "desc";
            return (
              <TableHeaderCell key={column.id} numeric={column.numeric} className={clsx("whitespace-nowrap", column.id === "model" && stickyFirst)} data-column={column.id}>
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
        {/* Keys by position, not the configuration's long key: a static list, and every byte repeats per row. */}
        {rows.map((row, rowIndex) => (
          <TableRow key={rowIndex} data-testid="config-row" {...rowAttributes(row)}>
            {columns.map((column, index) => {
              const sub = column.sub?.(row);
              return (
                <TableCell key={index} numeric={column.numeric}>
                  {/* data-column on the value itself: the second line is not part of the cell's value. */}
                  {index === 0 ? (
                    <>
                      <Link href={`/leaderboard/configurations/${configKeyParam(row.key)}`} {...defined({ title: cutTitle(column.cell(row)) })} data-column={column.id}>
                        {column.cell(row)}
                      </Link>
                      {row.test || row.faultRate || row.phrasing ? <> <RunLabels test={row.test} faultRate={row.faultRate} phrasing={row.phrasing} /></> : null}
                    </>
                  ) : column.id === "profile" ? (
                    // The compact profile links to the configuration's profile page (every figure, with its interval).
                    <Link href={`/leaderboard/configurations/${configKeyParam(row.key)}/reliability`} prefetch={false} data-column={column.id}>
                      {column.cell(row)}
                    </Link>
                  ) : (
                    <span data-column={column.id} {...defined({ title: column.hover?.(row) })}>
                      <CellText text={column.cell(row)} />
                    </span>
                  )}
                  {/* A second line, or more where the text breaks its lines (keeps a column narrow at 1,440 px). */}
                  {sub ? (
                    <div className="sub" data-sub={column.id}>
                      {sub.split("\n").map((line, lineIndex) => (lineIndex === 0 ? line : <div key={lineIndex}>{line}</div>))}
                    </div>
                  ) : null}
                </TableCell>
              );
            })}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

const ESTIMATED_SUFFIX = ` (${ESTIMATED_LABEL})`;

/** A figure; its "(estimated)" label goes on a line of its own so the column stays narrow at 1,440 px. */
function CellText({ text }: { text: string }) {
  if (!text.endsWith(ESTIMATED_SUFFIX)) return <>{text}</>;
  return (
    <>
      {text.slice(0, -ESTIMATED_SUFFIX.length)}
      <span className="sub block"> {ESTIMATED_SUFFIX.trim()}</span>
    </>
  );
}

// A prop set to undefined is still written into the RSC payload ("$undefined"), once per cell of every
// row: only the attributes a row has are passed.
function defined(attributes: Record<string, string | number | boolean | undefined>): Record<string, string | number | boolean> {
  return Object.fromEntries(Object.entries(attributes).filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined));
}

/** The row's data attributes for tests and styles: the flags only where set. */
function rowAttributes(row: ConfigRow): Record<string, string | number | boolean> {
  return defined({
    "data-model": row.label, "data-agent": row.agent, "data-tool-set": row.toolSet, "data-dataset": row.dataset,
    "data-partial": row.partial || undefined, "data-reference": row.reference || undefined, "data-test-run": row.test || undefined,
    "data-fault-rate": row.faultRate ?? undefined, "data-phrasing": row.phrasing ?? undefined,
  });
}

/** The model id as a tooltip only where the first column may cut it (max-w-44: about 24 characters). */
function cutTitle(text: string): string | undefined {
  return text.length > 20 ? text : undefined;
}
