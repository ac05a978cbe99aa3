import { describe, expect, test } from "vitest";
import { durationFigure, NO_PRICE, NOT_RECORDED, NO_TIMINGS, runUsage } from "./run-usage";

const launched = { source: "launched", model: "gpt-4o", inputTokens: 1200, outputTokens: 300, costUsd: 0.0123, params: {} };

describe("runUsage", () => {
  test("a launched run's usage is known", () => {
    const usage = runUsage(launched);
    expect(usage.tokens).toEqual({ text: "1.5k", reason: null, state: "known" });
    expect(usage.cost).toEqual({ text: "$0.01", reason: null, state: "known" });
  });

  test("an imported run without usage reads — with why, never 0 or $0", () => {
    const usage = runUsage({ ...launched, source: "imported", inputTokens: 0, outputTokens: 0, costUsd: 0 });
    for (const figure of [usage.tokens, usage.inputTokens, usage.outputTokens, usage.cost]) {
      expect(figure).toEqual({ text: "—", reason: NOT_RECORDED, state: "unknown" });
    }
  });

  test("a model without a price has an unknown cost but known tokens", () => {
    const usage = runUsage({ ...launched, costUsd: 0, params: { priceUnknown: true } });
    expect(usage.cost).toEqual({ text: "—", reason: NO_PRICE, state: "unknown" });
    expect(usage.tokens.state).toBe("known");
  });

  test("model-less agents (oracle, noop) really cost nothing, imported or not", () => {
    const usage = runUsage({ source: "imported", model: null, inputTokens: 0, outputTokens: 0, costUsd: 0 });
    expect(usage.cost.text).toBe("$0");
    expect(usage.tokens.text).toBe("0");
  });
});

test("durations of recorded results are unknown", () => {
  expect(durationFigure("imported", 0)).toEqual({ text: "—", reason: NO_TIMINGS, state: "unknown" });
  expect(durationFigure("launched", 1500).text).toBe("1.5 s");
  expect(durationFigure("launched", null).text).toBe("—");
});
