import { describe, expect, test } from "vitest";
import { costFigure, formatCost, formatCount, formatDate, formatDuration, formatInterval, formatPercent, formatTokens, latencyFigure, tokensFigure } from "./format";

test.each([
  [0.4261, "42.61 %"],
  [1, "100.00 %"],
  [0, "0.00 %"],
])("formatPercent(%d)", (value, text) => {
  expect(formatPercent(value)).toBe(text);
});

test.each([
  [null, "–"],
  [{ low: 0.3897, high: 0.4633 }, "39.0–46.3"],
])("formatInterval(%j)", (interval, text) => {
  expect(formatInterval(interval)).toBe(text);
});

test.each([
  [950, "950"],
  [12_345, "12.3k"],
  [4_560_000, "4.56M"],
])("formatTokens(%i)", (value, text) => {
  expect(formatTokens(value)).toBe(text);
});

test.each([
  [0, "$0"],
  [0.0012, "$0.0012"],
  [3.456, "$3.46"],
])("formatCost(%d)", (value, text) => {
  expect(formatCost(value)).toBe(text);
});

test.each([
  [null, "–"],
  [250, "250 ms"],
  [12_300, "12.3 s"],
  [125_000, "2 min 5 s"],
])("formatDuration(%j)", (value, text) => {
  expect(formatDuration(value)).toBe(text);
});

test("formatDate is UTC and minute precision", () => {
  expect(formatDate(new Date("2024-03-21T15:21:12Z"))).toBe("2024-03-21 15:21");
});

describe("figures: unknown is —, with a reason; an estimate says so", () => {
  test.each([
    [costFigure(null), "—", "unknown"],
    [costFigure(Number.NaN), "—", "unknown"],
    [costFigure(0), "$0", "known"],
    [costFigure(1.234), "$1.23", "known"],
    [costFigure(1.234, { estimated: true, reason: "2024 list prices" }), "$1.23 (estimated)", "estimated"],
    [tokensFigure(null), "—", "unknown"],
    [tokensFigure(12_345), "12.3k", "known"],
    [tokensFigure(12_345, { estimated: true }), "12.3k (estimated)", "estimated"],
    [latencyFigure(null), "—", "unknown"],
    [latencyFigure(-5), "—", "unknown"],
    [latencyFigure(250), "250 ms", "known"],
  ])("%j", (figure, text, state) => {
    expect(figure.text).toBe(text);
    expect(figure.state).toBe(state);
    // Every "—" and every estimate carries a tooltip; a plain value none.
    expect(figure.reason === null).toBe(state === "known");
  });

  test("the caller's reason is the tooltip", () => {
    expect(tokensFigure(null, { reason: "not recorded" }).reason).toBe("not recorded");
    expect(costFigure(2, { estimated: true, reason: "from the price table of 2024-03" }).reason).toBe("from the price table of 2024-03");
  });
});

describe("formatCount", () => {
  test("singular for one, plural otherwise, thousands grouped", () => {
    expect(formatCount(1, "run")).toBe("1 run");
    expect(formatCount(0, "run")).toBe("0 runs");
    expect(formatCount(1000, "task")).toBe("1,000 tasks");
    expect(formatCount(2, "configuration")).toBe("2 configurations");
  });
});
