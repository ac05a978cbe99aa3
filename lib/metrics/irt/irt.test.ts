// The item bank and the estimator on simulated data whose truth is known (simulate.ts).
import { describe, expect, test } from "vitest";
import { seededRandom } from "@/lib/seeded-random";
import { fitItemBank, heldOutLogLikelihood } from "./fit";
import { estimateStratified, estimateWithBank, nextTask, templateStratifiedSample } from "./estimate";
import { simulatePopulation } from "./simulate";
import { runAdaptive } from "./adaptive";
import { itemInformation, probabilityCorrect } from "./two-pl";

const correlation = (xs: readonly number[], ys: readonly number[]) => {
  const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const [mx, my] = [mean(xs), mean(ys)];
  const cov = xs.reduce((sum, x, k) => sum + (x - mx) * (ys[k]! - my), 0);
  return cov / Math.sqrt(xs.reduce((sum, x) => sum + (x - mx) ** 2, 0) * ys.reduce((sum, y) => sum + (y - my) ** 2, 0));
};

describe("fitting the 2PL", () => {
  const population = simulatePopulation({ configurations: 40, seed: 3 });
  const bank = fitItemBank(population);

  test("recovers the difficulties (r ≥ 0.9) and the abilities' order", () => {
    expect(correlation(bank.items.map((item) => item.difficulty), population.items.map((item) => item.difficulty))).toBeGreaterThanOrEqual(0.9);
    expect(correlation([...bank.abilities.values()], population.abilities)).toBeGreaterThanOrEqual(0.98);
  });

  test("the simulated accuracies span 10–95 %", () => {
    const accuracies = population.rows.map((row) => row.filter((value) => value === 1).length / row.length);
    expect(Math.min(...accuracies)).toBeLessThan(0.2);
    expect(Math.max(...accuracies)).toBeGreaterThan(0.85);
  });

  test("held-out verdicts are predicted far better than a coin", () => {
    const { perVerdict, verdicts } = heldOutLogLikelihood(population, seededRandom(1));
    expect(verdicts).toBeGreaterThan(2000);
    expect(perVerdict).toBeGreaterThan(Math.log(0.5) + 0.15);
  });

  test("deterministic: the same matrix gives the same bank", () => {
    expect(fitItemBank(population).items).toEqual(bank.items);
  });
});

describe("estimating from a subset", () => {
  const population = simulatePopulation({ configurations: 30, seed: 5 });
  const items = population.items;

  test("with the true items, the full score of every configuration lies inside the 95 % interval from 100 chosen tasks, and the point is close", () => {
    let inside = 0;
    let error = 0;
    population.rows.forEach((row, j) => {
      const verdict = new Map(population.tasks.map((task, i) => [task.key, row[i] === 1] as const));
      const observed = runAdaptive({ items } as Parameters<typeof runAdaptive>[0], 100, (key) => verdict.get(key) ?? null);
      const estimate = estimateWithBank(items, observed);
      const full = row.filter((value) => value === 1).length / row.length;
      if (estimate.low <= full && full <= estimate.high) inside += 1;
      error += Math.abs(estimate.accuracy - full);
    });
    expect(inside / population.rows.length).toBeGreaterThanOrEqual(0.85);
    expect(error / population.rows.length).toBeLessThan(0.025);
  });

  test("the next task is the most informative one not yet run", () => {
    const chosen = nextTask(items, 0.5, new Set())!;
    const best = Math.max(...items.map((item) => itemInformation(item, 0.5)));
    expect(itemInformation(chosen, 0.5)).toBe(best);
    expect(nextTask(items, 0.5, new Set(items.map((item) => item.taskKey)))).toBeNull();
  });

  test("a template-stratified sample gives each template its share; its estimate weights templates by size", () => {
    const tasks = items.map((item) => ({ taskKey: item.taskKey, template: item.template }));
    const sample = templateStratifiedSample(tasks, 138, seededRandom(2));
    expect(sample).toHaveLength(138);
    const perTemplate = new Map<string, number>();
    for (const task of sample) perTemplate.set(task.template, (perTemplate.get(task.template) ?? 0) + 1);
    expect([...perTemplate.values()].every((count) => count === 2)).toBe(true);
    const estimate = estimateStratified(tasks, sample.map((task, k) => ({ taskKey: task.taskKey, correct: k % 2 === 0 })));
    expect(estimate.accuracy).toBeCloseTo(0.5);
    expect(estimate.low).toBeLessThan(0.5);
    expect(estimate.high).toBeGreaterThan(0.5);
    expect(estimate.method).toBe("template-stratified");
  });

  test("P(correct) rises with ability", () => {
    const item = items[0]!;
    expect(probabilityCorrect(item, 1)).toBeGreaterThan(probabilityCorrect(item, 0));
  });
});
