"use client";

import { useRouter } from "next/navigation";
import { CartesianGrid, Scatter, ScatterChart, Tooltip, XAxis, YAxis, ZAxis } from "recharts";
import { axisTick, chartColors, percentTick } from "./palette";

export interface FrontierChartPoint {
  readonly id: string;
  readonly label: string;
  readonly href: string;
  /** USD per task; points with unknown cost are not drawn (a log axis has no place for them). */
  readonly cost: number;
  readonly accuracy: number;
  readonly sideEffectRate: number;
  readonly onFrontier: boolean;
}

/** Side-effect rate → colour, from the accent (harmless) to red (often breaks things). */
function riskColour(rate: number): string {
  if (rate >= 0.2) return chartColors.bad;
  if (rate >= 0.1) return "#e08a3c";
  if (rate >= 0.05) return "#b9a23a";
  return chartColors.accent;
}

const usd = (value: unknown) => (typeof value === "number" ? (value < 0.01 ? `$${value.toPrecision(2)}` : `$${value.toFixed(2)}`) : String(value));

/**
 * Accuracy against cost per task (log scale); point size and colour = side-effect rate; the Pareto
 * frontier joined by a line. Clicking a point opens the configuration.
 */
export function FrontierChart({ points }: { points: readonly FrontierChartPoint[] }) {
  const router = useRouter();
  const frontier = points.filter((point) => point.onFrontier).sort((a, b) => a.cost - b.cost);
  const open = (entry: unknown) => {
    const href = (entry as { payload?: { href?: unknown } } | null)?.payload?.href;
    if (typeof href === "string") router.push(href);
  };
  const costs = points.map((point) => point.cost);
  const domain: [number, number] = costs.length ? [Math.min(...costs) / 2, Math.max(...costs) * 2] : [0.0001, 1];
  // A log axis reads best at powers of ten.
  const ticks: number[] = [];
  for (let exponent = Math.floor(Math.log10(domain[0])); exponent <= Math.ceil(Math.log10(domain[1])); exponent += 1) ticks.push(10 ** exponent);
  return (
    <div data-testid="frontier-chart" className="h-80 w-full">
      <ScatterChart responsive margin={{ top: 12, right: 24, bottom: 24, left: 8 }} style={{ width: "100%", height: "100%" }}>
        <CartesianGrid stroke={chartColors.grid} />
        <XAxis type="number" dataKey="cost" name="Cost per task" scale="log" domain={[ticks[0] ?? domain[0], ticks.at(-1) ?? domain[1]]} ticks={ticks} tickFormatter={usd} tick={axisTick} allowDataOverflow />
        <YAxis type="number" dataKey="accuracy" name="Accuracy" domain={[0, 1]} tickFormatter={percentTick} tick={axisTick} width={44} />
        <ZAxis type="number" dataKey="sideEffectRate" range={[60, 420]} name="Side effects" />
        <Tooltip
          cursor={{ strokeDasharray: "3 3" }}
          formatter={(value, name) => (name === "Cost per task" ? usd(value) : percentTick(value))}
          labelFormatter={() => ""}
        />
        <Scatter
          name="Pareto frontier"
          data={frontier}
          line={{ stroke: chartColors.ink, strokeWidth: 1.5 }}
          shape={() => <g />}
          isAnimationActive={false}
          legendType="none"
        />
        <Scatter
          name="Configurations"
          data={[...points]}
          isAnimationActive={false}
          onClick={open}
          cursor="pointer"
          shape={(props: { cx?: number; cy?: number; size?: number; payload?: FrontierChartPoint }) => {
            const { cx = 0, cy = 0, size = 60, payload } = props;
            const radius = Math.sqrt(size / Math.PI);
            return (
              <circle
                cx={cx}
                cy={cy}
                r={radius}
                fill={riskColour(payload?.sideEffectRate ?? 0)}
                fillOpacity={0.75}
                stroke={payload?.onFrontier ? chartColors.ink : "white"}
                strokeWidth={payload?.onFrontier ? 2 : 1}
                data-testid="frontier-point"
                data-frontier={payload?.onFrontier ? "true" : "false"}
                data-label={payload?.label}
              />
            );
          }}
        />
      </ScatterChart>
    </div>
  );
}
