"use client";

import { Bar, BarChart, CartesianGrid, ErrorBar, Tooltip, XAxis, YAxis } from "recharts";
import { axisTick, chartColors, percentTick } from "./palette";

export interface ModelAccuracyPoint {
  readonly label: string;
  readonly accuracy: number;
  /** [below, above] distances to the 95 % interval bounds, for the error bar. */
  readonly interval: readonly [number, number];
}

/** The recharts drawing of AccuracyByModelChart, loaded after the page (see ./lazy-drawing). */
export default function AccuracyByModelDrawing({ data, height }: { data: readonly ModelAccuracyPoint[]; height: number }) {
  return (
    <BarChart responsive data={[...data]} layout="vertical" margin={{ top: 8, right: 24, bottom: 8, left: 8 }} style={{ width: "100%", height }}>
      <CartesianGrid horizontal={false} stroke={chartColors.grid} />
      <XAxis type="number" domain={[0, 1]} tickFormatter={percentTick} tick={axisTick} />
      <YAxis type="category" dataKey="label" width={180} tick={axisTick} interval={0} />
      <Tooltip formatter={(value) => percentTick(value)} cursor={{ fill: "#f3f4f6" }} />
      <Bar dataKey="accuracy" name="Accuracy" fill={chartColors.accent} barSize={16} isAnimationActive={false}>
        <ErrorBar dataKey="interval" direction="x" width={4} stroke={chartColors.ink} strokeWidth={1} />
      </Bar>
    </BarChart>
  );
}
