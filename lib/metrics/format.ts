/** Number formatting shared by tables, cards and charts (tabular, fixed precision, no locale surprises). */
import type { Interval } from "./wilson";

export function formatPercent(value: number, digits = 2): string {
  return `${(value * 100).toFixed(digits)} %`;
}

/** "42.61 % [38.97–46.33]" style interval in percent points. */
/** "12.5 %": the share of tasks, one decimal. */
export function formatShare(share: number): string {
  return `${(share * 100).toFixed(1)} %`;
}

export function formatInterval(interval: Interval | null, digits = 1): string {
  if (!interval) return "–";
  return `${(interval.low * 100).toFixed(digits)}–${(interval.high * 100).toFixed(digits)}`;
}

export function formatInteger(value: number): string {
  return value.toLocaleString("en-US");
}

/** "1 run", "2 runs", "1,000 tasks": a count with its noun in the right number. */
export function formatCount(value: number, noun: string, plural = `${noun}s`): string {
  return `${formatInteger(value)} ${value === 1 ? noun : plural}`;
}

/** Compact token counts: 950, 12.3k, 4.56M. */
export function formatTokens(value: number): string {
  if (value < 1_000) return String(value);
  if (value < 1_000_000) return `${(value / 1_000).toFixed(1)}k`;
  return `${(value / 1_000_000).toFixed(2)}M`;
}

export function formatCost(usd: number): string {
  if (usd === 0) return "$0";
  return usd < 0.01 ? `$${usd.toFixed(4)}` : `$${usd.toFixed(2)}`;
}

export function formatDuration(ms: number | null): string {
  if (ms === null || ms < 0) return "–";
  if (ms < 1_000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1_000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${Math.round(seconds % 60)} s`;
}

/** UTC "2024-03-21 15:21" so server and client render the same string. */
export function formatDate(date: Date): string {
  return date.toISOString().slice(0, 16).replace("T", " ");
}

/**
 * A figure as shown, with why it reads as it does: unknown is "—" with a reason (never 0), and an
 * estimate says so. Render with components/ui/figure-text.tsx (the reason becomes its tooltip).
 */
export interface FigureText {
  readonly text: string;
  /** Tooltip: why the value is unknown, or what the estimate rests on; null for a plain value. */
  readonly reason: string | null;
  readonly state: "known" | "estimated" | "unknown";
}

export const UNKNOWN_FIGURE = "—";

export interface FigureOptions {
  /** The value is an estimate (e.g. a cost priced from estimated token counts): shown as "… (estimated)". */
  readonly estimated?: boolean;
  /** Tooltip: why unknown (when the value is null) or the estimate's basis (with `estimated`). */
  readonly reason?: string;
}

function figure(value: number | null, format: (value: number) => string, options: FigureOptions, unknownReason: string): FigureText {
  if (value === null || !Number.isFinite(value)) return { text: UNKNOWN_FIGURE, reason: options.reason ?? unknownReason, state: "unknown" };
  // The same label as lib/costs/estimated-label.ts: the figure, then "(estimated)".
  if (options.estimated) return { text: `${format(value)} (estimated)`, reason: options.reason ?? "estimated, not measured", state: "estimated" };
  return { text: format(value), reason: null, state: "known" };
}

/** Cost in USD, or "—" when nobody knows it (no usage recorded, no price for the model). */
export function costFigure(usd: number | null, options: FigureOptions = {}): FigureText {
  return figure(usd, formatCost, options, "cost not known: no token usage or no price recorded for this model");
}

/** Token count, or "—" when no usage was recorded. */
export function tokensFigure(count: number | null, options: FigureOptions = {}): FigureText {
  return figure(count, formatTokens, options, "token counts not recorded");
}

/** Latency or duration, or "—" when no timing was recorded. */
export function latencyFigure(ms: number | null, options: FigureOptions = {}): FigureText {
  return figure(ms !== null && ms < 0 ? null : ms, formatDuration, options, "no timing recorded");
}
