// The estimate for one recorded 2024 run (a model × tool set), as stored on its Run row at import.
import type { Prisma } from "@/lib/generated/prisma/client";
import { TOOLS_2024 } from "@/lib/workbench/tools";
import type { RecordedResult } from "@/lib/workbench/results/types";
import { createUsageEstimator, type EstimatorOptions, type UsageEstimate } from "./estimate-recorded-usage";
import { recordedModelPrice } from "./recorded-model-prices";

export interface RecordedTaskRow {
  readonly row: RecordedResult;
  /** The task's toolkits: the "domains" setting listed only these (plus the directory). */
  readonly toolkits: readonly string[];
}

/** null when the model has no dated price (its cost stays unknown). */
export async function estimateRecordedRun(model: string | null, toolSet: string, rows: readonly RecordedTaskRow[], options?: EstimatorOptions): Promise<UsageEstimate | null> {
  const estimator = await createRecordedRunEstimator(model, toolSet, options);
  if (!estimator) return null;
  estimator.add(rows);
  return estimator.result();
}

/** A run's estimate added up batch by batch (a streamed import); null when the model has no dated price. */
export async function createRecordedRunEstimator(model: string | null, toolSet: string, options?: EstimatorOptions) {
  const price = model ? recordedModelPrice(model) : undefined;
  if (!price) return null;
  const usage = await createUsageEstimator(price, options);
  return {
    add: (rows: readonly RecordedTaskRow[]) =>
      usage.add(
        rows.map(({ row, toolkits }) => ({
          // The text the agent was given is the recorded query (the v1 wording), whatever version scores it.
          taskText: row.query,
          tools: toolSet === "domains" ? TOOLS_2024.forToolkits(toolkits) : TOOLS_2024.all,
          steps: row.steps,
          finalOutput: row.finalOutput,
        })),
      ),
    result: () => usage.result(),
  };
}

/** The Run columns an estimate fills (never the measured inputTokens / outputTokens / costUsd). */
export function estimateColumns(estimate: UsageEstimate | null | undefined) {
  if (!estimate) return {};
  const { inputTokens, outputTokens, costUsd, ...how } = estimate;
  return {
    estimatedInputTokens: inputTokens,
    estimatedOutputTokens: outputTokens,
    estimatedCostUsd: costUsd,
    costEstimate: how satisfies Prisma.InputJsonObject,
  };
}
