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

/** Accuracy and side-effect rate side by side per domain (paper Table 6). */
export function DomainAccuracyChart({ data }: { data: readonly DomainRatePoint[] }) {
  return (
    <div data-testid="domain-chart" style={{ width: "100%", height: 260 }}>
      <BarChart responsive data={[...data]} margin={{ top: 8, right: 8, bottom: 8, left: 0 }} style={{ width: "100%", height: 260 }}>
        <CartesianGrid vertical={false} stroke={chartColors.grid} />
        <XAxis dataKey="domain" tick={axisTick} interval={0} tickFormatter={(domain: string) => SHORT_DOMAIN[domain] ?? domain} />
        <YAxis domain={[0, 1]} tickFormatter={percentTick} tick={axisTick} width={40} />
        <Tooltip formatter={(value) => percentTick(value)} cursor={{ fill: "#f3f4f6" }} />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Bar dataKey="accuracy" name="Accuracy" fill={chartColors.accent} isAnimationActive={false} />
        <Bar dataKey="sideEffectRate" name="Side effects" fill={chartColors.bad} isAnimationActive={false} />
      </BarChart>
    </div>
  );
}
