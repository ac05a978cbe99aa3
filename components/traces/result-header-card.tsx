import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { ResultVerdictBadges } from "@/components/runs/verdict-badges";
import type { ResultWithTrace } from "@/lib/queries/results";
import { buildCallViews, activeDiagnostics } from "@/lib/traces/result-view";
import { CallsList } from "./calls-list";

/** The task, its ground truth, what the agent did, and the verdict with its diagnostics. */
export function ResultHeaderCard({ result }: { result: ResultWithTrace }) {
  const groundTruth = result.task.groundTruth.map((raw, index) => ({ index, raw, failure: null }));
  const predicted = buildCallViews(result.calls, result.failedCalls);
  const diagnostics = activeDiagnostics(result.diagnostics);
  return (
    <Card data-testid="result-header">
      <div className="space-y-3 px-5 py-4">
        <div className="flex flex-wrap items-center gap-2">
          <ResultVerdictBadges result={result} />
          {diagnostics.map((label) => (
            <Badge key={label} tone="warn" data-testid="diagnostic">
              {label}
            </Badge>
          ))}
        </div>
        <p className="text-base text-ink" data-testid="task-text">
          {result.task.text}
        </p>
        {result.phrasing ? (
          <p className="text-xs text-muted" data-testid="task-phrasing">
            The {result.phrasing.name} wording, as the agent was sent it; as written: &ldquo;{result.phrasing.originalText}&rdquo;
          </p>
        ) : null}
        <div className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted">
          <span>template: {result.task.baseTemplate}</span>
          <span>toolkits: {result.task.toolkits.join(", ") || "–"}</span>
          <span>GT actions: {result.task.actionCount}</span>
          {result.attempt > 1 ? <span>attempts: {result.attempt}</span> : null}
          <Link href={`/tasks/${result.task.id}`} className="text-accent hover:underline" data-testid="task-across-runs">
            this task across runs →
          </Link>
        </div>
      </div>
      <div className="grid gap-4 border-t border-line px-5 py-4 md:grid-cols-2">
        <div>
          <h3 className="mb-2 text-xs font-semibold text-muted uppercase">Ground truth calls</h3>
          <CallsList calls={groundTruth} testId="gt-calls" empty="No action expected." />
        </div>
        <div>
          <h3 className="mb-2 text-xs font-semibold text-muted uppercase">Agent calls</h3>
          <CallsList calls={predicted} testId="agent-calls" empty="The agent made no call." />
        </div>
      </div>
      {result.finalAnswer ? (
        <div className="border-t border-line px-5 py-3 text-sm">
          <span className="mr-2 text-xs font-semibold text-muted uppercase">Final answer</span>
          {result.finalAnswer}
        </div>
      ) : null}
    </Card>
  );
}
