/**
 * What `workbench run` says while and after a run: a progress line for logs that are not a terminal,
 * and whether the run failed as a whole (every task errored, or the provider rule of run-outcome.ts,
 * the one the worker and the dashboard apply) so CI sees a non-zero exit instead of "[completed]"
 * over a run of provider errors. Pure: the command reads the numbers from the database and prints
 * what these return.
 */
import { DEFAULT_MAX_PROVIDER_FAILURE_SHARE, isProviderFailure, judgeRunOutcome } from "./run-outcome";

export { DEFAULT_MAX_PROVIDER_FAILURE_SHARE };

export interface ErrorKindCount {
  readonly kind: string;
  readonly count: number;
  /** The first error message of this kind (by finish time), to print once. */
  readonly firstMessage: string;
}

export interface RunProgress {
  readonly status: string;
  readonly done: number;
  readonly total: number;
  readonly correct: number;
  readonly errors: readonly ErrorKindCount[];
}

export function progressLine(progress: RunProgress): string {
  const accuracy = progress.done ? `${((progress.correct / progress.done) * 100).toFixed(1)} %` : "-";
  const errors = progress.errors.length ? progress.errors.map((error) => `${error.kind} ${error.count}`).join(", ") : "none";
  return `progress ${progress.done}/${progress.total} · ${progress.status} · accuracy ${accuracy} · errors: ${errors}`;
}

export interface RunOutcome {
  readonly exitCode: 0 | 1;
  /** Why the run failed as a whole, or null. */
  readonly reason: string | null;
}

export function runOutcome(progress: RunProgress, maxProviderFailureShare = DEFAULT_MAX_PROVIDER_FAILURE_SHARE): RunOutcome {
  const errored = progress.errors.reduce((sum, error) => sum + error.count, 0);
  const atProvider = progress.errors.filter((error) => isProviderFailure(error.kind)).reduce((sum, error) => sum + error.count, 0);
  // The worker stores `failed` for a run that failed at the provider: the rule says why.
  const judged = judgeRunOutcome({ done: progress.done, providerFailures: atProvider }, maxProviderFailureShare);
  if (judged.kind === "failed" && (progress.status === "completed" || progress.status === "failed")) return { exitCode: 1, reason: judged.reason };
  if (progress.status !== "completed") return { exitCode: 1, reason: `the run ended ${progress.status}` };
  if (progress.done > 0 && errored >= progress.done) return { exitCode: 1, reason: `every task failed (${errored}/${progress.done})` };
  return { exitCode: 0, reason: null };
}

/** One line per error kind with its first message, for the end of a failed run. */
export function firstErrorLines(errors: readonly ErrorKindCount[]): string[] {
  return errors.map((error) => `  first ${error.kind} error (${error.count} task${error.count === 1 ? "" : "s"}): ${error.firstMessage}`);
}
