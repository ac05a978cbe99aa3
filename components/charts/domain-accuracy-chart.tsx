"use client";

import { lazyDrawing } from "./lazy-drawing";
import type { DomainRatePoint } from "./domain-accuracy-drawing";
export type { DomainRatePoint };

const HEIGHT = 260;
const Drawing = lazyDrawing(() => import("./domain-accuracy-drawing"));

/** Accuracy and side-effect rate side by side per domain (paper Table 6). */
export function DomainAccuracyChart({ data }: { data: readonly DomainRatePoint[] }) {
  return (
    <div data-testid="domain-chart" style={{ width: "100%", height: HEIGHT }}>
      <Drawing data={data} height={HEIGHT} />
    </div>
  );
}
