// A run's estimated usage as pages show it: only where nothing was measured (recorded runs imported
// without usage) and an estimate was stored at import. Measured usage always wins.
import { z } from "zod";

const CostEstimateSchema = z.object({
  tokenizer: z.string(),
  priceSource: z.string(),
  priceAsOf: z.string(),
  modelCalls: z.number(),
  untracedTasks: z.number(),
});

export interface RunEstimate {
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly costUsd: number;
  /** How it was made (tokenizer, price source and date, untraced tasks); null when the stored note does not parse. */
  readonly how: z.infer<typeof CostEstimateSchema> | null;
}

interface RunUsageColumns {
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly estimatedInputTokens: number | null;
  readonly estimatedOutputTokens: number | null;
  readonly estimatedCostUsd: number | null;
  readonly costEstimate?: unknown;
}

export function runEstimate(run: RunUsageColumns): RunEstimate | null {
  if (run.inputTokens + run.outputTokens > 0) return null;
  if (run.estimatedCostUsd === null || run.estimatedInputTokens === null || run.estimatedOutputTokens === null) return null;
  const how = CostEstimateSchema.safeParse(run.costEstimate);
  return { inputTokens: run.estimatedInputTokens, outputTokens: run.estimatedOutputTokens, costUsd: run.estimatedCostUsd, how: how.success ? how.data : null };
}
