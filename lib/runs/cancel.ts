// Cancelling a run: it turns `cancelling` at once and its pending results turn `skipped` in the same
// statement (workers claim only queued/running runs, so none of them would ever run); results already
// running finish, and the run becomes `cancelled` when none is left running. A result given back to
// pending meanwhile (its worker stopped or died) is skipped when the run closes.
import type { PrismaClient } from "@/lib/generated/prisma/client";

export type CancelOutcome = "cancelling" | "cancelled" | "not_active";

export async function cancelRun(db: PrismaClient, runId: string): Promise<CancelOutcome> {
  // The run's claim lock first (the one workbench_claim_results takes per run): a claim locks pending
  // results and then the queued Run row, the reverse of this statement's order, so without it a cancel
  // racing a run's first claim could deadlock.
  const [, [row]] = await db.$transaction([
    db.$queryRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`workbench-run:${runId}`}, 0))::text`,
    db.$queryRaw<{ marked: number }[]>`
      WITH marked AS (
        UPDATE "Run" SET status = 'cancelling' WHERE id = ${runId} AND status IN ('queued', 'running') RETURNING id
      ), skipped AS (
        UPDATE "TaskResult" SET status = 'skipped' WHERE "runId" IN (SELECT id FROM marked) AND status = 'pending'
      )
      SELECT count(*)::int AS marked FROM marked`,
  ]);
  if (!row || row.marked === 0) return "not_active";
  return (await cancelRunIfIdle(db, runId)) ? "cancelled" : "cancelling";
}

/** Skips the pending results of the runs a `closed` CTE returns (cancelled, or stopped on their budget); shared with liveness/recovery.ts and budget.ts. */
export const SKIP_PENDING_OF_CLOSED_RUN = `UPDATE "TaskResult" SET status = 'skipped' WHERE status = 'pending' AND "runId" IN (SELECT id FROM closed)`;

/** Moves a cancelling run with nothing running to cancelled, skipping what is still pending; true when it did. */
export async function cancelRunIfIdle(db: PrismaClient, runId: string): Promise<boolean> {
  const [row] = await db.$queryRawUnsafe<{ closed: number }[]>(
    `WITH closed AS (
       UPDATE "Run" SET status = 'cancelled', "finishedAt" = now()
        WHERE id = $1 AND status = 'cancelling'
          AND NOT EXISTS (SELECT 1 FROM "TaskResult" WHERE "runId" = $1 AND status = 'running')
       RETURNING id
     ), skipped AS (${SKIP_PENDING_OF_CLOSED_RUN})
     SELECT count(*)::int AS closed FROM closed`,
    runId,
  );
  return (row?.closed ?? 0) > 0;
}
