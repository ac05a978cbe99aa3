import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "@/components/ui/table";
import { formatCost, formatDate, formatPercent } from "@/lib/metrics/format";
import { ratio } from "@/lib/metrics/wilson";
import { costOrEstimate } from "@/lib/costs/estimated-label";
import type { RunListItem } from "@/lib/queries/runs";
import { RunProgress } from "./run-progress";
import { RunStatusBadge } from "./run-status-badge";

export function RunsTable({ runs }: { runs: readonly RunListItem[] }) {
  return (
    <Table data-testid="runs-table" className="whitespace-nowrap">
      <TableHead>
        <tr>
          <TableHeaderCell>Run</TableHeaderCell>
          <TableHeaderCell>Status</TableHeaderCell>
          <TableHeaderCell>Progress</TableHeaderCell>
          <TableHeaderCell>Agent / model</TableHeaderCell>
          <TableHeaderCell>GT</TableHeaderCell>
          <TableHeaderCell numeric>Accuracy</TableHeaderCell>
          <TableHeaderCell numeric>Side eff.</TableHeaderCell>
          <TableHeaderCell numeric>Errors</TableHeaderCell>
          <TableHeaderCell numeric>Cost</TableHeaderCell>
          <TableHeaderCell numeric>Created</TableHeaderCell>
        </tr>
      </TableHead>
      <TableBody>
        {runs.map((run) => (
          <TableRow key={run.id} data-testid="run-row" data-run-id={run.id}>
            <TableCell className="max-w-80">
              <Link href={`/runs/${run.id}`} className="row-link" title={run.name}>
                {run.name}
              </Link>
              <span className="sub">{run.source}</span>
            </TableCell>
            <TableCell>
              <RunStatusBadge status={run.status} />
            </TableCell>
            <TableCell>
              <RunProgress done={run.tasksDone} total={run.tasksTotal} />
            </TableCell>
            <TableCell>
              <div className="text-ink">{run.model ?? run.agent}</div>
              <div className="sub">{`${run.agent} · ${run.toolSet}`}</div>
            </TableCell>
            <TableCell>
              <Badge>{run.groundTruth}</Badge>
            </TableCell>
            <TableCell numeric>{formatPercent(ratio(run.correctCount, run.tasksDone), 1)}</TableCell>
            <TableCell numeric>{formatPercent(ratio(run.sideEffectCount, run.tasksDone), 1)}</TableCell>
            <TableCell numeric>{run.errorCount}</TableCell>
            <TableCell numeric>{costOrEstimate(run.costUsd, run.estimatedCostUsd, formatCost)}</TableCell>
            <TableCell numeric className="sub">
              {formatDate(run.createdAt)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
