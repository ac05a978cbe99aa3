// Claiming work: the TaskResult table is the queue. A pending result of an active run is taken with
// `workbench_claim_results` (a SQL function: its source is claim-results.sql), which holds every
// run within its `concurrency` across any number of workers, processes and machines, and splits a
// run's concurrency fairly between live workers. The claim bumps the result's attempt, which guards
// every later write (steps, verdict), so a result is scored exactly once even if it is run twice.
import type { Sql } from "./sql";

export interface ClaimedResult {
  readonly id: string;
  readonly runId: string;
  readonly taskKey: string;
  readonly trial: number;
  /** 1 for the first execution; every later claim (after a crash or release) adds one. */
  readonly attempt: number;
  /** For replay runs: the recorded calls to replay (see launch.ts). */
  readonly calls: string[];
}

/** A worker silent for this long is presumed dead: its results are released (see liveness/take-back.ts). */
export const DEFAULT_WORKER_STALE_MS = 15_000;

export interface ClaimRequest {
  /** Who runs the results: a Worker row's id (fair share applies) or any other stable id (an external agent). */
  readonly workerId: string;
  /** At most this many results (default 1). */
  readonly max?: number;
  /** Only this run's results; by default any active run's, oldest run first. */
  readonly runId?: string;
  /** Workers whose heartbeat is older than this do not count for fair shares (default 15 s). */
  readonly liveMs?: number;
  /**
   * Results this worker holds whose agent has finished, their verdict still being written: they no
   * longer take a place in their run's concurrency or this worker's share (no model request is in
   * flight for them), so the next task can start before the write returns.
   */
  readonly settling?: readonly string[];
}

/** The one claim statement; every claimer (workers, external agents) sends it with claimParameters. */
export const CLAIM_RESULTS_SQL = `SELECT * FROM workbench_claim_results($1, $2::int, $3, $4::int, $5::text[])`;

export function claimParameters(request: ClaimRequest): unknown[] {
  return [request.workerId, Math.max(1, request.max ?? 1), request.runId ?? null, request.liveMs ?? DEFAULT_WORKER_STALE_MS, [...(request.settling ?? [])]];
}

/** Takes up to `max` pending results; none when every active run is at its concurrency or has none left. */
export async function claimResults(sql: Sql, request: ClaimRequest): Promise<ClaimedResult[]> {
  const { rows } = await sql.query<ClaimedResult>(CLAIM_RESULTS_SQL, claimParameters(request));
  return rows;
}

/**
 * After a claim whose reply was lost (the connection died mid-statement), the claim may have committed:
 * results would then be `running` under this worker with nobody running them, holding their run's
 * concurrency until the overdue backstop. Gives back every result this worker holds that it is not
 * actually running (`held`); returns how many.
 */
export async function releaseUnheldClaims(sql: Sql, workerId: string, held: readonly string[]): Promise<number> {
  const { rowCount } = await sql.query(
    `UPDATE "TaskResult" SET status = 'pending' WHERE status = 'running' AND "workerId" = $1 AND NOT (id = ANY($2::text[]))`,
    [workerId, [...held]],
  );
  return rowCount;
}
