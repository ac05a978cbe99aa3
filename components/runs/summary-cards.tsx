import type { RunDetail } from "@/lib/queries/runs";
import type { RunSummary } from "@/lib/queries/results";
import { formatCost, formatDuration, formatInterval, formatPercent, formatTokens } from "@/lib/metrics/format";
import { StatCard } from "./stat-card";
import { EstimatedUsageCards } from "@/components/costs/estimated-usage-cards";
import { runEstimate } from "@/lib/costs/run-estimate";

/** The run's headline numbers, from its scored results (accuracy...) and its row (tokens, cost, time). */
export function SummaryCards({ run, summary }: { run: RunDetail; summary: RunSummary }) {
  const { overall } = summary;
  const end = run.finishedAt ?? (run.startedAt ? new Date() : null);
  const duration = run.startedAt && end ? end.getTime() - run.startedAt.getTime() : null;
  const estimate = runEstimate(run);
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7" data-testid="summary-cards">
      <StatCard
        label="Accuracy"
        testId="stat-accuracy"
        value={formatPercent(overall.accuracy)}
        detail={`${overall.correct}/${overall.n} · 95 % [${formatInterval(overall.accuracyInterval)}]`}
      />
      <StatCard label="Side effects" testId="stat-side-effects" value={formatPercent(overall.sideEffectRate)} detail={`${overall.sideEffects} wrong and changed state`} />
      <StatCard label="Exact match" value={formatPercent(overall.exactMatchRate)} detail={`${overall.exactMatch} same side-effect calls`} />
      <StatCard label="Run errors" value={overall.errors} detail="context window, timeouts, provider" />
      {estimate ? (
        <EstimatedUsageCards estimate={estimate} tasks={run.tasksDone} />
      ) : (
        <>
          <StatCard label="Tokens" value={formatTokens(run.inputTokens + run.outputTokens)} detail={`${formatTokens(run.inputTokens)} in · ${formatTokens(run.outputTokens)} out`} />
          <StatCard label="Cost" value={formatCost(run.costUsd)} detail={`${run.retries} provider retries`} />
        </>
      )}
      <StatCard label="Duration" value={run.source === "imported" ? "–" : formatDuration(duration)} detail={run.source === "imported" ? "imported results" : `concurrency ${run.concurrency}`} />
    </div>
  );
}
