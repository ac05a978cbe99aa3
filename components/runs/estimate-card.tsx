import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Badge } from "@/components/ui/badge";
import { getRunEstimate } from "@/lib/queries/runs";
import { estimateBasis, estimateText } from "@/lib/runs/estimated-run";
import { RunRestButton } from "./run-rest-button";

/**
 * An estimated run's estimate of its full-benchmark accuracy with the 95 % interval, how it was made, and
 * the way to a full run (running the rest); for a converted run, what it was estimated at.
 */
export async function EstimateCard({ runId, finished }: { runId: string; finished: boolean }) {
  const run = await getRunEstimate({ id: runId });
  if (!run) return null;
  const { estimate, plan } = run;
  const remaining = estimate.tasksTotal - estimate.tasksRun;
  return (
    <Card data-testid="estimate-card" data-estimated={run.estimated ? "true" : "false"}>
      <CardHeader
        title={
          <span className="inline-flex items-center gap-2">
            {run.estimated ? <Badge tone="warn" data-testid="estimate-card-label">estimated</Badge> : null}
            {run.estimated ? "Estimated full-benchmark accuracy" : "Estimated before the rest of its tasks were run"}
          </span>
        }
        description={
          run.estimated
            ? "Not ranked among full runs: the figure is an estimate from a subset of the tasks. Running the rest makes it a full run."
            : `The rest of its tasks were queued ${plan.convertedAt ? new Date(plan.convertedAt).toISOString().slice(0, 16).replace("T", " ") : ""} UTC: a full run, ranked like any other.`
        }
        actions={run.estimated && finished && remaining > 0 ? <RunRestButton runId={runId} remaining={remaining} /> : null}
      />
      <CardBody className="space-y-1">
        <p className="text-2xl font-semibold tabular-nums text-ink" data-testid="estimate-value">
          {estimateText(estimate)}
          <span className="ml-2 text-sm font-normal text-muted">accuracy, 95 % interval</span>
        </p>
        <p className="text-sm text-muted" data-testid="estimate-basis">{estimateBasis(run)}</p>
      </CardBody>
    </Card>
  );
}
