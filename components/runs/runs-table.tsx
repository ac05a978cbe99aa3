import clsx from "clsx";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "@/components/ui/table";
import { FigureValue } from "@/components/ui/figure-value";
import { formatDate, formatPercent } from "@/lib/metrics/format";
import { runUsage } from "@/lib/metrics/run-usage";
import { ratio } from "@/lib/metrics/wilson";
import type { RunListItem } from "@/lib/queries/runs";
import { RunLabels } from "./run-labels";
import { RunProgress } from "./run-progress";
import { RunSelectBox } from "./runs-bulk-actions";
import { RunStatusBadge } from "./run-status-badge";

/** The runs list; compact cells (px-3, second lines, long names cut with a tooltip) so every column, Created included, fits the page. */
export function RunsTable({ runs, selectable = false }: { runs: readonly RunListItem[]; selectable?: boolean }) {
  return (
    <Table data-testid="runs-table" className="whitespace-nowrap [&_td]:px-3 [&_th]:px-3">
      <TableHead>
        <tr>
          {selectable ? <TableHeaderCell className="w-6"><span className="sr-only">Select</span></TableHeaderCell> : null}
          <TableHeaderCell>Run</TableHeaderCell>
          <TableHeaderCell>Status</TableHeaderCell>
          <TableHeaderCell>Progress</TableHeaderCell>
          <TableHeaderCell>Agent / model</TableHeaderCell>
          <TableHeaderCell title="Dataset; second line: ground truth and its revision · protocol">Dataset</TableHeaderCell>
          <TableHeaderCell numeric title="Second line: wrong answers that changed the sandbox">Accuracy</TableHeaderCell>
          <TableHeaderCell numeric>Errors</TableHeaderCell>
          <TableHeaderCell numeric>Cost</TableHeaderCell>
          <TableHeaderCell numeric>Created</TableHeaderCell>
        </tr>
      </TableHead>
      <TableBody>
        {runs.map((run) => (
          <TableRow key={run.id} data-testid="run-row" data-run-id={run.id}>
            {selectable ? (
              <TableCell className="w-6">
                <RunSelectBox id={run.id} name={run.name} />
              </TableCell>
            ) : null}
            <TableCell className="max-w-40">
              {/* Long names are cut; the full name shows on hover. */}
              <Link href={`/runs/${run.id}`} className="row-link block truncate" title={run.name} data-testid="run-name-link">
                {run.name}
              </Link>
              <span className="sub inline-flex items-center gap-1">
                {run.source} <RunLabels test={run.testRun} tags={run.tags} />
              </span>
            </TableCell>
            <TableCell className="max-w-36">
              {/* A long status ("completed with errors · 12 % failed") wraps rather than widening the list. */}
              <RunStatusBadge
                status={run.status}
                outcome={{ source: run.source, done: run.tasksDone, providerFailures: run.board?.providerFailures ?? 0 }}
                className="whitespace-normal"
              />
            </TableCell>
            <TableCell>
              <RunProgress done={run.tasksDone} total={run.tasksTotal} />
            </TableCell>
            <TableCell className="max-w-40">
              <div className="truncate text-ink" title={run.model ?? run.agent}>{run.model ?? run.agent}</div>
              <div className="sub">{`${run.agent} · ${run.toolSet}`}</div>
            </TableCell>
            <TableCell className="max-w-36">
              <span
                data-testid="run-dataset"
                title={run.dataset.slug}
                className={clsx("block truncate", run.dataset.kind === "generated" ? "text-ink" : "text-muted")}
              >
                {run.dataset.slug}
              </span>
              <div className="sub">
                <Badge>{run.version ? `${run.groundTruth} r${run.version.revision}` : run.groundTruth}</Badge> {run.protocol}
              </div>
            </TableCell>
            <TableCell numeric>
              {scoredRate(run, run.correctCount)}
              <div className="sub">side eff. {scoredRate(run, run.sideEffectCount)}</div>
            </TableCell>
            <TableCell numeric>{run.errorCount}</TableCell>
            <TableCell numeric>
              <FigureValue figure={runUsage(run).cost} />
            </TableCell>
            <TableCell numeric className="sub">
              {formatDate(run.createdAt)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * A rate over the run's scored tasks (done minus those that failed at the provider, which are never
 * correct); "—" when none was scored. Recorded runs' errors were all scored by their evaluator.
 */
function scoredRate(run: RunListItem, count: number) {
  const scored = run.source === "imported" ? run.tasksDone : run.tasksDone - (run.board?.providerFailures ?? 0);
  if (scored <= 0) {
    const reason = run.tasksDone > 0 ? "no rate: every task failed at the provider" : "no task scored yet";
    return <FigureValue figure={{ text: "—", reason, state: "unknown" }} />;
  }
  return <span title={`over ${scored} scored task${scored === 1 ? "" : "s"}`}>{formatPercent(ratio(count, scored), 1)}</span>;
}
