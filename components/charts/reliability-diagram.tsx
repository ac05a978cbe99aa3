import type { CalibrationBin } from "@/lib/metrics/reliability";
import { chartColors } from "./palette";

/**
 * A reliability diagram (docs/reliability-profile.md, Predictability): per confidence bin, the share of
 * right answers against the mean stated confidence, a bar as wide as the bin; the diagonal is perfect
 * calibration. A plain SVG (no client code): a handful of bins, drawn on the server.
 */
export function ReliabilityDiagram({ bins, size = 180 }: { bins: readonly CalibrationBin[]; size?: number }) {
  const pad = 26;
  const inner = size - pad - 8;
  const x = (value: number) => pad + value * inner;
  const y = (value: number) => 8 + (1 - value) * inner;
  const ticks = [0, 0.5, 1];
  return (
    <svg
      width={size}
      height={size}
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label="Reliability diagram: accuracy per bin of stated confidence; the diagonal is perfect calibration"
      data-testid="reliability-diagram"
    >
      <rect x={x(0)} y={y(1)} width={inner} height={inner} fill="none" stroke={chartColors.grid} />
      {ticks.map((tick) => (
        <g key={tick} fontSize={10} fill={chartColors.muted}>
          <text x={x(tick)} y={size - 4} textAnchor="middle">{Math.round(tick * 100)}%</text>
          <text x={pad - 4} y={y(tick) + 3} textAnchor="end">{Math.round(tick * 100)}%</text>
        </g>
      ))}
      {bins.map((bin) => (
        <rect
          key={bin.low}
          x={x(bin.low) + 1}
          y={y(bin.accuracy)}
          width={Math.max(1, x(bin.high) - x(bin.low) - 2)}
          height={Math.max(0, y(0) - y(bin.accuracy))}
          fill={chartColors.accentSoft}
          stroke={chartColors.accent}
          data-testid="reliability-diagram-bin"
        >
          <title>{`confidence ${Math.round(bin.low * 100)}–${Math.round(bin.high * 100)} %: ${bin.count} answers, mean confidence ${(bin.meanConfidence * 100).toFixed(1)} %, right ${(bin.accuracy * 100).toFixed(1)} %`}</title>
        </rect>
      ))}
      <line x1={x(0)} y1={y(0)} x2={x(1)} y2={y(1)} stroke={chartColors.muted} strokeDasharray="3 3" />
      {bins.map((bin) => (
        <circle key={bin.low} cx={x(bin.meanConfidence)} cy={y(bin.accuracy)} r={2.5} fill={chartColors.ink} />
      ))}
    </svg>
  );
}
