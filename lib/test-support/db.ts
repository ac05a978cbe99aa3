// Shared set-up for the runs *.db.test.ts files: a Prisma client on the test database (from
// scripts/with-db.ts), the official data imported into it, and polling helpers.
// Missing database or data make the tests fail, never skip.
import path from "node:path";
import { createPrismaClient } from "@/lib/db";
import { connectionName } from "@/lib/db-pool";
import { importDataset } from "@/lib/datasets/import-dataset";
import { loadDatasetFromDbOrThrow } from "@/lib/datasets/load-from-db";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { resolveDataDir } from "@/lib/workbench/datasets/data-dir";
import type { Dataset } from "@/lib/workbench/datasets/types";
import { startMockProvider, type MockProvider } from "@/lib/mock-provider";
import { startWorker, type WorkerHandle } from "../runs/worker";

export const DATA_DIR = resolveDataDir(process.env.WORKBENCH_DATA_DIR, path.resolve(import.meta.dirname, "../.."));

export interface RunsTestContext {
  readonly db: PrismaClient;
  readonly databaseUrl: string;
  readonly v1: Dataset;
}

export async function setUpRunsTest(): Promise<RunsTestContext> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error("DATABASE_URL is not set: run db tests through scripts/with-db.ts (npm run test:db)");
  const db = createPrismaClient(databaseUrl);
  await importDataset(db, { dataDir: DATA_DIR, versions: ["v1", "v2026"] }); // a no-op when already imported
  return { db, databaseUrl, v1: await loadDatasetFromDbOrThrow(db, "v1") };
}

export async function tearDownRunsTest(context: RunsTestContext | undefined): Promise<void> {
  await context?.db.$disconnect();
}

/** Retries small enough for tests: the mock answers on loopback. */
export const FAST_RETRY = { maxRetries: 3, baseDelayMs: 5, requestTimeoutMs: 5_000 };

export interface WorkerTestContext extends RunsTestContext {
  readonly worker: WorkerHandle;
  /** The mock provider in `oracle` behaviour (a request's model name can pick another behaviour). */
  readonly mock: MockProvider;
}

/** The usual runs test: set-up as above, plus an in-process worker and an oracle mock provider. */
export async function setUpWorkerTest(options: { concurrency: number; idlePollMs: number; mockLatencyMs: number }): Promise<WorkerTestContext> {
  const context = await setUpRunsTest();
  const worker = await startWorker({ db: context.db, concurrency: options.concurrency, idlePollMs: options.idlePollMs, log: () => undefined });
  const mock = await startMockProvider({ dataset: context.v1, behaviour: "oracle", latencyMs: options.mockLatencyMs });
  return { ...context, worker, mock };
}

export async function tearDownWorkerTest(context: WorkerTestContext | undefined): Promise<void> {
  await context?.worker.stop();
  await context?.mock.close();
  await tearDownRunsTest(context);
}

/** Polls `check` until it holds (or throws after `timeoutMs`, naming `what`). */
export async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** How many connections are open under a process's CONNECTION_NAME (lib/db-pool.ts), from any host. */
export async function connectionsOfProcess(db: PrismaClient, pid: number): Promise<number> {
  const [row] = await db.$queryRawUnsafe<{ open: number }[]>(
    `SELECT count(*)::int AS open FROM pg_stat_activity WHERE application_name LIKE $1`,
    connectionName(pid, "%", "%"),
  );
  return row!.open;
}

/**
 * After a SIGKILL, PostgreSQL may still be running a statement the process sent as it died (a claim, a
 * verdict): what the process held is known only once its connections are gone.
 */
export async function waitForConnectionsToEnd(db: PrismaClient, pid: number): Promise<void> {
  await waitUntil(async () => (await connectionsOfProcess(db, pid)) === 0, 60_000, `the connections of the killed process ${pid} to end`);
}

const FINAL = new Set(["completed", "cancelled", "failed", "budget_exceeded"]);

/** Polls the run until it reaches a final status (or throws after `timeoutMs`). */
export async function waitForRun(db: PrismaClient, runId: string, timeoutMs = 240_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const run = await db.run.findUniqueOrThrow({ where: { id: runId } });
    if (FINAL.has(run.status)) return run;
    if (Date.now() > deadline) throw new Error(`Run ${runId} still ${run.status} (${run.tasksDone}/${run.tasksTotal}) after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Results per status, and whether every done result's steps are numbered 0..n-1 without gaps. */
export async function resultIntegrity(db: PrismaClient, runId: string) {
  const [statuses] = await db.$queryRaw<{ done: number; total: number; distinct: number }[]>`
    SELECT count(*) FILTER (WHERE status = 'done')::int AS done, count(*)::int AS total,
           count(DISTINCT ("taskId", trial))::int AS distinct
      FROM "TaskResult" WHERE "runId" = ${runId}`;
  const [steps] = await db.$queryRaw<{ broken: number }[]>`
    SELECT count(*)::int AS broken FROM (
      SELECT s."resultId" FROM "Step" s JOIN "TaskResult" r ON r.id = s."resultId"
       WHERE r."runId" = ${runId}
       GROUP BY s."resultId" HAVING max(s.index) <> count(*) - 1 OR min(s.index) <> 0) gaps`;
  return { ...statuses!, stepGaps: steps!.broken };
}
