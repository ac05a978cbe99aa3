// The task queue: one pg-boss job per (run, task, trial) result. pg-boss owns delivery, retries and
// expiry of jobs whose worker died; the TaskResult row (claimed atomically, see persist-result.ts) owns
// "exactly one scored result", so a job delivered twice is harmless.
import { PgBoss } from "pg-boss";
import { MAX_CONCURRENCY } from "./launch-input";

export const TASK_QUEUE = "workbench-task";

export interface TaskJobData {
  readonly resultId: string;
  readonly runId: string;
}

/**
 * A run's `concurrency` is enforced by pg-boss group concurrency across every worker process: each
 * job carries its run as the group and the run's concurrency as the tier; a fetch never returns a job
 * whose group already has `tier` active jobs.
 */
export const RUN_CONCURRENCY_TIERS: Record<string, number> = Object.fromEntries(
  Array.from({ length: MAX_CONCURRENCY }, (_, index) => [String(index + 1), index + 1]),
);
export const GROUP_CONCURRENCY = { default: 4, tiers: RUN_CONCURRENCY_TIERS };

/**
 * Seconds beyond a task's own timeout before pg-boss itself considers the job's worker dead and retries
 * it: the backstop when no worker runs recovery (recovery.ts acts sooner).
 */
const EXPIRY_GRACE_SECONDS = 60;

export interface BossOptions {
  readonly connectionString: string;
  /** How often pg-boss's supervisor fails expired jobs (default 60 s; tests use less). */
  readonly superviseIntervalSeconds?: number;
  readonly max?: number;
}

/** Starts pg-boss (installs its schema on first use) and makes sure the task queue exists. */
export async function startBoss(options: BossOptions): Promise<PgBoss> {
  const boss = new PgBoss({
    connectionString: options.connectionString,
    max: options.max ?? 20,
    superviseIntervalSeconds: options.superviseIntervalSeconds ?? 60,
    monitorIntervalSeconds: options.superviseIntervalSeconds ?? 60,
    schedule: false,
  });
  // pg-boss reports background errors as events; without a listener Node would crash the process.
  boss.on("error", (error) => console.error("[pg-boss]", error.message));
  await boss.start();
  await ensureTaskQueue(boss);
  return boss;
}

async function ensureTaskQueue(boss: PgBoss): Promise<void> {
  if (await boss.getQueue(TASK_QUEUE)) return;
  try {
    await boss.createQueue(TASK_QUEUE, { retryLimit: 5, retryDelay: 1, retryBackoff: true, deleteAfterSeconds: 86_400 });
  } catch (error) {
    // Another process may have created it between our check and our insert.
    if (!(await boss.getQueue(TASK_QUEUE))) throw error;
  }
}

export interface EnqueueRequest {
  readonly runId: string;
  readonly concurrency: number;
  readonly timeoutMs: number;
  readonly resultIds: readonly string[];
}

/** One job per result, inserted in bulk. */
export async function enqueueTasks(boss: PgBoss, request: EnqueueRequest): Promise<void> {
  const tier = String(Math.min(Math.max(request.concurrency, 1), MAX_CONCURRENCY));
  const expireInSeconds = Math.ceil(request.timeoutMs / 1000) + EXPIRY_GRACE_SECONDS;
  const jobs = request.resultIds.map((resultId) => ({
    data: { resultId, runId: request.runId } satisfies TaskJobData,
    group: { id: request.runId, tier },
    expireInSeconds,
  }));
  for (let start = 0; start < jobs.length; start += 1000) {
    await boss.insert(TASK_QUEUE, jobs.slice(start, start + 1000));
  }
}
