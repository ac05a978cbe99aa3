import { describe, expect, test } from "vitest";
import { configKey } from "./config-leaderboard";
import { wilsonInterval } from "./wilson";
import { differenceInterval, robustnessBoard, type RobustnessInputRow } from "./robustness-board";

const base = { dataset: "workbench", groundTruth: "v1", versionRevision: null, protocol: "2024", revision: "2024", model: "gpt-4o", agent: "tools", toolSet: "all" };
function row(faultRate: number | null, correct: number, results: number, agent = "tools"): RobustnessInputRow {
  const key = configKey({ ...base, agent, faultRate });
  return { key, label: "gpt-4o", agent, toolSet: "all", faultRate, correct, results, passAt1: correct / results, passAt1Interval: wilsonInterval(correct, results), sideEffectRate: 0.1 };
}

describe("differenceInterval (Newcombe, independent proportions)", () => {
  test("matches Newcombe's worked example (56/70 − 48/80: 0.2, 95 % CI 0.0524 to 0.3339)", () => {
    const interval = differenceInterval(56, 70, 48, 80);
    expect(interval?.low).toBeCloseTo(0.0524, 3);
    expect(interval?.high).toBeCloseTo(0.3339, 3);
  });

  test("no interval without results on a side", () => {
    expect(differenceInterval(0, 0, 1, 2)).toBeNull();
  });
});

describe("robustnessBoard", () => {
  test("each configuration with faulted runs: its clean figures and, per fault rate, accuracy and the drop", () => {
    const board = robustnessBoard([row(null, 90, 100), row(0.2, 70, 100), row(0.1, 80, 100), row(null, 50, 100, "react")]);
    expect(board).toHaveLength(1);
    expect(board[0]?.clean?.passAt1).toBe(0.9);
    expect(board[0]?.faulted.map((cell) => [cell.faultRate, cell.accuracy])).toEqual([[0.1, 0.8], [0.2, 0.7]]);
    expect(board[0]?.faulted[1]?.drop).toBeCloseTo(0.2, 10);
    expect(board[0]?.faulted[1]?.dropInterval?.low).toBeGreaterThan(0);
  });

  test("a configuration only ever run with faults has no clean side and no drop", () => {
    const board = robustnessBoard([row(0.3, 10, 20, "oracle-retry")]);
    expect(board[0]).toMatchObject({ clean: null, faulted: [{ faultRate: 0.3, drop: null, dropInterval: null }] });
  });
});
