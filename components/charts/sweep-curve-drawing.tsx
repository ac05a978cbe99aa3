"use client";

import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";
import { axisTick, chartColors, percentTick } from "./palette";

/** One row per fault rate: each series' accuracy at that rate (absent: the series has no run there yet). */
export interface SweepChartRow {
  readonly faultRate: number;
  readonly [series: string]: number | null;
}

const SERIES_COLOURS = [chartColors.accent, chartColors.bad, "#2f9e6e", "#e08a3c", "#8b5cf6", "#0ea5e9", chartColors.ink, "#b9a23a", "#db2777", chartColors.muted];

/** The recharts drawing of SweepCurveChart, loaded after the page (see ./lazy-drawing). */
export default function SweepCurveDrawing({ rows, series }: { rows: readonly SweepChartRow[]; series: readonly string[] }) {
  return (
    <LineChart responsive data={[...rows]} margin={{ top: 8, right: 24, bottom: 8, left: 8 }} style={{ width: "100%", height: 320 }}>
      <CartesianGrid stroke={chartColors.grid} />
      <XAxis type="number" dataKey="faultRate" domain={[0, "dataMax"]} tick={axisTick} label={{ value: "injected fault rate", position: "insideBottom", offset: -4, fontSize: 11 }} />
      <YAxis domain={[0, 1]} tickFormatter={percentTick} tick={axisTick} />
      <Tooltip formatter={(value) => percentTick(value)} labelFormatter={(rate) => `fault rate ${rate}`} />
      <Legend />
      {series.map((name, index) => (
        <Line key={name} type="linear" dataKey={name} stroke={SERIES_COLOURS[index % SERIES_COLOURS.length]} strokeWidth={2} dot={{ r: 4 }} connectNulls isAnimationActive={false} />
      ))}
    </LineChart>
  );
}
