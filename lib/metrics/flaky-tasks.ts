/**
 * Flaky tasks of a run with trials: tasks whose verdict differs across trials, with their pass rate.
 * The most even splits first (a 50 % task is the least predictable). Pure.
 */

export interface TrialVerdict {
  readonly taskId: string;
  readonly key: string;
  readonly domain: string;
  readonly resultId: string;
  readonly trial: number;
  readonly correct: boolean;
}

export interface FlakyTask {
  readonly taskId: string;
  readonly key: string;
  readonly domain: string;
  readonly trials: number;
  readonly passed: number;
  readonly passRate: number;
  /** The trials' results in trial order, to open each trace. */
  readonly results: readonly { readonly resultId: string; readonly trial: number; readonly correct: boolean }[];
}

export function flakyTasks(verdicts: readonly TrialVerdict[]): FlakyTask[] {
  const byTask = new Map<string, TrialVerdict[]>();
  for (const verdict of verdicts) byTask.set(verdict.taskId, [...(byTask.get(verdict.taskId) ?? []), verdict]);
  const flaky: FlakyTask[] = [];
  for (const [taskId, trials] of byTask) {
    const passed = trials.filter((trial) => trial.correct).length;
    if (trials.length < 2 || passed === 0 || passed === trials.length) continue;
    const first = trials[0] as TrialVerdict;
    flaky.push({
      taskId,
      key: first.key,
      domain: first.domain,
      trials: trials.length,
      passed,
      passRate: passed / trials.length,
      results: [...trials].sort((a, b) => a.trial - b.trial).map(({ resultId, trial, correct }) => ({ resultId, trial, correct })),
    });
  }
  return flaky.sort((a, b) => Math.abs(a.passRate - 0.5) - Math.abs(b.passRate - 0.5) || a.key.localeCompare(b.key));
}
