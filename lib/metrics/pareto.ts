/**
 * The cost/accuracy Pareto frontier: the configurations no other configuration beats on both (cheaper
 * or as cheap, and more accurate or as accurate, strictly better on one). Points with an unknown cost
 * cannot be placed on a cost axis and are never on the frontier. Pure.
 */

export interface FrontierPoint {
  readonly id: string;
  /** Mean cost per task in USD; null when unknown (recorded runs, unpriced models). */
  readonly cost: number | null;
  readonly accuracy: number;
}

/** Ids of the frontier points, cheapest first. */
export function paretoFrontier(points: readonly FrontierPoint[]): string[] {
  const placed = points.filter((point): point is FrontierPoint & { cost: number } => point.cost !== null && Number.isFinite(point.cost));
  // Cheapest first; at equal cost the most accurate first, so it dominates its equals.
  const sorted = [...placed].sort((a, b) => a.cost - b.cost || b.accuracy - a.accuracy);
  const frontier: string[] = [];
  let best = Number.NEGATIVE_INFINITY;
  for (const point of sorted) {
    if (point.accuracy > best) {
      frontier.push(point.id);
      best = point.accuracy;
    }
  }
  return frontier;
}
