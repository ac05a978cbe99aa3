"use client";

import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import { axisTick, chartColors } from "./palette";

export interface ActionCountBin {
  readonly actions: number;
  readonly tasks: number;
}

/** The recharts drawing of ActionCountHistogram (see ./lazy-drawing). */
export default function Figure4Drawing({ data, height }: { data: readonly ActionCountBin[]; height: number }) {
  return (
    <BarChart responsive data={[...data]} margin={{ top: 8, right: 8, bottom: 16, left: 0 }} style={{ width: "100%", height }}>
      <CartesianGrid vertical={false} stroke={chartColors.grid} />
      <XAxis dataKey="actions" tick={axisTick} interval={0} label={{ value: "ground-truth actions", position: "insideBottom", offset: -8, fontSize: 11, fill: chartColors.muted }} />
      <YAxis tick={axisTick} width={40} allowDecimals={false} />
      <Tooltip formatter={(value) => [`${String(value)} tasks`, "tasks"]} labelFormatter={(actions) => `${String(actions)} actions`} cursor={{ fill: "#f3f4f6" }} />
      <Bar dataKey="tasks" name="Tasks" fill={chartColors.accent} isAnimationActive={false} />
    </BarChart>
  );
}
