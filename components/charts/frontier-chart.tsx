"use client";

import { lazyDrawing } from "./lazy-drawing";
import { chartColors, RISK_BANDS } from "./palette";

export interface FrontierChartPoint {
  readonly id: string;
  /** The configuration in full (model · agent · tool set · dataset…), for the tooltip. */
  readonly label: string;
  /** What the point is labelled with on the chart (model · tool set). */
  readonly shortLabel: string;
  readonly href: string;
  /** USD per task; points with unknown cost are not drawn (a log axis has no place for them). */
  readonly cost: number;
  /** The cost is estimated from recorded prompts (no usage was recorded), not measured. */
  readonly estimated: boolean;
  readonly accuracy: number;
  readonly sideEffectRate: number;
  readonly onFrontier: boolean;
}

const Drawing = lazyDrawing(() => import("./frontier-drawing"));

/**
 * Accuracy against cost per task (log scale); point size and colour = side-effect rate; the Pareto
 * frontier joined by a line; each point named, estimated costs marked. Clicking a point opens the configuration.
 */
export function FrontierChart({ points }: { points: readonly FrontierChartPoint[] }) {
  const anyEstimated = points.some((point) => point.estimated);
  return (
    <div>
      <div data-testid="frontier-chart" className="h-96 w-full">
        <Drawing points={points} />
      </div>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 px-2 text-xs text-muted" data-testid="frontier-legend">
        <li>Side effects:</li>
        {[...RISK_BANDS].reverse().map((band) => (
          <li key={band.label} className="flex items-center gap-1">
            <span className="inline-block h-2.5 w-2.5 rounded-full" style={{ background: band.colour }} /> {band.label}
          </li>
        ))}
        <li className="flex items-center gap-1">
          <span className="inline-block h-2.5 w-2.5 rounded-full border-2" style={{ borderColor: chartColors.ink }} /> on the frontier
        </li>
        {anyEstimated ? (
          <li className="flex items-center gap-1" data-testid="frontier-legend-estimated">
            <span className="inline-block h-2.5 w-2.5 rounded-full border border-dashed" style={{ borderColor: chartColors.muted }} /> (est.) cost
            estimated from the recorded prompts at 2024 list prices
          </li>
        ) : null}
      </ul>
    </div>
  );
}
