// Recovery, run by every worker on its heartbeat: (1) results of workers whose heartbeat stopped go
// back to pending (take-back.ts); (2) the overdue backstop (overdue.ts); (3) a cancelling run left with
// nothing running (its last task's worker died) becomes cancelled, since nobody would finish it
// otherwise; (4) a result given back to pending after its run stopped on its budget is skipped, as the
// stop skipped the others.
import { SKIP_PENDING_OF_CLOSED_RUN } from "../cancel";
import type { Sql } from "../sql";
import { releaseOverdueResults } from "./overdue";
import { releaseDeadWorkers } from "./take-back";

export interface RecoveryOptions {
  /** A worker silent for this long is dead. */
  readonly staleMs: number;
  /** How long past its run's timeout a running result is presumed abandoned. */
  readonly graceMs: number;
}

/** The number of results given back. */
export async function recoverResults(sql: Sql, options: RecoveryOptions): Promise<number> {
  const fromDeadWorkers = await releaseDeadWorkers(sql, options.staleMs);
  const overdue = await releaseOverdueResults(sql, options.graceMs);
  await settleCancellingRuns(sql);
  await skipPendingOfBudgetStoppedRuns(sql);
  return fromDeadWorkers.length + overdue;
}

async function settleCancellingRuns(sql: Sql): Promise<void> {
  await sql.query(
    `WITH closed AS (
       UPDATE "Run" run SET status = 'cancelled', "finishedAt" = now()
        WHERE run.status = 'cancelling'
          AND NOT EXISTS (SELECT 1 FROM "TaskResult" r WHERE r."runId" = run.id AND r.status = 'running')
        RETURNING run.id
     ) ${SKIP_PENDING_OF_CLOSED_RUN}`,
  );
}

/** Workers claim only queued/running runs: a pending result of a budget_exceeded run would never run. */
async function skipPendingOfBudgetStoppedRuns(sql: Sql): Promise<void> {
  await sql.query(
    `UPDATE "TaskResult" r SET status = 'skipped'
       FROM "Run" run
      WHERE r."runId" = run.id AND r.status = 'pending' AND run.status = 'budget_exceeded'`,
  );
}
