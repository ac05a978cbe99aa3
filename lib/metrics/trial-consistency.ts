/**
 * Consistency over repeated trials (runs with trials = k > 1): how often a model gets a task right on
 * one try, on every try, and on at least one try. A model chooser reads pass^k (reliability) next to
 * pass@k (capability): a wide gap means the model can do the task but not dependably.
 * Pure: rows come from lib/queries, grouped here by task.
 */

/** One scored (task, trial) of a run. */
export interface TrialOutcome {
  readonly taskId: string;
  readonly correct: boolean;
}

export interface TrialConsistency {
  /** Trials per task the figures are for (the run's `trials`). */
  readonly k: number;
  /** Tasks with all k trials scored: the population of every figure below. */
  readonly tasks: number;
  /** Tasks left out because fewer than k of their trials are scored (cancelled or still running). */
  readonly incompleteTasks: number;
  /** pass@1: mean over tasks of the share of correct trials (expected accuracy of a single try). */
  readonly passAt1: number;
  /** pass^k: share of tasks whose k trials are all correct. */
  readonly passHatK: number;
  /** pass@k: share of tasks with at least one correct trial out of k. */
  readonly passAtK: number;
}

/** n choose r as a float; exact enough for n ≤ 20 (the trials cap). */
function choose(n: number, r: number): number {
  if (r < 0 || r > n) return 0;
  let value = 1;
  for (let i = 1; i <= r; i += 1) value = (value * (n - r + i)) / i;
  return value;
}

/**
 * Unbiased estimators for n ≥ k trials with c correct (Chen et al. 2021 for pass@k, its complement
 * for pass^k). With n = k they reduce to "any correct" and "all correct".
 */
export function passAtKEstimate(n: number, c: number, k: number): number {
  return 1 - choose(n - c, k) / choose(n, k);
}

export function passHatKEstimate(n: number, c: number, k: number): number {
  return choose(c, k) / choose(n, k);
}

/** The three figures over the tasks whose k trials are all scored; null when k < 2 (nothing to say). */
export function trialConsistency(outcomes: readonly TrialOutcome[], k: number): TrialConsistency | null {
  if (k < 2) return null;
  const byTask = new Map<string, { n: number; c: number }>();
  for (const outcome of outcomes) {
    const tally = byTask.get(outcome.taskId) ?? { n: 0, c: 0 };
    tally.n += 1;
    if (outcome.correct) tally.c += 1;
    byTask.set(outcome.taskId, tally);
  }
  const complete = [...byTask.values()].filter((tally) => tally.n >= k);
  const mean = (estimate: (tally: { n: number; c: number }) => number) =>
    complete.length === 0 ? 0 : complete.reduce((sum, tally) => sum + estimate(tally), 0) / complete.length;
  return {
    k,
    tasks: complete.length,
    incompleteTasks: byTask.size - complete.length,
    passAt1: mean((tally) => tally.c / tally.n),
    passHatK: mean((tally) => passHatKEstimate(tally.n, tally.c, k)),
    passAtK: mean((tally) => passAtKEstimate(tally.n, tally.c, k)),
  };
}
