"use client";

import { lazyDrawing } from "./lazy-drawing";

/** One row per fault rate: each series' accuracy at that rate (absent: the series has no run there yet). */
export interface SweepChartRow {
  readonly faultRate: number;
  readonly [series: string]: number | null;
}

const Drawing = lazyDrawing(() => import("./sweep-curve-drawing"));

/** Accuracy against injected fault rate, a line per agent (the sweep page). */
export function SweepCurveChart({ rows, series }: { rows: readonly SweepChartRow[]; series: readonly string[] }) {
  return (
    <div data-testid="sweep-chart" style={{ width: "100%", height: 320 }}>
      <Drawing rows={rows} series={series} />
    </div>
  );
}
