"use client";

import { lazyDrawing } from "./lazy-drawing";

export interface ModelAccuracyPoint {
  readonly label: string;
  readonly accuracy: number;
  /** [below, above] distances to the 95 % interval bounds, for the error bar. */
  readonly interval: readonly [number, number];
}

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
