// A worker's own row: created on start, its heartbeat refreshed every few seconds, deleted on a clean
// stop (with whatever it still holds going back to pending). Silence is what take-back.ts reads as death.
import { hostname } from "node:os";
import type { Sql } from "../sql";

export interface WorkerIdentity {
  readonly id: string;
  readonly slots: number;
}

/** Creates (or revives) the worker's row with a fresh heartbeat. Also the heartbeat itself. */
export async function beat(sql: Sql, worker: WorkerIdentity): Promise<void> {
  await sql.query(
    `INSERT INTO "Worker" (id, host, pid, slots, "startedAt", "heartbeatAt") VALUES ($1, $2, $3, $4, now(), now())
     ON CONFLICT (id) DO UPDATE SET "heartbeatAt" = now(), slots = EXCLUDED.slots`,
    [worker.id, hostname(), process.pid, worker.slots],
  );
}

/**
 * A stopping worker leaves at once, so fair shares no longer count its slots; anything it still holds
 * (a release that failed, a task cut short) goes back to pending with it.
 */
export async function unregister(sql: Sql, workerId: string): Promise<number> {
  const { rowCount } = await sql.query(
    `WITH gone AS (DELETE FROM "Worker" WHERE id = $1 RETURNING id)
     UPDATE "TaskResult" SET status = 'pending' WHERE status = 'running' AND "workerId" IN (SELECT id FROM gone)`,
    [workerId],
  );
  return rowCount;
}
