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

/** ICC(1) for groups of unequal size (k0 as in Shrout & Fleiss / Donner): (MSB − MSW) / (MSB + (k0 − 1) MSW). */
export function iccOne(groups: readonly (readonly boolean[])[]): number | null {
  const values = groups.map((group) => group.map((value) => (value ? 1 : 0)));
  const n = values.reduce((sum, group) => sum + group.length, 0);
  const g = values.length;
  if (g < 2 || n <= g) return null;
  const grand = values.flat().reduce<number>((sum, value) => sum + value, 0) / n;
  let between = 0, within = 0;
  for (const group of values) {
    const mean = group.reduce<number>((sum, value) => sum + value, 0) / group.length;
    between += group.length * (mean - grand) ** 2;
    within += group.reduce<number>((sum, value) => sum + (value - mean) ** 2, 0);
  }
  const msb = between / (g - 1);
  const msw = within / (n - g);
  const k0 = (n - values.reduce((sum, group) => sum + group.length ** 2, 0) / n) / (g - 1);
  const denominator = msb + (k0 - 1) * msw;
  return denominator === 0 ? null : (msb - msw) / denominator;
}
