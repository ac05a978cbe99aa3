// The bank's interval calibration against its stated rule: configurations in k folds by index mod k, each
// estimated from n adaptively chosen tasks by a bank fitted without its fold, the standardised errors'
// mean square — recounted here loop by loop — and the interval widened by its root around the estimate.
import { describe, expect, test } from "vitest";
import { runAdaptive } from "./adaptive";
import { calibrateIntervals, calibrated, MIN_CALIBRATION_CONFIGURATIONS } from "./calibrate";
import { estimateWithBank, type ScoreEstimate } from "./estimate";
import { fitItemBank } from "./fit";
import { simulatePopulation } from "./simulate";

const population = simulatePopulation({ configurations: 16, templates: 12, tasksPerTemplate: 10, seed: 3 });

describe("interval calibration", () => {
  test("the mean squared z is a recount of the folds by the stated rule, the scale its root floored at 1", () => {
    const calibration = calibrateIntervals(population, { n: 30, folds: 4 });
    let sum = 0;
    let count = 0;
    for (let fold = 0; fold < 4; fold++) {
      const keep = population.configurations.map((_, j) => j % 4 !== fold);
      const bank = fitItemBank({ ...population, configurations: population.configurations.filter((_, j) => keep[j]), rows: population.rows.filter((_, j) => keep[j]) });
      population.rows.forEach((row, j) => {
        if (keep[j]) return;
        const full = row.filter((value) => value === 1).length / row.length;
        const index = new Map(population.tasks.map((task, i) => [task.key, i] as const));
        const observed = runAdaptive(bank, 30, (key) => row[index.get(key)!] === 1);
        const estimate = estimateWithBank(bank.items, observed);
        const sd = (estimate.high - estimate.low) / (2 * 1.959963984540054);
        sum += ((estimate.accuracy - full) / sd) ** 2;
        count += 1;
      });
    }
    expect(calibration).not.toBeNull();
    expect(calibration!.configurations).toBe(16);
    expect(calibration!.meanSquaredZ).toBeCloseTo(sum / count, 10);
    expect(calibration!.intervalScale).toBeCloseTo(Math.sqrt(Math.max(1, sum / count)), 10);
  });

  test("too few configurations to fit a fold's bank: no calibration", () => {
    const few = simulatePopulation({ configurations: MIN_CALIBRATION_CONFIGURATIONS, templates: 6, tasksPerTemplate: 5, seed: 1 });
    expect(calibrateIntervals(few, { n: 10 })).toBeNull();
  });

  test("widening keeps the estimate, scales both sides in whole tasks, and stays in [0, 1]", () => {
    const estimate: ScoreEstimate = { method: "item-response", accuracy: 0.5, low: 0.45, high: 0.56, tasksRun: 100, tasksTotal: 200, ability: 0 };
    const calibration = { intervalScale: 1.5, meanSquaredZ: 2.25, configurations: 20, folds: 5, n: 100 };
    expect(calibrated(estimate, calibration)).toEqual({ ...estimate, low: 0.425, high: 0.59, intervalScale: 1.5 });
    expect(calibrated({ ...estimate, accuracy: 0.97, low: 0.93, high: 0.99 }, calibration).high).toBe(1);
    expect(calibrated(estimate, null)).toBe(estimate);
    expect(calibrated(estimate, { ...calibration, intervalScale: 1 })).toBe(estimate);
  });
});
