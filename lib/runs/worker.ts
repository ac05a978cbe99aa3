// startWorker: up to N tasks at once. One dispatch loop claims pending results straight from the
// TaskResult table (claim.ts: every run within its concurrency across all workers, shared fairly
// between them); liveness/ keeps this worker's row alive, releases the results of workers that went
// silent, and on stop hands back what this worker still holds.
import { setMaxListeners } from "node:events";
import { hostname } from "node:os";
import { randomUUID } from "node:crypto";
import { requireDatabaseUrl } from "@/lib/env";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { withDbRetry } from "@/lib/db-retry";
import { claimResults, releaseUnheldClaims, type ClaimedResult } from "./claim";
import { startLiveness } from "./liveness";
import { releaseResult } from "./persist-result";
import { resumeStalledEstimatedRuns } from "./estimated-run";
import { processTaskJob, type JobOutcome } from "./process-task-job";
import { createSqlPool } from "./sql";
import { LostClaimError } from "./step-store";
import { listenForWakeUps, sleepUnlessWoken } from "./wake";
import { WORKER_DEFAULTS } from "./worker-options";
import { errorMessage } from "@/lib/errors";
import { flushProcessTracing } from "@/lib/interop/otel/trace-result";

/** Tasks one worker process runs at once: slots mostly wait on the model (WORKBENCH_WORKER_CONCURRENCY). */
export const DEFAULT_WORKER_SLOTS = WORKER_DEFAULTS.slots;

export interface WorkerOptions {
  /** Tasks processed at once by this process (default DEFAULT_WORKER_SLOTS). */
  readonly concurrency?: number;
  /** Aborting it stops the worker like stop(). */
  readonly signal?: AbortSignal;
  readonly db?: PrismaClient;
  /** The database holding the runs (default DATABASE_URL); the worker opens its own small pool on it. */
  readonly databaseUrl?: string;
  /** Longest wait between polls when nothing is claimable (default 1000 ms). */
  readonly idlePollMs?: number;
  /** How often this worker's heartbeat is written and dead workers are looked for (default 5 s). */
  readonly heartbeatMs?: number;
  /** A worker silent for this long is presumed dead and its results are released (default 15 s). */
  readonly staleMs?: number;
  /** How long past its timeout a running result is presumed abandoned, heartbeat or not (default 30 s). */
  readonly staleGraceMs?: number;
  /**
   * A process on this host known to be gone whose workers' tasks are taken back at start, without
   * waiting for the stale limit (the web server `npm start` restarted after a crash: WORKBENCH_PREVIOUS_SERVER_PID).
   */
  readonly predecessorPid?: number;
  readonly log?: (message: string) => void;
}

export interface StopOptions {
  /** Wait at most this long for the tasks in flight, then cut them short and release them (default: wait). */
  readonly graceMs?: number;
}

export interface WorkerHandle {
  readonly id: string;
  readonly stats: Record<JobOutcome | "failed", number>;
  /** Stops claiming and waits for the tasks in flight to finish (or, after `graceMs`, releases them). */
  stop(options?: StopOptions): Promise<void>;
}

export async function startWorker(options: WorkerOptions = {}): Promise<WorkerHandle> {
  const log = options.log ?? ((message: string) => console.log(`[worker] ${message}`));
  const db = options.db ?? (await import("@/lib/db")).prisma;
  const slots = Math.max(1, options.concurrency ?? DEFAULT_WORKER_SLOTS);
  // Set whenever the database failed us: a claim may have committed with its reply lost, or (a crash of a
  // server without synchronous commit) a finished result may be back to `running`. Either way results
  // stand `running` under this worker that it does not run; the next claim first gives them back.
  let mayHoldOrphans = false;
  const databaseUrl = options.databaseUrl ?? requireDatabaseUrl("the worker needs the database that holds the runs");
  const sql = createSqlPool(databaseUrl, {
    max: Math.min(slots + 2, 20),
    onError: (error) => {
      mayHoldOrphans = true;
      log(`database connection lost: ${error.message}`);
    },
  });
  const me = { id: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`, slots };
  const staleMs = options.staleMs ?? WORKER_DEFAULTS.staleMs;
  const idlePollMs = options.idlePollMs ?? WORKER_DEFAULTS.idlePollMs;
  const stats = { done: 0, lost: 0, released: 0, failed: 0 };
  const stopping = new AbortController(); // no more claims
  const cutShort = new AbortController(); // abort the tasks in flight (stop with a grace period)
  setMaxListeners(0, stopping.signal, cutShort.signal); // every task and idle wait listens

  const wakeUps = listenForWakeUps(databaseUrl, (error) => log(`wake-up connection lost (polling meanwhile): ${error.message}`));
  const liveness = await startLiveness(sql, me, {
    heartbeatMs: options.heartbeatMs ?? WORKER_DEFAULTS.heartbeatMs,
    staleMs,
    staleGraceMs: options.staleGraceMs ?? WORKER_DEFAULTS.staleGraceMs,
    predecessorPid: options.predecessorPid,
    eachBeat: async () => {
      await wakeUps.ensure().catch((error: unknown) => log(`wake-up connection failed (polling meanwhile): ${describe(error)}`));
      // An adaptive estimated run whose next task was never queued (its worker stopped in between) gets it.
      await resumeStalledEstimatedRuns(db).catch((error: unknown) => log(`estimated runs not resumed: ${describe(error)}`));
    },
    log,
  }).catch(async (error: unknown) => {
    await wakeUps.close();
    await sql.end();
    throw error;
  });

  // By result id: the claim each task runs (a lost attempt may still end after a later claim of the
  // same result) and the task itself.
  const inFlight = new Map<string, { readonly claim: ClaimedResult; readonly running: Promise<void> }>();
  const running = () => [...inFlight.values()].map((task) => task.running);
  // Tasks whose agent is done while their verdict is written: their place in the run's concurrency is
  // free (claim.ts, `settling`). The next claim takes it, and their write goes out once that claim has
  // started its tasks, so a round of tasks ending at once starts the next round before its bookkeeping.
  const settling = new Set<string>();
  let slotFreed = handOff(); // resolved when a task settles after the current claim began: wakes the dispatcher
  let nextClaim = handOff(); // resolved when the next claim (counting every task settling now) is done

  function settle(claim: ClaimedResult): Promise<void> {
    // A lost attempt that ends after the result was claimed again must not free the new attempt's place.
    if (stopping.signal.aborted || inFlight.get(claim.id)?.claim !== claim) return Promise.resolve();
    settling.add(claim.id);
    slotFreed.resolve(); // stays resolved until the next claim begins, so a wake-up during a claim is not lost
    return nextClaim.done;
  }

  // One loop feeds every slot: it claims as many results as there are free slots, and when nothing is
  // claimable (no pending work, or every run at its concurrency or this worker's share) it waits for a
  // slot to free up, a local launch, or the poll interval, instead of N slots each polling the database.
  async function dispatch(): Promise<void> {
    let idleMs = 10;
    while (!stopping.signal.aborted) {
      const busy = inFlight.size - settling.size;
      if (busy >= slots) {
        await Promise.race([...running(), slotFreed.done]);
        continue;
      }
      const round = nextClaim;
      nextClaim = handOff();
      slotFreed = handOff();
      let claimed: ClaimedResult[] = [];
      try {
        if (mayHoldOrphans) {
          const orphans = await releaseUnheldClaims(sql, me.id, [...inFlight.keys()]);
          mayHoldOrphans = false;
          if (orphans > 0) log(`released ${orphans} result(s) this worker held without running them (database failure)`);
        }
        claimed = await claimResults(sql, { workerId: me.id, max: slots - busy, liveMs: staleMs, settling: [...settling] });
      } catch (error) {
        mayHoldOrphans = true;
        log(`claim failed: ${describe(error)}`);
      }
      for (const claim of claimed) {
        settling.delete(claim.id);
        const task = {
          claim,
          running: handle(claim).finally(() => {
            if (inFlight.get(claim.id) !== task) return; // a later claim of the same result runs now
            inFlight.delete(claim.id);
            settling.delete(claim.id);
          }),
        };
        inFlight.set(claim.id, task);
      }
      round.resolve();
      if (claimed.length > 0) {
        idleMs = 10;
        continue;
      }
      // Nothing claimable. With tasks in flight, the next room this worker can take is mostly one of
      // them finishing (or a launch's wake-up), so the database is polled only at the idle interval: a
      // fast poll here is a wasted claim per worker every few ms, all landing when a round of tasks
      // ends and the CPU is busiest. An idle worker backs off from 10 ms.
      await Promise.race([sleepUnlessWoken(inFlight.size > 0 ? idlePollMs : idleMs, stopping.signal), ...running(), slotFreed.done]);
      idleMs = Math.min(idleMs * 2, idlePollMs);
    }
    nextClaim.resolve(); // no more claims: tasks settling now write their verdicts at once
    await Promise.all(running());
  }

  async function handle(claim: ClaimedResult): Promise<void> {
    try {
      stats[await processTaskJob(db, sql, claim, { shutdown: cutShort.signal, settle: () => settle(claim) })] += 1;
    } catch (error) {
      if (error instanceof LostClaimError) {
        stats.lost += 1;
        return;
      }
      stats.failed += 1;
      mayHoldOrphans = true;
      log(`task ${claim.id} failed (attempt ${claim.attempt}), it will be run again: ${describe(error)}`);
      // Back off while holding the claim, so a failing database or dataset is not hammered by retries.
      await sleepUnlessWoken(Math.min(250 * 2 ** claim.attempt, 10_000), cutShort.signal);
      // The release is guarded by the attempt, so repeating it while PostgreSQL restarts is safe.
      await withDbRetry(() => releaseResult(sql, claim)).catch((releaseError: unknown) => log(`release failed: ${describe(releaseError)}`));
    }
  }

  const finished = dispatch();
  let stopped: Promise<void> | undefined;
  const stop = (stopOptions: StopOptions = {}) =>
    (stopped ??= (async () => {
      stopping.abort();
      liveness.pause();
      const grace = stopOptions.graceMs === undefined ? undefined : setTimeout(() => cutShort.abort(), stopOptions.graceMs);
      await finished;
      clearTimeout(grace);
      await liveness.leave();
      await wakeUps.close();
      await sql.end();
      await flushProcessTracing(); // bounded: an unreachable collector does not hold the stop
    })());
  options.signal?.addEventListener("abort", () => void stop(), { once: true });
  return { id: me.id, stats, stop };
}

/** A promise and its resolve: the dispatcher and the tasks hand slots to each other with these. */
function handOff(): { readonly done: Promise<void>; resolve(): void } {
  let resolve!: () => void;
  const done = new Promise<void>((resolved) => (resolve = resolved));
  return { done, resolve };
}


/** Error text for logs: the message only (provider errors are already redacted by lib/providers). */
function describe(error: unknown): string {
  return errorMessage(error);
}
