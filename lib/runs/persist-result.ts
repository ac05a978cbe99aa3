// The end of a claimed result (claim.ts claims it): finish once, in one statement that writes the
// steps not written yet, the verdict (guarded by the attempt that claimed it) and the run's counters;
// or release it (back to pending) when its attempt failed for an infrastructure reason.
import type { TaskVerdict } from "@/lib/workbench/evaluate/types";
import type { ClaimedResult } from "./claim";
import type { TaskExecution } from "./execute-task";
import type { Sql } from "./sql";
import { STEP_INSERT, stepRowsSelect, type StepRow } from "./step-store";
import { judgeRunOutcome, PROVIDER_FAILURE_KINDS } from "./run-outcome";
import { redactUrlCredentialsOrNull } from "@/lib/workbench/core/url-credentials";

/** Steps a crashed earlier attempt left behind; its replacement starts the trace again at index 0. */
export async function deletePartialSteps(sql: Sql, resultId: string): Promise<void> {
  await sql.query(`DELETE FROM "Step" WHERE "resultId" = $1`, [resultId]);
}

export interface FinishedTask {
  readonly calls: readonly string[];
  readonly verdict: TaskVerdict;
  readonly errorKind: string | null;
  readonly finalAnswer: string | null;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly costUsd: number;
  readonly retries: number;
  readonly latencyMs: number;
  /** The confidence turn's reading (null or absent: not asked, none read, or the turn failed; external agents have none). */
  readonly confidence?: number | null;
  /** Steps recorded but not written yet (see step-store.ts). */
  readonly steps: readonly StepRow[];
}

/** What finishResult writes of one execution: the agent's outcome and verdict, its cost, the steps not written yet. */
export function finishedTaskOf(execution: TaskExecution, costUsd: number, steps: readonly StepRow[]): FinishedTask {
  const { outcome } = execution;
  return {
    calls: outcome.calls,
    verdict: execution.verdict,
    errorKind: execution.errorKind,
    finalAnswer: outcome.finalAnswer,
    inputTokens: outcome.inputTokens,
    outputTokens: outcome.outputTokens,
    costUsd,
    retries: outcome.retries,
    latencyMs: execution.latencyMs,
    confidence: outcome.confidence ?? null,
    steps,
  };
}

export interface RunProgress {
  readonly status: string;
  readonly tasksDone: number;
  readonly tasksTotal: number;
}

/**
 * Writes the verdict once, the steps not written yet and the run's counters, in ONE statement (so one
 * round trip and one implicit transaction; the Run row, which every finishing result updates, is locked
 * only inside the server, never across a client round trip). Whatever else must change with a finished
 * result (per-domain aggregates, …) goes in as one more data-modifying CTE reading `finished`. Returns
 * null when this attempt no longer holds the result (it was released and re-run elsewhere): nothing is
 * written then.
 */
export async function finishResult(sql: Sql, claim: ClaimedResult, done: FinishedTask): Promise<RunProgress | null> {
  const { verdict } = done;
  const { rows } = await sql.query<RunProgress>(
    `WITH finished AS (
      UPDATE "TaskResult"
         SET status = 'done', calls = $3::text[], correct = $4, "sideEffects" = $5, "exactMatch" = $6,
             error = $7, "errorKind" = $8, diagnostics = $9::jsonb, diff = $10::jsonb, "failedCalls" = $11::jsonb,
             "finalAnswer" = $12, "inputTokens" = $13, "outputTokens" = $14, "costUsd" = $15, retries = $16,
             "latencyMs" = $17, confidence = $19, "finishedAt" = now()
       WHERE id = $1 AND status = 'running' AND attempt = $2
      RETURNING "runId", "taskId", correct, "sideEffects", "exactMatch", calls
    ), steps AS (
      ${STEP_INSERT} ${stepRowsSelect(1, 18)} WHERE EXISTS (SELECT 1 FROM finished)
    )
    UPDATE "Run" SET
      "tasksDone" = "tasksDone" + 1, "correctCount" = "correctCount" + $4::boolean::int,
      "sideEffectCount" = "sideEffectCount" + $5::boolean::int, "exactMatchCount" = "exactMatchCount" + $6::boolean::int,
      "errorCount" = "errorCount" + ($7::text IS NOT NULL)::int, "inputTokens" = "inputTokens" + $13,
      "outputTokens" = "outputTokens" + $14, "costUsd" = "costUsd" + $15, retries = retries + $16,
      status = CASE WHEN status IN ('running', 'cancelling') AND "tasksDone" + 1 >= "tasksTotal"
                    THEN 'completed'::"RunStatus" ELSE status END,
      "finishedAt" = CASE WHEN "tasksDone" + 1 >= "tasksTotal" THEN now() ELSE "finishedAt" END
    WHERE id = (SELECT "runId" FROM finished)
    RETURNING status::text AS status, "tasksDone", "tasksTotal"`,
    [
      claim.id, claim.attempt, [...done.calls], verdict.correct, verdict.sideEffects, verdict.exactMatch,
      // The error and answer may quote a base URL (a provider's or fetch's message): no credentials stored.
      redactUrlCredentialsOrNull(verdict.error), done.errorKind, JSON.stringify(verdict.diagnostics), JSON.stringify(verdict.diffVsGroundTruth),
      JSON.stringify(verdict.failedCalls), redactUrlCredentialsOrNull(done.finalAnswer), done.inputTokens, done.outputTokens, done.costUsd,
      done.retries, Math.round(done.latencyMs), JSON.stringify(done.steps), done.confidence ?? null,
    ],
  );
  const progress = rows[0] ?? null;
  if (progress?.status === "completed") return { ...progress, status: await judgeCompletedRun(sql, claim.runId) };
  return progress;
}

/**
 * A run that has just completed turns `failed` when its tasks failed at the provider (run-outcome.ts):
 * every one, or more than the allowed share. Its error says why; the leaderboards rank only completed
 * runs, so such a run never appears there as a 0 % score. Returns the run's status after.
 */
export async function judgeCompletedRun(sql: Sql, runId: string): Promise<string> {
  const { rows } = await sql.query<{ done: number; providerFailures: number }>(
    `SELECT count(*)::int AS done, (count(*) FILTER (WHERE "errorKind" = ANY($2::text[])))::int AS "providerFailures"
       FROM "TaskResult" WHERE "runId" = $1 AND status = 'done'`,
    [runId, [...PROVIDER_FAILURE_KINDS]],
  );
  const judged = judgeRunOutcome(rows[0] ?? { done: 0, providerFailures: 0 });
  if (judged.kind !== "failed") return "completed";
  await sql.query(
    `UPDATE "Run" SET status = 'failed', error = $2 WHERE id = $1 AND status = 'completed' AND source <> 'imported'`,
    [runId, `Run failed: ${judged.reason}`],
  );
  return "failed";
}

/** Gives a result back (pending) after its attempt failed for an infrastructure reason or its worker stopped. */
export async function releaseResult(sql: Sql, claim: ClaimedResult): Promise<void> {
  await sql.query(`UPDATE "TaskResult" SET status = 'pending' WHERE id = $1 AND status = 'running' AND attempt = $2`, [
    claim.id,
    claim.attempt,
  ]);
}
