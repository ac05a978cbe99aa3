// The TaskResult life cycle in SQL: claim (pending → running, attempt + 1), finish once (guarded by
// the attempt that claimed it, with the run's aggregates incremented in the same statement), release.
// Single statements so two workers racing on one result cannot both win.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { TaskVerdict } from "@/lib/workbench/evaluate/types";

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
export async function claimResult(db: PrismaClient, resultId: string): Promise<ClaimedResult | null> {
  const rows = await db.$queryRaw<ClaimedResult[]>`
    WITH claimed AS (
      UPDATE "TaskResult" r
         SET status = 'running', attempt = r.attempt + 1, "startedAt" = now(), "finishedAt" = NULL
       WHERE r.id = ${resultId} AND r.status = 'pending'
         AND EXISTS (SELECT 1 FROM "Run" WHERE id = r."runId" AND status IN ('queued', 'running'))
      RETURNING r.id, r."runId", r."taskId", r.trial, r.attempt, r.calls
    ), started AS (
      UPDATE "Run" SET status = 'running', "startedAt" = now()
       WHERE id = (SELECT "runId" FROM claimed) AND status = 'queued'
    )
    SELECT c.id, c."runId", t.key AS "taskKey", c.trial, c.attempt, c.calls
      FROM claimed c JOIN "Task" t ON t.id = c."taskId"`;
  return rows[0] ?? null;
}

/** Steps a crashed earlier attempt left behind; its replacement starts the trace again at index 0. */
export async function deletePartialSteps(db: PrismaClient, resultId: string): Promise<void> {
  await db.step.deleteMany({ where: { resultId } });
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
export async function finishResult(db: PrismaClient, claim: ClaimedResult, done: FinishedTask): Promise<RunProgress | null> {
  const { verdict } = done;
  const correct = verdict.correct ? 1 : 0;
  const sideEffect = verdict.sideEffects ? 1 : 0;
  const exact = verdict.exactMatch ? 1 : 0;
  const errored = verdict.error ? 1 : 0;
  const rows = await db.$queryRaw<RunProgress[]>`
    WITH finished AS (
      UPDATE "TaskResult"
         SET status = 'done', calls = ${[...done.calls]}::text[], correct = ${verdict.correct},
             "sideEffects" = ${verdict.sideEffects}, "exactMatch" = ${verdict.exactMatch},
             error = ${verdict.error}, "errorKind" = ${done.errorKind},
             diagnostics = ${JSON.stringify(verdict.diagnostics)}::jsonb,
             diff = ${JSON.stringify(verdict.diffVsGroundTruth)}::jsonb,
             "failedCalls" = ${JSON.stringify(verdict.failedCalls)}::jsonb,
             "finalAnswer" = ${done.finalAnswer}, "inputTokens" = ${done.inputTokens},
             "outputTokens" = ${done.outputTokens}, "costUsd" = ${done.costUsd}, retries = ${done.retries},
             "latencyMs" = ${Math.round(done.latencyMs)}, "finishedAt" = now()
       WHERE id = ${claim.id} AND status = 'running' AND attempt = ${claim.attempt}
      RETURNING "runId"
    )
    UPDATE "Run" SET
      "tasksDone" = "tasksDone" + 1, "correctCount" = "correctCount" + ${correct},
      "sideEffectCount" = "sideEffectCount" + ${sideEffect}, "exactMatchCount" = "exactMatchCount" + ${exact},
      "errorCount" = "errorCount" + ${errored}, "inputTokens" = "inputTokens" + ${done.inputTokens},
      "outputTokens" = "outputTokens" + ${done.outputTokens}, "costUsd" = "costUsd" + ${done.costUsd},
      retries = retries + ${done.retries},
      status = CASE WHEN status IN ('running', 'cancelling') AND "tasksDone" + 1 >= "tasksTotal"
                    THEN 'completed'::"RunStatus" ELSE status END,
      "finishedAt" = CASE WHEN "tasksDone" + 1 >= "tasksTotal" THEN now() ELSE "finishedAt" END
    WHERE id = (SELECT "runId" FROM finished)
    RETURNING status::text AS status, "tasksDone", "tasksTotal"`;
  return rows[0] ?? null;
}

/** Gives a result back (pending) after its attempt failed for an infrastructure reason. */
export async function releaseResult(db: PrismaClient, claim: ClaimedResult): Promise<void> {
  await db.$executeRaw`
    UPDATE "TaskResult" SET status = 'pending'
     WHERE id = ${claim.id} AND status = 'running' AND attempt = ${claim.attempt}`;
}
