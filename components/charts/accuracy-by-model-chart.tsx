"use client";

import { lazyDrawing } from "./lazy-drawing";
import type { ModelAccuracyPoint } from "./accuracy-by-model-drawing";
export type { ModelAccuracyPoint };

const Drawing = lazyDrawing(() => import("./accuracy-by-model-drawing"));

/** Horizontal bars of accuracy per leaderboard row with their Wilson intervals. */
export function AccuracyByModelChart({ data }: { data: readonly ModelAccuracyPoint[] }) {
  const height = Math.max(160, data.length * 28 + 40);
  return (
    <div data-testid="accuracy-chart" style={{ width: "100%", height }}>
      <Drawing data={data} height={height} />
    </div>
  );
}
