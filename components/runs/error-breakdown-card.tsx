import { Card, CardHeader } from "@/components/ui/card";
import type { ErrorBreakdown } from "@/lib/metrics/error-breakdown";

const withoutSideEffects: [keyof ErrorBreakdown, string][] = [
  ["noActions", "No actions (failed to follow ReAct)"],
  ["wrongEmailNoSideEffects", "Wrong email address"],
  ["meetingStartNoSideEffects", "Meeting start time"],
];
const withSideEffects: [keyof ErrorBreakdown, string][] = [
  ["wrongEmailWithSideEffects", "Wrong email address"],
  ["endDateWithSideEffects", "End date off by one day"],
  ["meetingStartWithSideEffects", "Meeting start time"],
];

function Group({ title, total, rows, breakdown }: { title: string; total: number; rows: [keyof ErrorBreakdown, string][]; breakdown: ErrorBreakdown }) {
  return (
    <div>
      <div className="flex items-baseline justify-between border-b border-line pb-1 text-xs font-medium text-muted">
        <span>{title}</span>
        <span className="tabular-nums text-ink">{total}</span>
      </div>
      <ul className="mt-1 space-y-1">
        {rows.map(([key, label]) => (
          <li key={key} className="flex justify-between text-sm" data-testid={`error-${key}`}>
            <span className="text-muted">{label}</span>
            <span className="tabular-nums">{breakdown[key]}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Paper Fig. 6: why wrong answers went wrong, split by whether they also changed the sandbox. Over the
 * scored tasks only: a task that failed at the provider never reached the agent, so it is counted on
 * its own line, not as "no actions".
 */
export function ErrorBreakdownCard({ breakdown, providerFailures = 0 }: { breakdown: ErrorBreakdown; providerFailures?: number }) {
  return (
    <Card data-testid="error-breakdown">
      <CardHeader
        title="Error breakdown"
        description="Paper Fig. 6 categories over the scored tasks; categories overlap, so they need not sum."
      />
      {providerFailures > 0 ? (
        <div className="flex justify-between border-b border-line px-5 py-2 text-sm text-bad" data-testid="error-providerFailures">
          <span title="The provider refused or could not be reached (after retries): not the agent's behaviour, not scored">
            Failed at the provider (not scored)
          </span>
          <span className="tabular-nums">{providerFailures}</span>
        </div>
      ) : null}
      <div className="grid gap-5 px-5 py-4 sm:grid-cols-2">
        <Group title="Errors without side effects" total={breakdown.withoutSideEffects} rows={withoutSideEffects} breakdown={breakdown} />
        <Group title="Errors with side effects" total={breakdown.withSideEffects} rows={withSideEffects} breakdown={breakdown} />
      </div>
      <div className="flex justify-between border-t border-line px-5 py-2 text-sm" data-testid="error-contextWindow">
        <span className="text-muted">Context window exceeded</span>
        <span className="tabular-nums">{breakdown.contextWindow}</span>
      </div>
    </Card>
  );
}
