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
}

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

/** A run's or a task's duration: unknown for recorded results, which carry no timings. */
export function durationFigure(source: string, ms: number | null): FigureText {
  return source === "imported" ? latencyFigure(null, { reason: NO_TIMINGS }) : latencyFigure(ms);
}
