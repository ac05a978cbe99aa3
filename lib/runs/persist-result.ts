// The TaskResult life cycle in SQL: claim (pending → running, attempt + 1), finish once (guarded by
// the attempt that claimed it, with the run's aggregates incremented in the same statement), release.
// Single statements so two workers racing on one result cannot both win.
import type { TaskVerdict } from "@/lib/workbench/evaluate/types";
import type { Sql } from "./sql";

export interface ClaimedResult {
  readonly id: string;
  readonly runId: string;
  readonly taskKey: string;
  readonly trial: number;
  readonly attempt: number;
  /** For replay runs: the recorded calls to replay (see launch.ts). */
  readonly calls: string[];
}

/**
 * Takes a pending result of a queued/running run and marks the run running. Returns null when there
 * is nothing to do: already done, held by another worker, or the run is cancelling/cancelled/failed.
 */
export async function claimResult(sql: Sql, resultId: string): Promise<ClaimedResult | null> {
  const { rows } = await sql.query<ClaimedResult>(`
    WITH claimed AS (
      UPDATE "TaskResult" r
         SET status = 'running', attempt = r.attempt + 1, "startedAt" = now(), "finishedAt" = NULL
       WHERE r.id = $1 AND r.status = 'pending'
         AND EXISTS (SELECT 1 FROM "Run" WHERE id = r."runId" AND status IN ('queued', 'running'))
      RETURNING r.id, r."runId", r."taskId", r.trial, r.attempt, r.calls
    ), started AS (
      UPDATE "Run" SET status = 'running', "startedAt" = now()
       WHERE id = (SELECT "runId" FROM claimed) AND status = 'queued'
    )
    SELECT c.id, c."runId", t.key AS "taskKey", c.trial, c.attempt, c.calls
      FROM claimed c JOIN "Task" t ON t.id = c."taskId"`,
    [resultId],
  );
  return rows[0] ?? null;
}

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
}

export interface RunProgress {
  readonly status: string;
  readonly tasksDone: number;
  readonly tasksTotal: number;
}

/**
 * Writes the verdict once and folds it into the run's counters. Returns null when this attempt no
 * longer holds the result (it was recovered and re-run elsewhere): nothing is written then.
 */
export async function finishResult(sql: Sql, claim: ClaimedResult, done: FinishedTask): Promise<RunProgress | null> {
  const { verdict } = done;
  const { rows } = await sql.query<RunProgress>(
    `WITH finished AS (
      UPDATE "TaskResult"
         SET status = 'done', calls = $3::text[], correct = $4, "sideEffects" = $5, "exactMatch" = $6,
             error = $7, "errorKind" = $8, diagnostics = $9::jsonb, diff = $10::jsonb, "failedCalls" = $11::jsonb,
             "finalAnswer" = $12, "inputTokens" = $13, "outputTokens" = $14, "costUsd" = $15, retries = $16,
             "latencyMs" = $17, "finishedAt" = now()
       WHERE id = $1 AND status = 'running' AND attempt = $2
      RETURNING "runId"
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
      verdict.error, done.errorKind, JSON.stringify(verdict.diagnostics), JSON.stringify(verdict.diffVsGroundTruth),
      JSON.stringify(verdict.failedCalls), done.finalAnswer, done.inputTokens, done.outputTokens, done.costUsd,
      done.retries, Math.round(done.latencyMs),
    ],
  );
  return rows[0] ?? null;
}

/** Gives a result back (pending) after its attempt failed for an infrastructure reason. */
export async function releaseResult(sql: Sql, claim: ClaimedResult): Promise<void> {
  await sql.query(`UPDATE "TaskResult" SET status = 'pending' WHERE id = $1 AND status = 'running' AND attempt = $2`, [
    claim.id,
    claim.attempt,
  ]);
}
