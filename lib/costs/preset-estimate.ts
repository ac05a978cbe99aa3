// The reliability preset's estimated cost (lib/runs/reliability-preset.ts), shown before launch: every
// (task, trial) of every run of the battery at one per-(task, trial) estimate. Pure: the per-task figure
// comes from the caller (the stored history of the model, priced with the price table).

/** What one (task, trial) is expected to take, and what that rests on. */
export interface PerTaskEstimate {
  readonly inputTokens: number | null;
  readonly outputTokens: number | null;
  /** USD per (task, trial); null when the model has no price (or nothing is known of its usage). */
  readonly usd: number | null;
  /** In words: "mean of 3 measured runs of gpt-4o", "a model-less agent costs nothing"... */
  readonly basis: string;
}

export interface PresetEstimate {
  readonly runs: number;
  readonly tasks: number;
  readonly trials: number;
  /** runs × tasks × trials: the (task, trial) cells the battery scores. */
  readonly cells: number;
  readonly perTask: PerTaskEstimate;
  readonly tokens: number | null;
  readonly usd: number | null;
}

/** Tokens per (task, trial) priced at a model's price (USD per 1M tokens); null without a price. */
export function perTaskUsd(tokens: { inputTokens: number; outputTokens: number }, price: { readonly input: number; readonly output: number } | undefined): number | null {
  return price ? (tokens.inputTokens * price.input + tokens.outputTokens * price.output) / 1_000_000 : null;
}

export function presetEstimate({ runs, tasks, trials, perTask }: { runs: number; tasks: number; trials: number; perTask: PerTaskEstimate }): PresetEstimate {
  const cells = runs * tasks * trials;
  const tokens = perTask.inputTokens === null || perTask.outputTokens === null ? null : cells * (perTask.inputTokens + perTask.outputTokens);
  return { runs, tasks, trials, cells, perTask, tokens, usd: perTask.usd === null ? null : cells * perTask.usd };
}

/** "$12.34 for 828 (task, trial)s (4 runs × 69 tasks × 3 trials) at $0.0149 each: <basis>" */
export function describePresetEstimate(estimate: PresetEstimate): string {
  const money = (usd: number) => (usd === 0 ? "$0" : usd < 0.01 ? `$${usd.toFixed(5)}` : `$${usd.toFixed(2)}`);
  const shape = `${estimate.cells.toLocaleString("en-US")} (task, trial)s (${estimate.runs} runs × ${estimate.tasks} tasks × ${estimate.trials} trials)`;
  const tokens = estimate.tokens === null ? "" : `, about ${Math.round(estimate.tokens).toLocaleString("en-US")} tokens`;
  if (estimate.usd === null) return `Cost unknown for ${shape}${tokens}: ${estimate.perTask.basis}`;
  const each = estimate.perTask.usd ?? 0;
  return `About ${money(estimate.usd)} for ${shape}${tokens}, at ${each === 0 ? "$0" : `$${each.toPrecision(3)}`} each: ${estimate.perTask.basis}`;
}
