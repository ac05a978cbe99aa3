// startWorker: up to N tasks at once, fed from pg-boss by one fetch loop. Fetching ourselves (rather
// than boss.work) lets a freed slot take the next job at once, and the group-concurrency fetch keeps
// every run within its own `concurrency` across all worker processes.
import { setMaxListeners } from "node:events";
import type { PgBoss } from "pg-boss";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { processTaskJob, type JobOutcome } from "./process-task-job";
import { GROUP_CONCURRENCY, startBoss, TASK_QUEUE, type TaskJobData } from "./queue";
import { recoverStaleResults } from "./recovery";
import { sqlFromBoss } from "./sql";
import { sleepUnlessWoken } from "./wake";

export interface WorkerOptions {
  /** Tasks processed at once by this process (default 32: slots mostly wait on the model). */
  readonly concurrency?: number;
  /** Aborting it stops the worker like stop(). */
  readonly signal?: AbortSignal;
  readonly db?: PrismaClient;
  /** A started pg-boss; by default the worker starts (and later stops) its own from DATABASE_URL. */
  readonly boss?: PgBoss;
  /** Longest wait between polls when the queue is empty (default 1000 ms). */
  readonly idlePollMs?: number;
  /** How often stale `running` results are recovered (default 30 s; also once at start). */
  readonly recoveryIntervalMs?: number;
  /** How long past its timeout a running result is presumed dead (default 30 s). */
  readonly staleGraceMs?: number;
  readonly log?: (message: string) => void;
}

export interface WorkerHandle {
  readonly stats: Record<JobOutcome | "failed", number>;
  /** Stops fetching and waits for the tasks in flight to finish. */
  stop(): Promise<void>;
}

export async function startWorker(options: WorkerOptions = {}): Promise<WorkerHandle> {
  const log = options.log ?? ((message: string) => console.log(`[worker] ${message}`));
  const db = options.db ?? (await import("@/lib/db")).prisma;
  const ownBoss = !options.boss;
  const boss = options.boss ?? (await startBoss({ connectionString: requireDatabaseUrl() }));
  const sql = sqlFromBoss(boss);
  const idlePollMs = options.idlePollMs ?? 1000;
  const graceMs = options.staleGraceMs ?? 30_000;
  const stats = { done: 0, skipped: 0, lost: 0, failed: 0 };
  const stopping = new AbortController();
  setMaxListeners(0, stopping.signal); // every idle slot waits on it

  const recover = () =>
    recoverStaleResults(db, boss, graceMs)
      .then((count) => count > 0 && log(`recovered ${count} result(s) from dead workers`))
      .catch((error: unknown) => log(`recovery failed: ${describe(error)}`));
  await recover();
  const recoveryTimer = setInterval(recover, options.recoveryIntervalMs ?? 30_000);
  recoveryTimer.unref();

  const slots = Math.max(1, options.concurrency ?? 32);
  const inFlight = new Set<Promise<void>>();

  // One fetch loop feeds every slot: it asks pg-boss for as many jobs as there are free slots, and when
  // nothing is fetchable (queue empty, or every run at its concurrency) it waits for a slot to free up,
  // a local launch, or the poll interval, instead of N slots each polling the database.
  async function dispatch(): Promise<void> {
    let idleMs = 10;
    while (!stopping.signal.aborted) {
      if (inFlight.size >= slots) {
        await Promise.race(inFlight);
        continue;
      }
      let jobs: { id: string; data: TaskJobData }[] = [];
      try {
        jobs = await boss.fetch<TaskJobData>(TASK_QUEUE, { batchSize: Math.min(slots - inFlight.size, 32), groupConcurrency: GROUP_CONCURRENCY });
      } catch (error) {
        log(`fetch failed: ${describe(error)}`);
      }
      for (const job of jobs) {
        const running: Promise<void> = handle(job).finally(() => inFlight.delete(running));
        inFlight.add(running);
      }
      if (jobs.length > 0) {
        idleMs = 10;
        continue;
      }
      await Promise.race([sleepUnlessWoken(idleMs, stopping.signal), ...inFlight]);
      idleMs = Math.min(idleMs * 2, idlePollMs);
    }
    await Promise.all(inFlight);
  }

  async function handle(job: { id: string; data: TaskJobData }): Promise<void> {
    try {
      const outcome = await processTaskJob(db, sql, job.data);
      stats[outcome] += 1;
      await boss.complete(TASK_QUEUE, job.id);
    } catch (error) {
      stats.failed += 1;
      log(`task ${job.data.resultId} failed, pg-boss will retry it: ${describe(error)}`);
      await boss.fail(TASK_QUEUE, job.id, { message: describe(error) }).catch(() => undefined);
    }
  }

  const finished = dispatch();
  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      stopping.abort();
      clearInterval(recoveryTimer);
      await finished;
      if (ownBoss) await boss.stop({ graceful: false, close: true });
    })());
  options.signal?.addEventListener("abort", () => void stop(), { once: true });
  return { stats, stop };
}

function requireDatabaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set: the worker needs the database that holds the runs");
  return url;
}

/** Error text for logs: the message only (provider errors are already redacted by lib/providers). */
function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
