"use client";

import { useRouter } from "next/navigation";
import { CartesianGrid, Scatter, ScatterChart, Tooltip, XAxis, YAxis, ZAxis } from "recharts";
import { axisTick, chartColors, percentTick, RISK_BANDS } from "./palette";
import { placeLabels, type LabelSide } from "./frontier-labels";
import { formatUsd, withEstimateLabel } from "@/lib/costs/estimated-label";

export interface FrontierChartPoint {
  readonly id: string;
  /** The configuration in full (model · agent · tool set · dataset…), for the tooltip. */
  readonly label: string;
  /** What the point is labelled with on the chart (model · tool set). */
  readonly shortLabel: string;
  readonly href: string;
  /** USD per task; points with unknown cost are not drawn (a log axis has no place for them). */
  readonly cost: number;
  /** The cost is estimated from recorded prompts (no usage was recorded), not measured. */
  readonly estimated: boolean;
  readonly accuracy: number;
  readonly sideEffectRate: number;
  readonly onFrontier: boolean;
}

function riskColour(rate: number): string {
  return (RISK_BANDS.find((band) => rate >= band.from) ?? RISK_BANDS[3]).colour;
}

const usd = (value: unknown) => (typeof value === "number" ? formatUsd(value) : String(value));

function FrontierTooltip({ active, payload }: { active?: boolean; payload?: readonly { payload?: unknown }[] }) {
  const point = payload?.find((entry) => (entry.payload as FrontierChartPoint | undefined)?.href)?.payload as FrontierChartPoint | undefined;
  if (!active || !point) return null;
  return (
    <div className="rounded border border-line bg-surface px-3 py-2 text-xs shadow-sm" data-testid="frontier-tooltip">
      <p className="font-medium text-ink">{point.label}</p>
      <p>Accuracy {percentTick(point.accuracy)}</p>
      <p>Cost per task {withEstimateLabel(formatUsd(point.cost), point.estimated)}</p>
      <p>Side effects {percentTick(point.sideEffectRate)}</p>
      {point.onFrontier ? <p className="text-muted">On the Pareto frontier</p> : null}
    </div>
  );
}

type PlacedPoint = FrontierChartPoint & { readonly labelText: string; readonly labelSide: LabelSide };
type ShapeProps = { cx?: number; cy?: number; size?: number; payload?: PlacedPoint };

/** Where a label's text starts and how it is anchored, for each side of its point. */
function labelAt(side: LabelSide, cx: number, cy: number, radius: number): { x: number; y: number; anchor: "start" | "end" | "middle" } {
  switch (side) {
    case "right":
      return { x: cx + radius + 4, y: cy + 3, anchor: "start" };
    case "left":
      return { x: cx - radius - 4, y: cy + 3, anchor: "end" };
    case "above":
      return { x: cx, y: cy - radius - 5, anchor: "middle" };
    case "below":
      return { x: cx, y: cy + radius + 12, anchor: "middle" };
    case "above-right":
      return { x: cx + 4, y: cy - radius - 5, anchor: "start" };
    case "below-right":
      return { x: cx + 4, y: cy + radius + 12, anchor: "start" };
    default: {
      const never: never = side;
      return never;
    }
  }
}

function PointShape({ cx = 0, cy = 0, size = 60, payload }: ShapeProps) {
  const radius = Math.sqrt(size / Math.PI);
  const label = labelAt(payload?.labelSide ?? "right", cx, cy, radius);
  return (
    <g>
      <circle
        cx={cx}
        cy={cy}
        r={radius}
        fill={riskColour(payload?.sideEffectRate ?? 0)}
        fillOpacity={0.75}
        stroke={payload?.onFrontier ? chartColors.ink : payload?.estimated ? chartColors.muted : "white"}
        strokeWidth={payload?.onFrontier ? 2 : 1}
        strokeDasharray={payload?.estimated ? "3 2" : undefined}
        data-testid="frontier-point"
        data-frontier={payload?.onFrontier ? "true" : "false"}
        data-estimated={payload?.estimated ? "true" : "false"}
        data-label={payload?.label}
      />
      <text x={label.x} y={label.y} textAnchor={label.anchor} fontSize={10} fill={chartColors.ink} data-testid="frontier-point-label" pointerEvents="none">
        {payload?.labelText}
      </text>
    </g>
  );
}

/** The recharts drawing of FrontierChart, loaded after the page (see ./lazy-drawing). Clicking a point opens the configuration. */
export default function FrontierDrawing({ points }: { points: readonly FrontierChartPoint[] }) {
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
  const labelled = points.map((point) => ({ ...point, labelText: `${point.shortLabel}${point.estimated ? " (est.)" : ""}` }));
  const sides = placeLabels(labelled.map((point) => ({ id: point.id, cost: point.cost, accuracy: point.accuracy, text: point.labelText })), [ticks[0] ?? domain[0], ticks.at(-1) ?? domain[1]]);
  const placed: PlacedPoint[] = labelled.map((point) => ({ ...point, labelSide: sides.get(point.id) ?? "right" }));
  return (
    <ScatterChart responsive margin={{ top: 12, right: 96, bottom: 28, left: 12 }} style={{ width: "100%", height: "100%" }}>
      <CartesianGrid stroke={chartColors.grid} />
      <XAxis
        type="number"
        dataKey="cost"
        name="Cost per task"
        scale="log"
        domain={[ticks[0] ?? domain[0], ticks.at(-1) ?? domain[1]]}
        ticks={ticks}
        tickFormatter={usd}
        tick={axisTick}
        allowDataOverflow
        label={{ value: "Cost per task (USD, log scale)", position: "insideBottom", offset: -16, fontSize: 11, fill: chartColors.muted }}
      />
      <YAxis
        type="number"
        dataKey="accuracy"
        name="Accuracy"
        domain={[0, 1]}
        tickFormatter={percentTick}
        tick={axisTick}
        width={56}
        label={{ value: "Accuracy (pass@1)", angle: -90, position: "insideLeft", fontSize: 11, fill: chartColors.muted, style: { textAnchor: "middle" } }}
      />
      <ZAxis type="number" dataKey="sideEffectRate" range={[60, 420]} name="Side effects" />
      <Tooltip cursor={{ strokeDasharray: "3 3" }} content={<FrontierTooltip />} />
      <Scatter
        name="Pareto frontier"
        data={frontier}
        line={{ stroke: chartColors.ink, strokeWidth: 1.5 }}
        shape={() => <g />}
        isAnimationActive={false}
        legendType="none"
      />
      <Scatter name="Configurations" data={placed} isAnimationActive={false} onClick={open} cursor="pointer" shape={PointShape} />
    </ScatterChart>
  );
}
