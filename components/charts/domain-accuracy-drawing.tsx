"use client";

import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from "recharts";
import { axisTick, chartColors, percentTick } from "./palette";

export interface DomainRatePoint {
  readonly domain: string;
  readonly accuracy: number;
  readonly sideEffectRate: number;
}

// Axis labels only: the full domain names overlap at chart widths.
const SHORT_DOMAIN: Record<string, string> = {
  customer_relationship_manager: "CRM",
  project_management: "project mgmt",
  multi_domain: "multi-domain",
};

/** The recharts drawing of DomainAccuracyChart, loaded after the page (see ./lazy-drawing). */
export default function DomainAccuracyDrawing({ data, height }: { data: readonly DomainRatePoint[]; height: number }) {
  return (
    <BarChart responsive data={[...data]} margin={{ top: 8, right: 8, bottom: 8, left: 0 }} style={{ width: "100%", height }}>
      <CartesianGrid vertical={false} stroke={chartColors.grid} />
      <XAxis dataKey="domain" tick={axisTick} interval={0} tickFormatter={(domain: string) => SHORT_DOMAIN[domain] ?? domain} />
      <YAxis domain={[0, 1]} tickFormatter={percentTick} tick={axisTick} width={40} />
      <Tooltip formatter={(value) => percentTick(value)} cursor={{ fill: "#f3f4f6" }} />
      <Legend wrapperStyle={{ fontSize: 12 }} />
      <Bar dataKey="accuracy" name="Accuracy" fill={chartColors.accent} isAnimationActive={false} />
      <Bar dataKey="sideEffectRate" name="Side effects" fill={chartColors.bad} isAnimationActive={false} />
    </BarChart>
  );
}
