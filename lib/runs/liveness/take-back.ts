// Taking back the tasks of a worker that is gone: silent past the stale limit (kill -9, OOM, a lost
// machine), or a process on this host known to be gone (a crashed or stopped web server, named by its
// pid). A taken-back result goes back to pending and is claimed again; the dead attempt can no longer
// write (steps and verdict are guarded by the attempt).
import { hostname } from "node:os";
import { CONNECTION_NAME, connectionName } from "@/lib/db-pool";
import { errorMessage } from "@/lib/errors";
import type { Sql } from "../sql";

export interface ReleasedResult {
  readonly id: string;
  readonly runId: string;
}

/**
 * Forgets workers silent for longer than `staleMs` and gives their running results back (pending).
 * One statement, so a worker claiming at the same moment sees either both changes or neither.
 */
export async function releaseDeadWorkers(sql: Sql, staleMs: number): Promise<ReleasedResult[]> {
  const { rows } = await sql.query<ReleasedResult>(
    `WITH dead AS (
       DELETE FROM "Worker" WHERE "heartbeatAt" < now() - $1::int * interval '1 millisecond' RETURNING id
     )
     UPDATE "TaskResult" SET status = 'pending'
      WHERE status = 'running' AND "workerId" IN (SELECT id FROM dead)
     RETURNING id, "runId"`,
    [staleMs],
  );
  return rows;
}

/**
 * Forgets the workers of a process on this host that is known to be gone (`npm start` restarting a
 * crashed web server names the crashed one: its in-process worker died with it) and gives their running
 * results back at once, instead of after the stale limit. `exceptId`: the caller's own row (a reused pid).
 */
export async function releaseWorkersOfProcess(sql: Sql, pid: number, exceptId: string): Promise<ReleasedResult[]> {
  const { rows } = await sql.query<ReleasedResult>(
    `WITH gone AS (
       DELETE FROM "Worker" WHERE host = $1 AND pid = $2::int AND id <> $3 RETURNING id
     )
     UPDATE "TaskResult" SET status = 'pending'
      WHERE status = 'running' AND "workerId" IN (SELECT id FROM gone)
     RETURNING id, "runId"`,
    [hostname(), pid, exceptId],
  );
  return rows;
}

/**
 * Ends the connections a gone process on this host left behind (found by their CONNECTION_NAME),
 * waiting up to `waitMs` for each to go. Call before releasing its results: PostgreSQL may still be
 * running a statement the process sent just before it died (a claim, a verdict), which would otherwise
 * commit after the release and leave results `running` under a worker that no longer exists. Ended,
 * such a statement rolls back. Returns how many connections were ended.
 */
export async function endConnectionsOfProcess(sql: Sql, pid: number, waitMs = 5_000): Promise<number> {
  // Any nonce of that pid, then this host (its name may be cut short at 63 bytes). MATERIALIZED: the
  // filter runs before pg_terminate_backend, never interleaved with it by the planner.
  const { rows } = await sql.query<{ ended: number }>(
    `WITH leftover AS MATERIALIZED (
       SELECT pid FROM pg_stat_activity
        WHERE application_name LIKE $1 AND application_name <> $2 AND starts_with($3, split_part(application_name, ':', 4))
     )
     SELECT (count(*) FILTER (WHERE pg_terminate_backend(pid, $4::int)))::int AS ended FROM leftover`,
    [connectionName(pid, "%", "%"), CONNECTION_NAME, hostname(), waitMs],
  );
  return rows[0]?.ended ?? 0;
}

/**
 * Everything a process on this host that is gone held: its last statements ended first (so none commits
 * after the release; without the right to end them, the release still covers everything committed),
 * then its workers forgotten and their running results given back. `exceptId`: the caller's own worker.
 */
export async function takeBackProcess(
  sql: Sql,
  pid: number,
  options: { readonly exceptId?: string; readonly log: (message: string) => void },
): Promise<ReleasedResult[]> {
  await endConnectionsOfProcess(sql, pid).catch((error: unknown) => {
    options.log(`could not end the connections of process ${pid}: ${errorMessage(error)}`);
  });
  return releaseWorkersOfProcess(sql, pid, options.exceptId ?? "").catch((error: unknown) => {
    options.log(`could not take back the tasks of process ${pid}: ${errorMessage(error)}`);
    return [];
  });
}
