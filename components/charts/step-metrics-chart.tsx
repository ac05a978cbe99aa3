"use client";

import { Bar, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from "recharts";
import type { StepMetricPoint } from "@/lib/traces/build-trace";
import { axisTick, chartColors } from "./palette";
import { useMounted } from "./use-mounted";

/** Latency (bars) and tokens (line) per step of one trace. */
export function StepMetricsChart({ data }: { data: readonly StepMetricPoint[] }) {
  // Drawn only after hydration, like the other charts: a `responsive` chart rendered on the server
  // measured no container and stayed blank on some loads.
  const mounted = useMounted();
  if (!mounted) return <div data-testid="step-metrics-chart" data-ready="false" style={{ width: "100%", height: 180 }} />;
  return (
    <div data-testid="step-metrics-chart" data-ready="true" style={{ width: "100%", height: 180 }}>
      <ComposedChart responsive data={[...data]} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} style={{ width: "100%", height: 180 }}>
        <CartesianGrid vertical={false} stroke={chartColors.grid} />
        <XAxis dataKey="step" tick={axisTick} tickFormatter={(step) => `#${step}`} />
        <YAxis yAxisId="ms" tick={axisTick} width={48} unit="ms" />
        <YAxis yAxisId="tokens" orientation="right" tick={axisTick} width={48} />
        <Tooltip labelFormatter={(_label, payload) => String(payload[0]?.payload?.label ?? "")} />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Bar yAxisId="ms" dataKey="latencyMs" name="Latency (ms)" fill={chartColors.accentSoft} isAnimationActive={false} />
        <Line yAxisId="tokens" dataKey="tokens" name="Tokens" stroke={chartColors.accent} dot isAnimationActive={false} />
      </ComposedChart>
    </div>
  );
}
