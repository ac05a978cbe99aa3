import Link from "next/link";
import clsx from "clsx";
import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "@/components/ui/table";
import type { LeaderboardRow, LeaderboardSort } from "@/lib/queries/leaderboard";
import { formatCost, formatDate, formatInterval, formatPercent, formatTokens } from "@/lib/metrics/format";
import { costOrEstimate } from "@/lib/costs/estimated-label";

interface Column {
  readonly sort: LeaderboardSort;
  readonly label: string;
  readonly title?: string;
  readonly numeric?: boolean;
}

const columns: readonly Column[] = [
  { sort: "accuracy", label: "Accuracy", title: "Correct outcomes, with the 95 % Wilson interval", numeric: true },
  { sort: "sideEffects", label: "Side eff.", title: "Wrong answers that changed the sandbox", numeric: true },
  { sort: "exactMatch", label: "Exact", title: "Side-effect calls identical to the ground truth", numeric: true },
  { sort: "zeroAction", label: "0 act.", title: "Accuracy on tasks whose ground truth has no action", numeric: true },
  { sort: "onePlus", label: "1+", title: "Accuracy on tasks with at least one ground-truth action", numeric: true },
  { sort: "twoPlus", label: "2+", title: "Accuracy on tasks with at least two ground-truth actions", numeric: true },
  { sort: "tokens", label: "Tokens", numeric: true },
  { sort: "cost", label: "Cost", numeric: true },
  { sort: "date", label: "Date", numeric: true },
];

/** Sortable leaderboard; headers are links that flip the sort in the URL. */
export function LeaderboardTable({
  rows,
  sort,
  direction,
  sortHref,
}: {
  rows: readonly LeaderboardRow[];
  sort: LeaderboardSort;
  direction: "asc" | "desc";
  sortHref: (sort: LeaderboardSort, direction: "asc" | "desc") => string;
}) {
  const header = (column: Pick<Column, "sort" | "label" | "title">) => {
    const active = column.sort === sort;
    const next = active && direction === "desc" ? "asc" : "desc";
    return (
      <Link href={sortHref(column.sort, next)} title={column.title} className={clsx("hover:text-ink", active && "text-ink")}>
        {column.label}
        {active ? (direction === "desc" ? " ↓" : " ↑") : ""}
      </Link>
    );
  };
  return (
    <Table data-testid="leaderboard-table">
      <TableHead>
        <tr>
          <TableHeaderCell className="w-8">#</TableHeaderCell>
          <TableHeaderCell>{header({ sort: "model", label: "Agent / model" })}</TableHeaderCell>
          <TableHeaderCell>Tools</TableHeaderCell>
          {columns.map((column) => (
            <TableHeaderCell key={column.sort} numeric={column.numeric}>
              {header(column)}
            </TableHeaderCell>
          ))}
        </tr>
      </TableHead>
      <TableBody>
        {rows.map((row, position) => (
          <TableRow key={row.id} data-testid="leaderboard-row" data-model={row.label} data-tool-set={row.toolSet}>
            <TableCell className="text-muted tabular-nums">{position + 1}</TableCell>
            <TableCell>
              <Link href={`/runs/${row.id}`} className="font-medium text-ink hover:text-accent">
                {row.label}
              </Link>
              <div className="sub">{`${row.agent} · ${row.groundTruth} · ${row.source}`}</div>
            </TableCell>
            <TableCell>
              <Badge>{row.toolSet}</Badge>
            </TableCell>
            <TableCell numeric>
              <span className="font-semibold" data-testid="leaderboard-accuracy">
                {formatPercent(row.accuracy)}
              </span>
              <div className="sub whitespace-nowrap">{`${row.correct}/${row.n} [${formatInterval(row.accuracyInterval)}]`}</div>
            </TableCell>
            <TableCell numeric>{formatPercent(row.sideEffectRate, 1)}</TableCell>
            <TableCell numeric>{formatPercent(row.exactMatchRate, 1)}</TableCell>
            <TableCell numeric>{formatPercent(row.zeroAction, 1)}</TableCell>
            <TableCell numeric>{formatPercent(row.onePlus, 1)}</TableCell>
            <TableCell numeric>{formatPercent(row.twoPlus, 1)}</TableCell>
            <TableCell numeric>{formatTokens(row.tokens)}</TableCell>
            <TableCell numeric>{costOrEstimate(row.costUsd, row.estimatedCostUsd, formatCost)}</TableCell>
            <TableCell numeric className="sub whitespace-nowrap">
              {formatDate(row.createdAt)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
