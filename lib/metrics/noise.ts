/**
 * How noisy a configuration's accuracy is, measured where it repeats: the run-to-run spread of accuracy
 * (over its runs, or its trials when one run has several), the per-task flip rate (tasks whose verdict is
 * not the same in every repeat), and the intraclass correlation ICC(1) of the verdicts within tasks (one-way
 * random effects: how much of the verdicts' variance is the task's, not the repeat's). Pure.
 */

/** A configuration's verdicts, per task, in each repeat (run or trial) that scored it. */
export type RepeatedVerdicts = ReadonlyMap<string, readonly boolean[]>;

export interface NoiseFigures {
  /** Repeats the figures rest on (the largest number of verdicts any task has). */
  readonly repeats: number;
  /** Tasks with at least two verdicts. */
  readonly tasks: number;
  /** Standard deviation of accuracy across repeats (over the tasks every repeat scored); null with one repeat. */
  readonly accuracySd: number | null;
  /** Share of tasks with both a right and a wrong verdict. */
  readonly flipRate: number;
  /** ICC(1) of verdicts within tasks; null when it cannot be computed. */
  readonly icc: number | null;
}

export function noiseFigures(verdicts: RepeatedVerdicts): NoiseFigures | null {
  const repeated = [...verdicts.values()].filter((list) => list.length >= 2);
  if (repeated.length === 0) return null;
  const repeats = Math.max(...repeated.map((list) => list.length));
  // Accuracy per repeat over the tasks every repeat scored.
  const complete = repeated.filter((list) => list.length === repeats);
  let accuracySd: number | null = null;
  if (complete.length > 0) {
    const accuracies = Array.from({ length: repeats }, (_, r) => complete.filter((list) => list[r]).length / complete.length);
    const mean = accuracies.reduce((sum, value) => sum + value, 0) / repeats;
    accuracySd = Math.sqrt(accuracies.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (repeats - 1));
  }
  const flipRate = repeated.filter((list) => list.some(Boolean) && list.some((value) => !value)).length / repeated.length;
  return { repeats, tasks: repeated.length, accuracySd, flipRate, icc: iccOne(repeated) };
}

/** One task's verdicts in a configuration: how many, and how many right. */
export interface TaskTally {
  readonly trials: number;
  readonly correct: number;
}

/** ICC(1) for groups of unequal size (k0 as in Shrout & Fleiss / Donner): (MSB − MSW) / (MSB + (k0 − 1) MSW). */
export function iccOne(groups: readonly (readonly boolean[])[]): number | null {
  return iccOfTallies(groups.map((group) => ({ trials: group.length, correct: group.filter(Boolean).length })));
}

/** ICC(1) of 0/1 verdicts from each task's (trials, correct): a group's sum of squares needs only its count and sum. */
export function iccOfTallies(tallies: readonly TaskTally[]): number | null {
  const g = tallies.length;
  const n = tallies.reduce((sum, tally) => sum + tally.trials, 0);
  if (g < 2 || n <= g) return null;
  const grand = tallies.reduce((sum, tally) => sum + tally.correct, 0) / n;
  let between = 0, within = 0;
  for (const { trials, correct } of tallies) {
    const mean = correct / trials;
    between += trials * (mean - grand) ** 2;
    // Σ (x − mean)² over 0/1 values: correct·(1 − mean)² + (trials − correct)·mean² = correct − correct²/trials.
    within += correct - correct * mean;
  }
  const msb = between / (g - 1);
  const msw = within / (n - g);
  const k0 = (n - tallies.reduce((sum, tally) => sum + tally.trials ** 2, 0) / n) / (g - 1);
  const denominator = msb + (k0 - 1) * msw;
  return denominator === 0 ? null : (msb - msw) / denominator;
}

/** A configuration's noise as the boards show it: from its per-task tallies and the accuracy of each of its repeats. */
export interface ConfigNoise {
  /** Runs the figures rest on. */
  readonly runs: number;
  /** Repeats whose accuracies are spread: the runs, or one run's trials. */
  readonly repeats: number;
  readonly repeatKind: "runs" | "trials";
  /** Tasks with two verdicts or more (the flip rate's and ICC's units). */
  readonly tasks: number;
  /** Sample standard deviation of the repeats' accuracies; null with fewer than two repeats. */
  readonly accuracySd: number | null;
  readonly flipRate: number;
  readonly icc: number | null;
}

/**
 * Noise from what the boards keep: per task its pooled (trials, correct) over the configuration's runs,
 * and each repeat's accuracy over its own scored results (a run's pass@1; with a single run, each trial's).
 * Null when no task has two verdicts.
 */
export function noiseOfTallies(
  tallies: readonly TaskTally[],
  repeats: { readonly runs: number; readonly kind: "runs" | "trials"; readonly accuracies: readonly number[] },
): ConfigNoise | null {
  const repeated = tallies.filter((tally) => tally.trials >= 2);
  if (repeated.length === 0) return null;
  const flips = repeated.filter((tally) => tally.correct > 0 && tally.correct < tally.trials).length;
  return {
    runs: repeats.runs,
    repeats: repeats.accuracies.length,
    repeatKind: repeats.kind,
    tasks: repeated.length,
    accuracySd: sampleSd(repeats.accuracies),
    flipRate: flips / repeated.length,
    icc: iccOfTallies(repeated),
  };
}

export function sampleSd(values: readonly number[]): number | null {
  if (values.length < 2) return null;
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  return Math.sqrt(values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (values.length - 1));
}
