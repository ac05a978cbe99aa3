// The runs list's row model: rates over the scored tasks (a launched run's provider failures left out,
// a recorded run's errors kept, as its evaluator scored them), the status as the run page reads it, and
// a recorded run's estimated cost noted in short.
import { describe, expect, test } from "vitest";
import { ESTIMATED_FROM_RECORDED } from "@/lib/metrics/run-usage";
import { RUN_LIST_COST_NOTE, toRunListRow, type RunListSource } from "./run-list-row";

const launched: RunListSource = {
  id: "r1",
  name: "gpt-x · all tools",
  status: "completed",
  source: "launched",
  agent: "react",
  model: "gpt-x",
  toolSet: "all",
  groundTruth: "v2026",
  protocol: "2026",
  dataset: { slug: "workbench", kind: "official" },
  version: { revision: 3 },
  tasksTotal: 40,
  tasksDone: 40,
  correctCount: 27,
  sideEffectCount: 3,
  errorCount: 4,
  createdAt: new Date("2026-11-28T01:02:03Z"),
  tags: ["baseline"],
  testRun: false,
  board: { providerFailures: 4 },
  inputTokens: 1000,
  outputTokens: 200,
  costUsd: 0.5,
};

describe("toRunListRow", () => {
  test("the fault rate is the run's stored setting; a run without one is clean", () => {
    expect(toRunListRow(launched).faultRate).toBe("0");
    expect(toRunListRow({ ...launched, params: { faultRate: 0.15, faultSeed: 3 } }).faultRate).toBe("0.15");
    expect(toRunListRow({ ...launched, params: { faultRate: "lots" } }).faultRate).toBe("0");
    // The wording a run's tasks were given: original unless its settings say otherwise.
    expect(toRunListRow(launched).phrasing).toBe("original");
    expect(toRunListRow({ ...launched, params: { phrasing: "alt-2" } }).phrasing).toBe("alt-2");
  });

  test("a launched run's rates are over its tasks less those that failed at the provider", () => {
    const row = toRunListRow(launched);
    // 27 of 36 scored, 3 of 36 with side effects.
    expect(row.rates).toEqual({ accuracy: "75.0 %", sideEffects: "8.3 %", note: "over 36 scored tasks", known: true });
    // 4 of 40 (10 %) failed at the provider: within the allowed share, so "completed with errors".
    expect(row.status).toMatchObject({ status: "completed_with_errors", tone: "bad" });
    expect(row).toMatchObject({ groundTruth: "v2026 r3", agentLine: "react · all", model: "gpt-x", created: "2026-11-28 01:02", tags: ["baseline"] });
    expect(row.cost).toMatchObject({ state: "known", reason: null });
  });

  test("a recorded run's errors were scored by its evaluator: its rates are over every task done", () => {
    const row = toRunListRow({ ...launched, source: "imported", board: { providerFailures: 4 } });
    expect(row.rates).toMatchObject({ accuracy: "67.5 %", note: "over 40 scored tasks", known: true });
    expect(row.status.status).toBe("completed");
  });

  test("no rate when nothing was scored, with the reason", () => {
    expect(toRunListRow({ ...launched, tasksDone: 0, correctCount: 0, sideEffectCount: 0, board: null }).rates).toEqual({
      accuracy: "—", sideEffects: "—", note: "no task scored yet", known: false,
    });
    expect(toRunListRow({ ...launched, tasksDone: 5, board: { providerFailures: 5 } }).rates).toMatchObject({
      note: "no rate: every task failed at the provider", known: false,
    });
  });

  test("a recorded run's estimated cost carries a short note; the column header carries the whole basis", () => {
    const recorded = { ...launched, source: "imported", inputTokens: 0, outputTokens: 0, costUsd: 0, estimatedInputTokens: 10_000, estimatedOutputTokens: 2_000, estimatedCostUsd: 1.25 };
    const row = toRunListRow(recorded);
    expect(row.cost.state).toBe("estimated");
    expect(row.cost.text).toContain("1.25");
    expect(row.cost.reason).not.toBe(ESTIMATED_FROM_RECORDED);
    expect(row.cost.reason!.length).toBeLessThan(ESTIMATED_FROM_RECORDED.length / 2);
    expect(RUN_LIST_COST_NOTE).toContain(ESTIMATED_FROM_RECORDED);
  });
});
