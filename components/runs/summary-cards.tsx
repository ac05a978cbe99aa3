import type { RunDetail } from "@/lib/queries/runs";
import type { RunSummary } from "@/lib/queries/results";
import { formatInterval, formatPercent, formatTokens, latencyFigure, UNKNOWN_FIGURE, type FigureText } from "@/lib/metrics/format";
import { durationFigure, runUsage } from "@/lib/metrics/run-usage";
import { FigureValue } from "@/components/ui/figure-value";
import { StatCard } from "./stat-card";
import { EstimatedUsageCards } from "@/components/costs/estimated-usage-cards";
import { runEstimate } from "@/lib/costs/run-estimate";

/**
 * The run's headline numbers, from its scored results (accuracy...) and its row (tokens, cost, time).
 * Rates are over the scored tasks and say so; tasks that failed at the provider are counted apart.
 */
export function SummaryCards({ run, summary }: { run: RunDetail; summary: RunSummary }) {
  const { overall, providerFailures } = summary;
  const end = run.finishedAt ?? (run.startedAt ? new Date() : null);
  const duration = run.startedAt && end ? end.getTime() - run.startedAt.getTime() : null;
  const usage = runUsage(run);
  const over = `of ${overall.n} scored task${overall.n === 1 ? "" : "s"}`;
  const noneScored = providerFailures > 0 ? "no rate: every task failed at the provider, none was scored" : "no rate: no task has been scored yet";
  const rate = (value: number): FigureText =>
    overall.n === 0 ? { text: UNKNOWN_FIGURE, reason: noneScored, state: "unknown" } : { text: formatPercent(value), reason: null, state: "known" };
  const estimate = runEstimate(run);
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-8" data-testid="summary-cards">
      <StatCard
        label="Accuracy"
        testId="stat-accuracy"
        value={<FigureValue figure={rate(overall.accuracy)} />}
        detail={overall.n ? `${overall.correct}/${overall.n} scored · 95 % [${formatInterval(overall.accuracyInterval)}]` : "0 scored tasks"}
      />
      <StatCard label="Side effects" testId="stat-side-effects" value={<FigureValue figure={rate(overall.sideEffectRate)} />} detail={`${overall.sideEffects} ${over} wrong and changed state`} />
      <StatCard label="Exact match" testId="stat-exact-match" value={<FigureValue figure={rate(overall.exactMatchRate)} />} detail={`${overall.exactMatch} ${over}: same side-effect calls`} />
      <StatCard label="Agent errors" testId="stat-errors" value={overall.errors} detail={`${over}: context window, timeouts, format`} />
      <StatCard
        label="Failed at provider"
        testId="stat-provider-failures"
        tone={providerFailures > 0 ? "bad" : undefined}
        value={providerFailures}
        detail={providerFailures > 0 ? `of ${summary.done} done: not scored` : "none"}
      />
      {estimate ? (
        <EstimatedUsageCards estimate={estimate} tasks={run.tasksDone} />
      ) : (
        <>
        <StatCard
          label="Tokens"
          testId="stat-tokens"
          value={<FigureValue figure={usage.tokens} />}
          detail={usage.tokens.state === "unknown" ? "not recorded" : `${formatTokens(run.inputTokens)} in · ${formatTokens(run.outputTokens)} out`}
        />
        <StatCard label="Cost" testId="stat-cost" value={<FigureValue figure={usage.cost} />} detail={`${run.retries} provider retries`} />
        </>
      )}
      <StatCard
        label="Duration"
        testId="stat-duration"
        value={<FigureValue figure={run.source === "imported" ? durationFigure(run.source, null) : latencyFigure(duration)} />}
        detail={run.source === "imported" ? "imported results" : `concurrency ${run.concurrency}`}
      />
    </div>
  );
}
