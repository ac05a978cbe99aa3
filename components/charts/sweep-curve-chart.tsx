"use client";

import { lazyDrawing } from "./lazy-drawing";
import type { SweepChartRow } from "./sweep-curve-drawing";
export type { SweepChartRow };

const Drawing = lazyDrawing(() => import("./sweep-curve-drawing"));

/** Accuracy against injected fault rate, a line per agent (the sweep page). */
export function SweepCurveChart({ rows, series }: { rows: readonly SweepChartRow[]; series: readonly string[] }) {
  return (
    <div data-testid="sweep-chart" style={{ width: "100%", height: 320 }}>
      <Drawing rows={rows} series={series} />
    </div>
  );
}
