// The backstop: a result running for longer than its run's timeout + grace goes back to pending, heartbeat
// or not (rows from before heartbeats, a task stuck in a live worker). The timeout is the run's own
// setting as RunSettings reads it (runSettingsFrom: one schema, one default). External runs' results are
// closed at their deadline by lib/external-runs instead.
import { runSettingsFrom } from "../../settings/run-settings";
import type { Sql } from "../sql";

interface RunningResult {
  readonly id: string;
  readonly attempt: number;
  readonly params: unknown;
  readonly runningMs: number;
}

/** Gives back the overdue results; the number given back. */
export async function releaseOverdueResults(sql: Sql, graceMs: number): Promise<number> {
  // Only results already past the grace can be overdue (a timeout is never negative): few rows.
  const { rows } = await sql.query<RunningResult>(
    `SELECT r.id, r.attempt, run.params, (extract(epoch FROM now() - r."startedAt") * 1000)::float8 AS "runningMs"
       FROM "TaskResult" r JOIN "Run" run ON run.id = r."runId"
      WHERE r.status = 'running' AND run.agent <> 'external'
        AND r."startedAt" < now() - $1::int * interval '1 millisecond'`,
    [graceMs],
  );
  const overdue = rows.filter((row) => row.runningMs > runSettingsFrom(row.params).timeoutMs + graceMs);
  if (overdue.length === 0) return 0;
  // Guarded by the attempt: a result claimed again since the read above is not touched.
  const { rowCount } = await sql.query(
    `UPDATE "TaskResult" r SET status = 'pending'
       FROM unnest($1::text[], $2::int[]) AS o(id, attempt)
      WHERE r.id = o.id AND r.attempt = o.attempt AND r.status = 'running'`,
    [overdue.map((row) => row.id), overdue.map((row) => row.attempt)],
  );
  return rowCount;
}
