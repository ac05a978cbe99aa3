/**
 * A simulated population for testing the estimator on data whose truth is known: tasks from a 2PL whose
 * templates explain most of the difficulty (template mean spread 1.5, within-template spread 0.5: 90 % of
 * the variance), configurations whose expected accuracies spread evenly over 10–95 %, and their verdicts
 * drawn once. Seeded: the same seed gives the same population.
 */
import { seededRandom } from "@/lib/seeded-random";
import { probabilityCorrect, type Item } from "./two-pl";
import type { VerdictMatrix } from "./fit";

export interface SimulatedPopulation extends VerdictMatrix {
  readonly items: readonly Item[];
  readonly abilities: readonly number[];
  /** Each configuration's success probability on each task. */
  readonly probabilities: readonly (readonly number[])[];
}

export interface SimulationOptions {
  readonly configurations: number;
  readonly templates?: number;
  readonly tasksPerTemplate?: number;
  readonly seed: number;
  readonly accuracyRange?: readonly [number, number];
  readonly templateSpread?: number;
  readonly taskSpread?: number;
}

/** A standard normal draw (Box–Muller). */
function gaussian(random: () => number): number {
  const u = Math.max(random(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

export function simulatePopulation(options: SimulationOptions): SimulatedPopulation {
  const random = seededRandom(options.seed);
  const templates = options.templates ?? 69;
  const perTemplate = options.tasksPerTemplate ?? 10;
  const [lowest, highest] = options.accuracyRange ?? [0.1, 0.95];
  const items: Item[] = [];
  for (let t = 0; t < templates; t++) {
    const templateMean = (options.templateSpread ?? 1.5) * gaussian(random);
    for (let k = 0; k < perTemplate; k++) {
      items.push({
        taskKey: `sim/${String(t).padStart(2, "0")}-${k}`,
        template: `template ${t}`,
        difficulty: templateMean + (options.taskSpread ?? 0.5) * gaussian(random),
        discrimination: Math.exp(0.3 * gaussian(random)),
      });
    }
  }
  const expectedAccuracy = (theta: number) => items.reduce((sum, item) => sum + probabilityCorrect(item, theta), 0) / items.length;
  const abilityFor = (target: number) => {
    let low = -8, high = 8;
    for (let step = 0; step < 60; step++) { const mid = (low + high) / 2; if (expectedAccuracy(mid) < target) low = mid; else high = mid; }
    return (low + high) / 2;
  };
  const count = options.configurations;
  const abilities = Array.from({ length: count }, (_, j) => abilityFor(lowest + ((highest - lowest) * (j + random())) / count));
  const probabilities = abilities.map((theta) => items.map((item) => probabilityCorrect(item, theta)));
  const rows = probabilities.map((row) => row.map((p) => (random() < p ? 1 : 0) as 0 | 1));
  return {
    configurations: abilities.map((_, j) => `sim-config-${String(j).padStart(3, "0")}`),
    tasks: items.map((item) => ({ key: item.taskKey, template: item.template })),
    rows,
    items,
    abilities,
    probabilities,
  };
}
