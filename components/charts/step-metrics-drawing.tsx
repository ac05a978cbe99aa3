"use client";

import { Bar, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from "recharts";
import type { StepMetricPoint } from "@/lib/traces/build-trace";
import { axisTick, chartColors } from "./palette";

/** The recharts drawing of StepMetricsChart, loaded after the page (see ./lazy-drawing). */
export default function StepMetricsDrawing({ data, height }: { data: readonly StepMetricPoint[]; height: number }) {
  return (
    <ComposedChart responsive data={[...data]} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} style={{ width: "100%", height }}>
      <CartesianGrid vertical={false} stroke={chartColors.grid} />
      <XAxis dataKey="step" tick={axisTick} tickFormatter={(step) => `#${step}`} />
      <YAxis yAxisId="ms" tick={axisTick} width={48} unit="ms" />
      <YAxis yAxisId="tokens" orientation="right" tick={axisTick} width={48} />
      <Tooltip labelFormatter={(_label, payload) => String(payload[0]?.payload?.label ?? "")} />
      <Legend wrapperStyle={{ fontSize: 12 }} />
      <Bar yAxisId="ms" dataKey="latencyMs" name="Latency (ms)" fill={chartColors.accentSoft} isAnimationActive={false} />
      <Line yAxisId="tokens" dataKey="tokens" name="Tokens" stroke={chartColors.accent} dot isAnimationActive={false} />
    </ComposedChart>
  );
}
