// The estimated run's selection (estimated-run.ts) on a simulated population with known item parameters:
// the adaptive loop as the worker drives it (the first task at launch, then nextAdaptiveTask after each
// verdict) picks distinct tasks, stops at n, follows the estimator's check loop (adaptive.ts runAdaptive)
// task for task, and its estimate is estimate.ts's on the same verdicts. Planning's fallbacks and refusals.
import { describe, expect, test } from "vitest";
import { simulatePopulation } from "@/lib/metrics/irt/simulate";
import { runAdaptive } from "@/lib/metrics/irt/adaptive";
import { estimateStratified, estimateWithBank, type Observed } from "@/lib/metrics/irt/estimate";
import { estimateFrom, EstimateError, nextAdaptiveTask, planEstimate, type StoredBank } from "./estimated-run";

const population = simulatePopulation({ configurations: 3, seed: 11 });
const bank: StoredBank = { id: "bank-1", configurations: 40, items: population.items, calibration: null };
const candidates = population.tasks.map((task, i) => ({ id: `id-${i}`, key: task.key, template: task.template }));

/** What the worker does: launch queues the plan's first task, each verdict queues the next, until n. */
function driveAdaptive(n: number, row: number): { readonly observed: Observed[]; readonly picks: string[] } {
  const { plan, queued } = planEstimate(candidates, { tasks: n, concurrency: 1, bank, seed: 3 });
  expect(plan.selection).toBe("adaptive");
  expect(queued).toHaveLength(1);
  const answer = (key: string) => population.rows[row]![population.tasks.findIndex((task) => task.key === key)] === 1;
  const picks = [queued[0]!.key];
  const observed: Observed[] = [{ taskKey: picks[0]!, correct: answer(picks[0]!) }];
  while (picks.length < plan.tasks) {
    const next = nextAdaptiveTask(bank.items, observed, new Set(picks));
    if (!next) break;
    picks.push(next.taskKey);
    observed.push({ taskKey: next.taskKey, correct: answer(next.taskKey) });
  }
  return { observed, picks };
}

describe("adaptive selection", () => {
  test.each([0, 1, 2])("configuration %i: distinct tasks, n of them, the check's adaptive loop task for task", (row) => {
    const { observed, picks } = driveAdaptive(30, row);
    expect(picks).toHaveLength(30);
    expect(new Set(picks).size).toBe(30);
    const answer = (key: string) => population.rows[row]![population.tasks.findIndex((task) => task.key === key)] === 1;
    expect(runAdaptive(bank, 30, answer).map((verdict) => verdict.taskKey)).toEqual(picks);
    expect(estimateFrom({ tasks: 30, selection: "adaptive", method: "item-response", bankId: bank.id, note: null, seed: 3 }, bank, candidates, observed))
      .toEqual(estimateWithBank(bank.items, observed));
  });

  test("adapts: a configuration answering everything right is asked harder tasks than one answering everything wrong", () => {
    const difficulty = new Map(bank.items.map((item) => [item.taskKey, item.difficulty] as const));
    const mean = (keys: readonly string[]) => keys.reduce((sum, key) => sum + difficulty.get(key)!, 0) / keys.length;
    const walk = (correct: boolean) => {
      const picks: string[] = [];
      const observed: Observed[] = [];
      for (let k = 0; k < 15; k++) {
        const next = nextAdaptiveTask(bank.items, observed, new Set(picks))!;
        picks.push(next.taskKey);
        observed.push({ taskKey: next.taskKey, correct });
      }
      return picks;
    };
    expect(mean(walk(true).slice(5))).toBeGreaterThan(mean(walk(false).slice(5)));
  });
});

describe("planning", () => {
  test("more than one task at a time: a template-stratified sample of n, estimated with the bank", () => {
    const { plan, queued } = planEstimate(candidates, { tasks: 69, concurrency: 4, bank, seed: 3 });
    expect(plan).toMatchObject({ selection: "stratified", method: "item-response", bankId: "bank-1" });
    expect(queued).toHaveLength(69);
    // 69 of 69 templates × 10: one task of each template.
    expect(new Set(queued.map((task) => task.template)).size).toBe(69);
  });

  test("a bank on too few configurations: template-stratified, saying so, and the estimate is the stratified one", () => {
    const thin = { ...bank, configurations: 4 };
    const { plan, queued } = planEstimate(candidates, { tasks: 20, concurrency: 1, bank: thin, seed: 3 });
    expect(plan).toMatchObject({ selection: "stratified", method: "template-stratified", bankId: null });
    expect(plan.note).toMatch(/needs 10 configurations, 4 here/);
    const observed = queued.map((task, k) => ({ taskKey: task.key, correct: k % 3 === 0 }));
    expect(estimateFrom(plan, thin, candidates, observed)).toEqual(estimateStratified(candidates.map((task) => ({ taskKey: task.key, template: task.template })), observed));
    expect(planEstimate(candidates, { tasks: 20, concurrency: 1, bank: null, seed: 3 }).plan.note).toMatch(/0 here/);
  });

  test("n must be a proper subset of the tasks, and there must be tasks", () => {
    expect(() => planEstimate(candidates, { tasks: candidates.length, concurrency: 1, bank, seed: 1 })).toThrow(EstimateError);
    expect(() => planEstimate(candidates, { tasks: candidates.length, concurrency: 1, bank, seed: 1 })).toThrow(/not a subset of the 690 tasks/);
    expect(() => planEstimate([], { tasks: 5, concurrency: 1, bank, seed: 1 })).toThrow(/No task to estimate from/);
  });
});
