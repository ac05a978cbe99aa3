// How an estimated cost or token count is marked wherever it is shown (tables, charts, cards): the
// figure, then "estimated". Plain strings, usable from server and client components alike.

export const ESTIMATED_LABEL = "estimated";

/** `text` as shown; an estimate says so after the figure. */
export function withEstimateLabel(text: string, estimated: boolean): string {
  return estimated ? `${text} (${ESTIMATED_LABEL})` : text;
}

/** A USD amount per task or per run: cents where they matter, two significant digits below a cent. */
export function formatUsd(value: number): string {
  return value < 0.01 ? `$${value.toPrecision(2)}` : `$${value.toFixed(2)}`;
}

/**
 * A run's cost cell: the measured cost as `measured` formats it, or, for a run that measured nothing
 * ($0 recorded) but carries an estimate, the estimate labelled as such.
 */
export function costOrEstimate(costUsd: number, estimatedCostUsd: number | null | undefined, measured: (usd: number) => string): string {
  return costUsd === 0 && estimatedCostUsd != null ? withEstimateLabel(formatUsd(estimatedCostUsd), true) : measured(costUsd);
}
