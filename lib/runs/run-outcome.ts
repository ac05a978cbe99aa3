/**
 * What happened to a finished run, judged from its counts: the one rule the worker (which stores
 * `failed`), the dashboard (badge, rates, leaderboards) and `workbench run` (exit code) share.
 *
 * A task that failed at the provider (the API refused, was unreachable, errored after its retries)
 * was never really attempted: it says nothing about the agent. Such tasks are counted apart from the
 * agent's own errors (timeouts, context window, unparsable replies) and are not scored. A run where
 * every task, or more than an allowed share of them, failed at the provider failed as a whole; one
 * with fewer such tasks "completed with errors" and its rates are over the tasks that were scored.
 * Pure: no database, no framework.
 */
import type { RunStatus } from "@/lib/generated/prisma/enums";
import { formatShare } from "@/lib/metrics/format";

/** Statuses of a run still going: its numbers still move, it cannot be deleted (cancel it first). */
export const ACTIVE_RUN_STATUSES = ["queued", "running", "cancelling"] as const satisfies readonly RunStatus[];

export function isActiveStatus(status: string): boolean {
  return (ACTIVE_RUN_STATUSES as readonly string[]).includes(status);
}

/** Task error kinds that are the provider's failure, not the agent's behaviour. */
export const PROVIDER_FAILURE_KINDS: ReadonlySet<string> = new Set(["provider"]);

export function isProviderFailure(errorKind: string | null | undefined): boolean {
  return errorKind !== null && errorKind !== undefined && PROVIDER_FAILURE_KINDS.has(errorKind);
}

/** Default share of tasks that may fail at the provider before the run counts as failed. */
export const DEFAULT_MAX_PROVIDER_FAILURE_SHARE = 0.2;

export interface OutcomeCounts {
  /** Tasks (task × trial) with a verdict written. */
  readonly done: number;
  /** Of those, how many failed at the provider. */
  readonly providerFailures: number;
}

export type RunOutcomeKind = "clean" | "completed_with_errors" | "failed";

export interface RunOutcomeJudgement {
  readonly kind: RunOutcomeKind;
  readonly providerFailures: number;
  /** providerFailures / done (0 when nothing is done). */
  readonly providerShare: number;
  /** Tasks whose verdict counts: done minus the provider failures. */
  readonly scored: number;
  /** Why the run failed as a whole; null unless `failed`. */
  readonly reason: string | null;
}

export function judgeRunOutcome(counts: OutcomeCounts, maxProviderFailureShare = DEFAULT_MAX_PROVIDER_FAILURE_SHARE): RunOutcomeJudgement {
  const { done } = counts;
  const providerFailures = Math.min(Math.max(0, counts.providerFailures), done);
  const providerShare = done > 0 ? providerFailures / done : 0;
  const base = { providerFailures, providerShare, scored: done - providerFailures };
  if (done > 0 && providerFailures === done) {
    return { ...base, kind: "failed", reason: `every task failed at the provider (${providerFailures}/${done})` };
  }
  if (providerShare > maxProviderFailureShare) {
    const allowed = `${(maxProviderFailureShare * 100).toFixed(0)} %`;
    return {
      ...base,
      kind: "failed",
      reason: `${providerFailures}/${done} tasks (${formatShare(providerShare)}) failed at the provider, more than the allowed ${allowed}`,
    };
  }
  return { ...base, kind: providerFailures > 0 ? "completed_with_errors" : "clean", reason: null };
}

/**
 * The status to show for a run: its stored status, except that a completed run whose tasks failed at
 * the provider reads `failed` or `completed with errors` (a run closed before the worker judged it,
 * or judged under an older rule, still shows what happened). Recorded (imported) runs are shown as
 * recorded: their errors were scored by the original evaluator as the agent's.
 */
export interface DisplayStatus {
  /** The stored status, or "completed_with_errors". */
  readonly status: string;
  readonly label: string;
  readonly tone: "neutral" | "accent" | "warn" | "good" | "bad";
  /** e.g. "3/60 tasks (5.0 %) failed at the provider"; null when no task did. */
  readonly detail: string | null;
}

const TONES: Record<string, DisplayStatus["tone"]> = {
  queued: "neutral",
  running: "accent",
  cancelling: "warn",
  cancelled: "warn",
  completed: "good",
  failed: "bad",
  budget_exceeded: "bad",
};

export function displayStatus(run: { status: string; source: string } & OutcomeCounts): DisplayStatus {
  const judged = run.source === "imported" ? null : judgeRunOutcome(run);
  const detail = judged && judged.providerFailures > 0
    ? `${judged.providerFailures}/${run.done} tasks (${formatShare(judged.providerShare)}) failed at the provider`
    : null;
  if (run.status === "completed" && judged?.kind === "failed") return { status: "failed", label: "failed", tone: "bad", detail };
  if (run.status === "completed" && judged?.kind === "completed_with_errors") {
    return { status: "completed_with_errors", label: `completed with errors · ${formatShare(judged.providerShare)} failed`, tone: "bad", detail };
  }
  return { status: run.status, label: run.status.replace("_", " "), tone: TONES[run.status] ?? "neutral", detail };
}
