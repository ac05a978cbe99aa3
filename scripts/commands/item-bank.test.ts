// `workbench item-bank`'s lines for a stored fit: a fitted bank with its held-out likelihood, an unfitted one
// (too few configurations) saying the estimate falls back, and a stale one saying so.
import { describe, expect, test } from "vitest";
import { itemBankLines } from "./item-bank";

const bank = {
  id: "b1", datasetId: "d", datasetSlug: "workbench", groundTruth: "v1", scoringRevision: "2024", fingerprint: "f", configurations: 40, verdicts: 27_600,
  tasks: 690, calibration: { intervalScale: 1.1547, meanSquaredZ: 1.3333, configurations: 40, folds: 5, n: 100 }, withinTemplateSd: 0.51, heldOutLogLik: -0.4123, heldOutVerdicts: 2760, fitMs: 480, fittedAt: new Date("2026-11-29T01:00:00Z"), stale: false, fits: 2,
};

describe("item-bank lines", () => {
  test("a fitted bank: items, configurations, verdicts, held-out log-likelihood against a coin's, when", () => {
    expect(itemBankLines(bank)).toEqual([
      "workbench v1 scoring 2024: 690 items, 40 configurations, 27600 verdicts",
      "  held-out log-likelihood -0.4123 per verdict over 2760 (a coin: -0.6931); difficulty spread within templates 0.510",
      "  intervals widened ×1.15: cross-fitted in 5 folds, 40 configurations estimated from 100 tasks, mean squared z 1.33",
      "  fitted 2026-11-29T01:00:00.000Z in 480 ms (2 fits stored)",
    ]);
  });

  test("too few configurations: not fitted, the estimate template-stratified; stale said", () => {
    const lines = itemBankLines({ ...bank, configurations: 8, calibration: null, withinTemplateSd: null, heldOutLogLik: null, heldOutVerdicts: null, stale: true, fits: 1 });
    expect(lines[0]).toBe("workbench v1 scoring 2024: 690 tasks, 8 configurations, 27600 verdicts  [stale: refitted on next use]");
    expect(lines[1]).toMatch(/not fitted: fewer than 10 configurations; estimated runs here are template-stratified/);
    expect(lines[2]).toMatch(/\(1 fit stored\)$/);
  });
});
