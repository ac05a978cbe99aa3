"use client";

import { lazyDrawing } from "./lazy-drawing";
import type { ActionCountBin } from "./figure-4-drawing";
import type { TemplatePoint } from "./figure-7-drawing";
export type { TemplatePoint };
export type { ActionCountBin };

const Figure4Drawing = lazyDrawing(() => import("./figure-4-drawing"));
const Figure7Drawing = lazyDrawing(() => import("./figure-7-drawing"));

/** Paper Figure 4: tasks per number of ground-truth actions. */
export function ActionCountHistogram({ data }: { data: readonly ActionCountBin[] }) {
  return (
    <div data-testid="figure-4-chart" style={{ width: "100%", height: 240 }}>
      <Figure4Drawing data={data} height={240} />
    </div>
  );
}

/** Paper Figure 7: accuracy per template, sorted, coloured by domain. */
export function TemplateAccuracyChart({ data }: { data: readonly TemplatePoint[] }) {
  return (
    <div data-testid="figure-7-chart" style={{ width: "100%", height: 300 }}>
      <Figure7Drawing data={data} height={300} />
    </div>
  );
}
