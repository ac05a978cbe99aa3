import { Card, CardHeader } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "@/components/ui/table";
import { formatPercent } from "@/lib/metrics/format";
import type { Rate } from "@/lib/metrics/robustness";
import { getRunRobustness } from "@/lib/queries/robustness";
import { formatFaultShares } from "@/lib/workbench/tools/faults";

const MEASURES = [
  ["recovery", "Recovery", "of the injected faults, the share in tasks that still ended in the right state"],
  ["blindRetry", "Blind retry", "of the ambiguous faults on a write (applied, answered with a timeout), the share the agent ran again: a duplicate write"],
  ["giveUp", "Give-up", "of the tasks with a fault, the share that ended on a faulted call with no call after it"],
] as const;

function RateCell({ rate }: { rate: Rate }) {
  if (rate.rate === null) return <span className="text-muted">—</span>;
  return (
    <>
      {formatPercent(rate.rate, 1)} <span className="text-muted">({rate.count}/{rate.of})</span>
      {rate.interval ? (
        <span className="ml-1 text-xs text-muted">
          95 % {formatPercent(rate.interval.low, 0)}–{formatPercent(rate.interval.high, 0)}
        </span>
      ) : null}
    </>
  );
}

/** A run with injected faults: its schedule, what was injected, and how the agent dealt with it. */
export async function RobustnessCard({ runId }: { runId: string }) {
  const robustness = await getRunRobustness({ runId });
  if (!robustness) return null;
  const { measures } = robustness;
  return (
    <Card data-testid="robustness-card">
      <CardHeader
        title="Robustness under injected faults"
        description={
          `Fault rate ${robustness.faultRate} (seed ${robustness.faultSeed}; kind weights ${formatFaultShares(robustness.faultShares)}): ${measures.faults} fault${measures.faults === 1 ? "" : "s"} in ` +
          `${measures.tasksWithFaults} of ${measures.tasks} scored tasks — ${measures.faultsByKind.transient} transient, ` +
          `${measures.faultsByKind.ambiguous} ambiguous, ${measures.faultsByKind.malformed} malformed.`
        }
      />
      <Table>
        <TableHead>
          <tr>
            <TableHeaderCell>Measure</TableHeaderCell>
            <TableHeaderCell numeric>Rate</TableHeaderCell>
            <TableHeaderCell>What it counts</TableHeaderCell>
          </tr>
        </TableHead>
        <TableBody>
          {MEASURES.map(([key, label, help]) => (
            <TableRow key={key} data-testid={`robustness-${key}`}>
              <TableCell>{label}</TableCell>
              <TableCell className="text-right tabular-nums whitespace-nowrap">
                <RateCell rate={measures[key]} />
              </TableCell>
              <TableCell className="text-xs text-muted">{help}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Card>
  );
}
