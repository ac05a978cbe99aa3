import { StatCard } from "@/components/runs/stat-card";
import { formatUsd, withEstimateLabel } from "@/lib/costs/estimated-label";
import type { RunEstimate } from "@/lib/costs/run-estimate";
import { formatTokens } from "@/lib/metrics/format";

/** The Tokens and Cost cards of a recorded run whose usage is estimated: each says "estimated" and how. */
export function EstimatedUsageCards({ estimate, tasks }: { estimate: RunEstimate; tasks: number }) {
  const how = estimate.how;
  const untraced = how && how.untracedTasks > 0 ? ` · ${how.untracedTasks} tasks without a recorded trace counted as 0` : "";
  return (
    <>
      <StatCard
        label="Tokens"
        testId="stat-tokens"
        value={withEstimateLabel(formatTokens(estimate.inputTokens + estimate.outputTokens), true)}
        detail={`${formatTokens(estimate.inputTokens)} in · ${formatTokens(estimate.outputTokens)} out · ${how ? `${how.tokenizer} tokenizer` : "from the recorded prompts"}${untraced}`}
      />
      <StatCard
        label="Cost"
        testId="stat-cost"
        value={withEstimateLabel(formatUsd(estimate.costUsd), true)}
        detail={`${tasks ? `${formatUsd(estimate.costUsd / tasks)} per task · ` : ""}${how ? `${how.priceSource}, ${how.priceAsOf}` : "2024 list prices"}`}
      />
    </>
  );
}
