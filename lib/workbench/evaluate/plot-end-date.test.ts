// The July amendment as upstream applies it (228cbe6 evaluation.py accept_either_chart_end_date): a
// rewrite of the exact call text before replay, so only the standard spelling of time_max="2023-11-30"
// is accepted for 2023-11-29. Scored on the official v2026 data against a real analytics task.
import { beforeAll, describe, expect, test } from "vitest";
import { loadDataset, type Dataset } from "../datasets";
import { testDataDir } from "../test-support/data-dir";
import type { Task } from "../datasets/types";
import { createProtocolEvaluator } from "../protocols";
import { ACCEPT_EITHER_CHART_END_DATE, rewriteCallText } from "./plot-end-date";

const STANDARD = 'analytics.create_plot.func(time_min="2023-11-21", time_max="2023-11-30", value_to_plot="total_visits", plot_type="bar")';
// Each is the same call to Python's parser (time_max is "2023-11-30"), but not the text upstream rewrites.
const OTHER_SPELLINGS: readonly (readonly [string, string])[] = [
  ["single quotes", "analytics.create_plot.func(time_min='2023-11-21', time_max='2023-11-30', value_to_plot='total_visits', plot_type='bar')"],
  ["spaces around =", 'analytics.create_plot.func(time_min="2023-11-21", time_max = "2023-11-30", value_to_plot="total_visits", plot_type="bar")'],
  ["parentheses", 'analytics.create_plot.func(time_min="2023-11-21", time_max=("2023-11-30"), value_to_plot="total_visits", plot_type="bar")'],
  ["raw string", 'analytics.create_plot.func(time_min="2023-11-21", time_max=r"2023-11-30", value_to_plot="total_visits", plot_type="bar")'],
  ["escaped dash", 'analytics.create_plot.func(time_min="2023-11-21", time_max="2023-11\\x2d30", value_to_plot="total_visits", plot_type="bar")'],
  ["concatenated literals", 'analytics.create_plot.func(time_min="2023-11-21", time_max="2023-11-" "30", value_to_plot="total_visits", plot_type="bar")'],
];

describe("rewriteCallText", () => {
  test("rewrites every exact occurrence in create_plot calls only, and returns the same array when nothing changes", () => {
    const calls = [STANDARD, 'calendar.search_events.func(query="x", time_max="2023-11-30")'];
    expect(rewriteCallText(calls, [ACCEPT_EITHER_CHART_END_DATE])).toEqual([STANDARD.replace("2023-11-30", "2023-11-29"), calls[1]]);
    const untouched = OTHER_SPELLINGS.map(([, call]) => call);
    expect(rewriteCallText(untouched, [ACCEPT_EITHER_CHART_END_DATE])).toBe(untouched);
    expect(rewriteCallText([STANDARD], [])).toEqual([STANDARD]);
  });

  test("a `$` in the replacement is taken literally", () => {
    expect(rewriteCallText(["a.b(x)"], [{ callPrefix: "a.", find: "x", replaceWith: "$&$&" }])).toEqual(["a.b($&$&)"]);
  });
});

describe("the July amendment on the official v2026 data", () => {
  let dataset: Dataset;
  let task: Task;
  beforeAll(async () => {
    dataset = await loadDataset(testDataDir(), "v2026");
    const found = dataset.tasks.find((t) => t.groundTruth.length === 1 && t.groundTruth[0] === STANDARD.replace("2023-11-30", "2023-11-29"));
    if (!found) throw new Error("the official analytics task with a plot from 2023-11-21 to 2023-11-29 is missing");
    task = found;
  }, 120_000);

  const score = (revision: "2026-06" | "2026-07", call: string) =>
    createProtocolEvaluator({ protocol: "2026", revision, dataset }).scoreTask(task, [call], null);

  test("the standard spelling ending on 2023-11-30 is correct under 2026-07 and incorrect under 2026-06", () => {
    expect(score("2026-07", STANDARD).correct).toBe(true);
    expect(score("2026-06", STANDARD).correct).toBe(false);
  });

  test.each(OTHER_SPELLINGS)("%s: the call runs, but is incorrect under 2026-07 as upstream", (_name, call) => {
    const verdict = score("2026-07", call);
    expect(verdict.failedCalls).toEqual([]);
    expect(verdict.correct).toBe(false);
    // It did plot the same chart: only the end date differs from the ground truth.
    expect(verdict.diffVsGroundTruth.length).toBeGreaterThan(0);
  });

  test("the same spellings ending on 2023-11-29 are correct: the parser accepts them", () => {
    for (const [, call] of OTHER_SPELLINGS) {
      const ending29 = call.replace("2023-11\\x2d30", "2023-11-29").replace('"2023-11-" "30"', '"2023-11-" "29"').replace("2023-11-30", "2023-11-29");
      expect(score("2026-07", ending29).correct, ending29).toBe(true);
    }
  });
});
