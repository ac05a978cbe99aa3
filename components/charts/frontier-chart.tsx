"use client";

import { lazyDrawing } from "./lazy-drawing";
import { chartColors, RISK_BANDS } from "./palette";
import type { FrontierChartPoint } from "./frontier-drawing";
export type { FrontierChartPoint };

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
