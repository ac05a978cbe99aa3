// "If {metric} were {more|fewer} than {n} on any day …": the condition the paper-style analytics
// templates share (single-domain plots, multi-domain actions), drawn one way for all of them.
import { PythonFloat } from "../../tools/format";
import type { TemplateContext } from "./context";

export const COUNTED_METRICS = [
  { words: "total visits", value: "total_visits", tool: "analytics.total_visits_count" },
  { words: "engaged users", value: "user_engaged", tool: "analytics.engaged_users_count" },
] as const;

export type CountedMetric = (typeof COUNTED_METRICS)[number];

/** The metric's count per day with data from `from` through `to`, read with the tool. */
export function perDay(ctx: TemplateContext, tool: string, from: string, to: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [date, n] of Object.entries((ctx.read(tool, { time_min: from, time_max: to }) ?? {}) as Record<string, unknown>)) out[date] = n instanceof PythonFloat ? n.value : Number(n);
  return out;
}

export interface MetricThreshold {
  readonly metric: CountedMetric;
  readonly n: number;
  /** Whether some day crossed the threshold (strictly): the action branch. */
  readonly hit: boolean;
  /** "If total visits were more than 120", the text before "on any day …". */
  readonly condition: string;
}

/**
 * Draws a metric and a direction, reads its days from `from` through `to` and picks a threshold they
 * cross (or, for the no-action branch, never reach), never equal to a day's count; null when no day
 * has data or no such threshold is left.
 */
export function metricThreshold(ctx: TemplateContext, from: string, to: string): MetricThreshold | null {
  const metric = ctx.rng.pick(COUNTED_METRICS);
  const more = ctx.rng.chance(0.5);
  const values = Object.values(perDay(ctx, metric.tool, from, to));
  if (values.length === 0) return null;
  const extreme = more ? Math.max(...values) : Math.min(...values);
  // Past the extreme for no action, short of it for an action, on the side the direction asks.
  const shift = ctx.rng.int(1, 3);
  const n = ctx.wantNoAction === more ? extreme + shift : extreme - shift;
  if (n < 1 || values.includes(n)) return null;
  const hit = values.some((value) => (more ? value > n : value < n));
  return { metric, n, hit, condition: `If ${metric.words} were ${more ? "more" : "fewer"} than ${n}` };
}
