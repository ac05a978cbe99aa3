/**
 * Whether a run's tokens, cost and duration are known. Recorded (imported) results carry no usage
 * or timings: their zeros mean "not recorded", and are shown as "—" with that reason, never as 0 or
 * $0. Model-less agents (oracle, noop, replay) really cost nothing. Pure.
 */
import { costFigure, latencyFigure, tokensFigure, type FigureText } from "./format";

export interface RunUsageFields {
  readonly source: string;
  readonly model: string | null;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly costUsd: number;
  /** Run.params: `priceUnknown` is set at launch when no price is known for the model. */
  readonly params?: unknown;
  /** Recorded runs: usage estimated at import from the recorded prompts (lib/costs), shown labelled. */
  readonly estimatedInputTokens?: number | null;
  readonly estimatedOutputTokens?: number | null;
  readonly estimatedCostUsd?: number | null;
}

export const ESTIMATED_FROM_RECORDED = "estimated: recorded prompts and responses counted with the model family's tokenizer, priced from the dated 2024 price table (docs/scoring-fidelity.md)";

export const NOT_RECORDED = "not recorded: the imported results carry no token usage";
export const NO_PRICE = "cost not known: no price for this model (only the token budget applied)";
export const NO_TIMINGS = "not recorded: the imported results carry no timings";

export interface RunUsage {
  readonly tokens: FigureText;
  readonly inputTokens: FigureText;
  readonly outputTokens: FigureText;
  readonly cost: FigureText;
}

export function usageRecorded(run: RunUsageFields): boolean {
  return !(run.source === "imported" && run.model !== null && run.inputTokens + run.outputTokens === 0);
}

function priceUnknown(params: unknown): boolean {
  return typeof params === "object" && params !== null && (params as { priceUnknown?: unknown }).priceUnknown === true;
}

export function runUsage(run: RunUsageFields): RunUsage {
  if (!usageRecorded(run)) {
    const estimated = estimatedUsage(run);
    if (estimated) return estimated;
    const unknown = { reason: NOT_RECORDED };
    return { tokens: tokensFigure(null, unknown), inputTokens: tokensFigure(null, unknown), outputTokens: tokensFigure(null, unknown), cost: costFigure(null, unknown) };
  }
  return {
    tokens: tokensFigure(run.inputTokens + run.outputTokens),
    inputTokens: tokensFigure(run.inputTokens),
    outputTokens: tokensFigure(run.outputTokens),
    cost: run.model !== null && priceUnknown(run.params) ? costFigure(null, { reason: NO_PRICE }) : costFigure(run.costUsd),
  };
}

/** Figures for a recorded run from its stored estimates; null when it has none (or only a cost). */
function estimatedUsage(run: RunUsageFields): RunUsage | null {
  const { estimatedCostUsd: cost, estimatedInputTokens: input, estimatedOutputTokens: output } = run;
  if (cost == null) return null;
  const options = { estimated: true, reason: ESTIMATED_FROM_RECORDED };
  const known = input != null && output != null;
  return {
    tokens: known ? tokensFigure(input + output, options) : tokensFigure(null, { reason: NOT_RECORDED }),
    inputTokens: input != null ? tokensFigure(input, options) : tokensFigure(null, { reason: NOT_RECORDED }),
    outputTokens: output != null ? tokensFigure(output, options) : tokensFigure(null, { reason: NOT_RECORDED }),
    cost: costFigure(cost, options),
  };
}

/** A run's or a task's duration: unknown for recorded results, which carry no timings. */
export function durationFigure(source: string, ms: number | null): FigureText {
  return source === "imported" ? latencyFigure(null, { reason: NO_TIMINGS }) : latencyFigure(ms);
}
