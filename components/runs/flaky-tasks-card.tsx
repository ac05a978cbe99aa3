import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "@/components/ui/table";
import { flakyTasks } from "@/lib/metrics/flaky-tasks";
import { formatPercent } from "@/lib/metrics/format";
import { listTrialVerdicts } from "@/lib/queries/analysis";

/** Tasks whose verdict differs across the run's trials, with their pass rate and every trial's trace. */
export async function FlakyTasksCard({ runId }: { runId: string }) {
  const flaky = flakyTasks(await listTrialVerdicts({ runId }));
  return (
    <Card data-testid="flaky-tasks">
      <CardHeader
        title="Flaky tasks"
        description={flaky.length ? `${flaky.length} task${flaky.length === 1 ? "" : "s"} right on some trials and wrong on others, the most even splits first.` : "Every task got the same verdict on all its trials."}
      />
      {flaky.length ? (
        <Table>
          <TableHead>
            <tr>
              <TableHeaderCell>Task</TableHeaderCell>
              <TableHeaderCell>Domain</TableHeaderCell>
              <TableHeaderCell numeric>Pass rate</TableHeaderCell>
              <TableHeaderCell>Trials</TableHeaderCell>
            </tr>
          </TableHead>
          <TableBody>
            {flaky.map((task) => (
              <TableRow key={task.taskId} data-testid="flaky-row" data-key={task.key}>
                <TableCell className="font-mono text-xs">{task.key}</TableCell>
                <TableCell>
                  <Badge>{task.domain}</Badge>
                </TableCell>
                <TableCell className="text-right tabular-nums" data-testid="flaky-pass-rate">
                  {formatPercent(task.passRate, 0)} ({task.passed}/{task.trials})
                </TableCell>
                <TableCell className="space-x-2 text-xs whitespace-nowrap">
                  {task.results.map((result) => (
                    <Link key={result.resultId} href={`/runs/${runId}/tasks/${result.resultId}`} className={result.correct ? "text-good" : "text-bad"}>
                      #{result.trial} {result.correct ? "✓" : "✗"}
                    </Link>
                  ))}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
    </Card>
  );
}
