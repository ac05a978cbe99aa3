// The estimator's costs (`npm run bench -- estimate`), against issue 40's targets: fitting the item bank on
// 100 configurations × 690 tasks (a simulated population: lib/metrics/irt/simulate.ts) within 10 s of CPU,
// and choosing the next task of an adaptive run within 5 ms: the most informative task at the current
// ability (nextTask), and a whole step as an estimated run takes it (the ability re-read from the answers so
// far, then nextTask), over the 100 steps of an n = 100 run; and a stored bank's interval calibration
// (five cross-fits), which its refit also pays. CPU (user + system) beside wall time.
import os from "node:os";
import { abilityPosterior, nextTask, posteriorMean, type Observed } from "@/lib/metrics/irt/estimate";
import { calibrateIntervals } from "@/lib/metrics/irt/calibrate";
import { fitItemBank } from "@/lib/metrics/irt/fit";
import { simulatePopulation } from "@/lib/metrics/irt/simulate";
import type { Item } from "@/lib/metrics/irt/two-pl";

const timed = <T>(work: () => T) => {
  const cpuBefore = process.cpuUsage();
  const wallBefore = performance.now();
  const value = work();
  const cpu = process.cpuUsage(cpuBefore);
  return { value, cpuMs: (cpu.user + cpu.system) / 1000, wallMs: performance.now() - wallBefore };
};

export async function run(): Promise<void> {
  const population = simulatePopulation({ configurations: 100, seed: 7 });
  console.log(`${population.configurations.length} configurations × ${population.tasks.length} tasks (load ${os.loadavg().map((load) => load.toFixed(2)).join(" ")})`);
  const fit = timed(() => fitItemBank(population));
  console.log(`  fit the bank: CPU ${(fit.cpuMs / 1000).toFixed(2)} s, wall ${(fit.wallMs / 1000).toFixed(2)} s (target ≤ 10 s CPU) ${fit.cpuMs <= 10_000 ? "ok" : "OVER"}`);
  // A stored bank is also cross-fitted on its own configurations (calibrate.ts): five more fits and an
  // n = 100 adaptive run per configuration, paid once per refit.
  const calibration = timed(() => calibrateIntervals(population, { n: 100 }));
  const stored = fit.cpuMs + calibration.cpuMs;
  console.log(`  calibrate its intervals (5 folds): CPU ${(calibration.cpuMs / 1000).toFixed(2)} s, wall ${(calibration.wallMs / 1000).toFixed(2)} s, scale ×${calibration.value?.intervalScale.toFixed(2)}`);
  console.log(`  a stored bank (fit + calibration): CPU ${(stored / 1000).toFixed(2)} s (target ≤ 10 s CPU) ${stored <= 10_000 ? "ok" : "OVER"}`);
  const items = fit.value.items;
  const byKey = new Map<string, Item>(items.map((item) => [item.taskKey, item] as const));
  // An n = 100 adaptive run of a middling configuration, answered by its simulated verdicts.
  const row = population.rows[50]!;
  const verdictOf = new Map(population.tasks.map((task, i) => [task.key, row[i] === 1] as const));
  const observed: Observed[] = [];
  const done = new Set<string>();
  let ability = 0;
  const choose: number[] = [];
  const steps: number[] = [];
  for (let step = 0; step < 100; step++) {
    const whole = timed(() => {
      if (observed.length > 0) ability = posteriorMean(abilityPosterior(byKey, observed));
      return timed(() => nextTask(items, ability, done));
    });
    const item = whole.value.value!;
    choose.push(whole.value.cpuMs);
    steps.push(whole.cpuMs);
    done.add(item.taskKey);
    observed.push({ taskKey: item.taskKey, correct: verdictOf.get(item.taskKey) === true });
  }
  const describe = (label: string, values: readonly number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
    const max = sorted[sorted.length - 1]!;
    console.log(`  ${label}: CPU mean ${mean.toFixed(3)} ms, p95 ${sorted[Math.floor(sorted.length * 0.95)]!.toFixed(3)} ms, max ${max.toFixed(3)} ms (target ≤ 5 ms) ${max <= 5 ? "ok" : "OVER"}`);
  };
  describe("next task (nextTask)                ", choose);
  describe("adaptive step (ability + next task) ", steps);
}
