// estimate-check's report: below 10 configurations no bank is fitted and only the template-stratified
// estimate is given (and counted against the full accuracy recounted from the matrix); from 10 on, the
// held-out check with both estimates.
import { describe, expect, test } from "vitest";
import { estimateReport, MIN_BANK_CONFIGURATIONS } from "./check-report";
import { simulatePopulation } from "./simulate";

describe("estimateReport", () => {
  test("8 configurations: the template-stratified fallback, n tasks each spread over the templates", () => {
    const population = simulatePopulation({ configurations: 8, seed: 3 });
    const report = estimateReport(population, 100, { seed: 3 });
    expect(report.method).toBe("template-stratified");
    expect(report.adaptive).toBeNull();
    expect(report.checks).toHaveLength(8);
    const templateOf = new Map(population.tasks.map((task) => [task.key, task.template] as const));
    report.checks.forEach((check, j) => {
      const row = population.rows[j]!;
      expect(check.fullAccuracy).toBeCloseTo(row.filter((value) => value === 1).length / row.length, 12);
      expect(check.adaptive).toBeNull();
      expect(new Set(check.stratified.tasks).size).toBe(100);
      // 100 of 690 over 69 templates of 10: one or two tasks from every template
      const perTemplate = new Map<string, number>();
      for (const key of check.stratified.tasks) perTemplate.set(templateOf.get(key)!, (perTemplate.get(templateOf.get(key)!) ?? 0) + 1);
      expect(perTemplate.size).toBe(69);
      expect(Math.max(...perTemplate.values())).toBeLessThanOrEqual(2);
    });
    const mae = report.checks.reduce((sum, check) => sum + Math.abs(check.stratified.accuracy - check.fullAccuracy), 0) / 8;
    expect(report.stratified.mae).toBeCloseTo(mae, 12);
  });

  test(`${MIN_BANK_CONFIGURATIONS} configurations: the held-out check, adaptive and stratified side by side`, () => {
    const report = estimateReport(simulatePopulation({ configurations: MIN_BANK_CONFIGURATIONS, seed: 3 }), 50, { seed: 3, labels: Array.from({ length: 10 }, (_, j) => `run ${j}`) });
    expect(report.method).toBe("item-response");
    expect(report.adaptive).not.toBeNull();
    expect(report.checks.map((check) => check.label)).toEqual(Array.from({ length: 10 }, (_, j) => `run ${j}`));
    for (const check of report.checks) expect(check.adaptive?.tasks).toHaveLength(50);
  });
});
