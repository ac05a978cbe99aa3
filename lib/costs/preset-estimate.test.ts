// The preset's estimate against a recount: every (task, trial) of every run at the per-task figure, the
// per-task figure itself from tokens and a price per million.
import { describe, expect, test } from "vitest";
import { describePresetEstimate, perTaskUsd, presetEstimate } from "./preset-estimate";

describe("the reliability preset's estimated cost", () => {
  test("is tasks × trials × runs × the per-(task, trial) estimate, the latter tokens at the price per 1M", () => {
    const tokens = { inputTokens: 18_250, outputTokens: 410 };
    const price = { input: 2.5, output: 10 }; // USD per 1M tokens
    const usd = perTaskUsd(tokens, price)!;
    expect(usd).toBeCloseTo((18_250 * 2.5) / 1e6 + (410 * 10) / 1e6, 15);
    const estimate = presetEstimate({ runs: 4, tasks: 690, trials: 3, perTask: { ...tokens, usd, basis: "test" } });
    let recount = 0;
    for (let run = 0; run < 4; run++) for (let task = 0; task < 690; task++) for (let trial = 0; trial < 3; trial++) recount += usd;
    expect(estimate.cells).toBe(4 * 690 * 3);
    expect(estimate.usd).toBeCloseTo(recount, 6);
    expect(estimate.tokens).toBe(4 * 690 * 3 * (18_250 + 410));
    expect(describePresetEstimate(estimate)).toContain(`$${recount.toFixed(2)}`);
  });

  test("is unknown without a price, and $0 for a model-less agent", () => {
    expect(perTaskUsd({ inputTokens: 10, outputTokens: 1 }, undefined)).toBeNull();
    const unpriced = presetEstimate({ runs: 4, tasks: 69, trials: 3, perTask: { inputTokens: 10, outputTokens: 1, usd: null, basis: "no price" } });
    expect(unpriced).toMatchObject({ usd: null, tokens: 4 * 69 * 3 * 11 });
    expect(describePresetEstimate(unpriced)).toMatch(/^Cost unknown for 828 \(task, trial\)s/);
    expect(presetEstimate({ runs: 4, tasks: 69, trials: 3, perTask: { inputTokens: 0, outputTokens: 0, usd: 0, basis: "oracle" } }).usd).toBe(0);
  });
});
