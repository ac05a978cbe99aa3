import Link from "next/link";
import { RunLabels } from "@/components/runs/run-labels";
import clsx from "clsx";
import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "@/components/ui/table";
import type { LeaderboardRow, LeaderboardSort } from "@/lib/queries/leaderboard";
import { FigureValue } from "@/components/ui/figure-value";
import { formatDate, formatInterval, formatPercent } from "@/lib/metrics/format";
import { runUsage } from "@/lib/metrics/run-usage";
import { formatShare } from "@/lib/metrics/format";

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

/** "v1 r1 · 2024": the ground truth, which files of it, and the protocol (with its scoring revision). */
function rulesLabel(row: LeaderboardRow): string {
  const groundTruth = row.versionRevision === null ? row.groundTruth : `${row.groundTruth} r${row.versionRevision}`;
  const scoring = row.scoringRevision && row.scoringRevision !== row.protocol ? ` (${row.scoringRevision})` : "";
  return `${groundTruth} · ${row.protocol}${scoring}`;
}

/**
 * Sortable leaderboard; headers are links that flip the sort in the URL. `firstRank` numbers the rows
 * of a later page; `ranked={false}` lists reference agents without a rank.
 */
export function LeaderboardTable({
  rows,
  sort,
  direction,
  sortHref,
  firstRank = 1,
  ranked = true,
  testId = "leaderboard-table",
}: {
  rows: readonly LeaderboardRow[];
  sort: LeaderboardSort;
  direction: "asc" | "desc";
  sortHref: (sort: LeaderboardSort, direction: "asc" | "desc") => string;
  firstRank?: number;
  ranked?: boolean;
  testId?: string;
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
    // Figures never wrap ("46.1 %" on one line); narrower padding keeps every column on a 1,440 px screen.
    <Table data-testid={testId} className="[&_.cell-num]:whitespace-nowrap [&_td]:px-3 [&_th]:px-3">
      <TableHead>
        <tr>
          <TableHeaderCell className="w-8">#</TableHeaderCell>
          <TableHeaderCell>{header({ sort: "model", label: "Agent / model" })}</TableHeaderCell>
          <TableHeaderCell>Tools</TableHeaderCell>
          <TableHeaderCell title="Dataset; second line: ground truth and its revision · protocol">Dataset</TableHeaderCell>
          {columns.map((column) => (
            <TableHeaderCell key={column.sort} numeric={column.numeric}>
              {header(column)}
            </TableHeaderCell>
          ))}
        </tr>
      </TableHead>
      <TableBody>
        {rows.map((row, position) => (
          <TableRow key={row.id} data-testid="leaderboard-row" data-model={row.label} data-tool-set={row.toolSet} data-dataset={row.dataset} data-reference={row.reference || undefined} data-test-run={row.test || undefined}>
            <TableCell className="text-muted tabular-nums">{ranked ? firstRank + position : "ref"}</TableCell>
            <TableCell>
              <Link href={`/runs/${row.id}`} className="font-medium text-ink hover:text-accent">
                {row.label}
              </Link>
              <div className="sub inline-flex items-center gap-1">
                {`${row.agent} · ${row.source}`} <RunLabels test={row.test} tags={row.tags} />
              </div>
            </TableCell>
            <TableCell>
              <Badge>{row.toolSet}</Badge>
            </TableCell>
            <TableCell className="whitespace-nowrap">
              <span data-column="dataset">{row.dataset}</span>
              <div className="sub">{rulesLabel(row)}</div>
            </TableCell>
            <TableCell numeric>
              <span className="font-semibold" data-testid="leaderboard-accuracy">
                {formatPercent(row.accuracy)}
              </span>
              <div className="sub whitespace-nowrap">{`${row.correct}/${row.n} [${formatInterval(row.accuracyInterval)}]`}</div>
              {row.providerFailures > 0 && (
                <div className="sub whitespace-nowrap text-bad" data-testid="leaderboard-provider-failures" title="Tasks that failed at the provider are not scored: the rates leave them out">
                  {`${row.providerFailures}/${row.done} failed at provider (${formatShare(row.providerShare)})`}
                </div>
              )}
            </TableCell>
            <TableCell numeric>{formatPercent(row.sideEffectRate, 1)}</TableCell>
            <TableCell numeric>{formatPercent(row.exactMatchRate, 1)}</TableCell>
            <TableCell numeric>{formatPercent(row.zeroAction, 1)}</TableCell>
            <TableCell numeric>{formatPercent(row.onePlus, 1)}</TableCell>
            <TableCell numeric>{formatPercent(row.twoPlus, 1)}</TableCell>
            <TableCell numeric>
              <FigureValue figure={usageOf(row).tokens} />
            </TableCell>
            <TableCell numeric>
              <FigureValue figure={usageOf(row).cost} />
            </TableCell>
            <TableCell numeric className="sub whitespace-nowrap">
              {formatDate(row.createdAt)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Tokens and cost, "—" with the reason when the run recorded no usage (lib/metrics/run-usage.ts). */
function usageOf(row: LeaderboardRow) {
  const model = row.label === row.agent ? null : row.label;
  return runUsage({ source: row.source, model, inputTokens: row.tokens, outputTokens: 0, costUsd: row.costUsd, estimatedCostUsd: row.estimatedCostUsd });
}
