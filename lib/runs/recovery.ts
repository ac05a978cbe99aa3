// Recovery from dead workers. A task cannot legitimately stay `running` longer than its timeout (the
// agent is aborted then), so a result running for longer than timeout + grace belongs to a worker that
// died (kill -9, OOM, machine lost). It goes back to pending and its job is handed out again: the dead
// worker's pg-boss job is failed (so pg-boss retries it and it stops counting against the run's
// concurrency), or a new job is sent when none is left.
import type { PgBoss } from "pg-boss";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { enqueueTasks, TASK_QUEUE, type TaskJobData } from "./queue";

interface StaleResult {
  readonly id: string;
  readonly runId: string;
  readonly concurrency: number;
  readonly timeoutMs: number;
}

export async function recoverStaleResults(db: PrismaClient, boss: PgBoss, graceMs: number): Promise<number> {
  return (await recoverRunningResults(db, boss, graceMs)) + (await releaseUnclaimedJobs(db, boss, graceMs));
}

async function recoverRunningResults(db: PrismaClient, boss: PgBoss, graceMs: number): Promise<number> {
  const stale = await db.$queryRaw<StaleResult[]>`
    UPDATE "TaskResult" r SET status = 'pending'
      FROM "Run" run
     WHERE r."runId" = run.id AND r.status = 'running'
       AND r."startedAt" < now() - (COALESCE((run.params->>'timeoutMs')::int, 120000) + ${graceMs}::int) * interval '1 millisecond'
    RETURNING r.id, r."runId", run.concurrency, COALESCE((run.params->>'timeoutMs')::int, 120000) AS "timeoutMs"`;
  for (const result of stale) await redeliver(boss, result);
  return stale.length;
}

async function redeliver(boss: PgBoss, result: StaleResult): Promise<void> {
  const jobs = await boss.findJobs<TaskJobData>(TASK_QUEUE, { data: { resultId: result.id } });
  if (jobs.some((job) => job.state === "created" || job.state === "retry")) return; // already queued again
  const active = jobs.filter((job) => job.state === "active").map((job) => job.id);
  if (active.length > 0) {
    await boss.fail(TASK_QUEUE, active, { message: "worker presumed dead: result recovered" });
    const after = await boss.findJobs<TaskJobData>(TASK_QUEUE, { data: { resultId: result.id } });
    if (after.some((job) => job.state === "created" || job.state === "retry")) return;
  }
  await enqueueTasks(boss, { runId: result.runId, concurrency: result.concurrency, timeoutMs: result.timeoutMs, resultIds: [result.id] });
}

/** Active jobs whose result is still pending long after the fetch: their worker died before claiming. */
async function releaseUnclaimedJobs(db: PrismaClient, boss: PgBoss, graceMs: number): Promise<number> {
  const runs = await db.run.findMany({ where: { status: { in: ["queued", "running"] } }, select: { id: true } });
  let released = 0;
  for (const run of runs) {
    const cutoff = Date.now() - graceMs;
    const jobs = await boss.findJobs<TaskJobData>(TASK_QUEUE, { data: { runId: run.id } });
    const stuck = jobs.filter((job) => job.state === "active" && job.startedOn.getTime() < cutoff);
    if (stuck.length === 0) continue;
    const pending = await db.taskResult.findMany({
      where: { id: { in: stuck.map((job) => job.data.resultId) }, status: "pending" },
      select: { id: true },
    });
    const pendingIds = new Set(pending.map((result) => result.id));
    const orphaned = stuck.filter((job) => pendingIds.has(job.data.resultId)).map((job) => job.id);
    if (orphaned.length === 0) continue;
    await boss.fail(TASK_QUEUE, orphaned, { message: "worker presumed dead before claiming" });
    released += orphaned.length;
  }
  return released;
}
