"use client";

import type { StepMetricPoint } from "@/lib/traces/build-trace";
import { lazyDrawing } from "./lazy-drawing";

const HEIGHT = 180;
const Drawing = lazyDrawing(() => import("./step-metrics-drawing"));

/** Latency (bars) and tokens (line) per step of one trace. */
export function StepMetricsChart({ data }: { data: readonly StepMetricPoint[] }) {
  return (
    <div data-testid="step-metrics-chart" style={{ width: "100%", height: HEIGHT }}>
      <Drawing data={data} height={HEIGHT} />
    </div>
  );
}
