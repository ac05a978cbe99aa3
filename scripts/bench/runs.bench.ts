// Run-harness benchmark (scripts/bench.ts runs every *.bench.ts): (1) overhead per task — 690 tasks end
// to end through launchRun, pg-boss, a worker, step persistence and scoring, with agents that need no
// model and with a zero-latency mock model (the mock server runs in this process, so its CPU and the AI
// SDK's count too); (2) concurrency efficiency — 64 tasks of one 1 s model call each at concurrency 32,
// where the ideal is 2 s. Uses DATABASE_URL, or a throwaway embedded Postgres. Wall times depend on the
// machine's load (2 cores shared with Postgres); the CPU figure is this process's own.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createPrismaClient } from "@/lib/db";
import { importDataset } from "@/lib/datasets/import-dataset";
import { loadDatasetFromDbOrThrow } from "@/lib/datasets/load-from-db";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { startMockProvider } from "@/lib/mock-provider";
import { DATA_DIR, waitForRun } from "@/lib/runs/db-test-support";
import { launchRun } from "@/lib/runs/launch";
import type { LaunchRunRequest } from "@/lib/runs/launch-input";
import { startBoss } from "@/lib/runs/queue";
import { startWorker } from "@/lib/runs/worker";
import { EMBEDDED_PASSWORD, EMBEDDED_USER, startEmbeddedPostgres } from "../db/embedded";
import { ensureDatabase } from "../db/ensure-database";
import { deployMigrations } from "../db/migrate-commands";

async function benchDatabase(): Promise<{ url: string; stop: () => Promise<void> }> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => {} };
  const parent = await fs.mkdtemp(path.join(os.tmpdir(), "workbench-bench-"));
  await fs.chmod(parent, 0o755); // the postgres user must traverse it
  const server = await startEmbeddedPostgres({ dataDir: path.join(parent, "data"), throwaway: true });
  const url = `postgresql://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${server.port}/workbench`;
  await ensureDatabase(url);
  await deployMigrations({ databaseUrl: url });
  return { url, stop: async () => (await server.stop(), await fs.rm(parent, { recursive: true, force: true })) };
}

/** Wall time from launching the run to its completion, and this process's CPU time over it. */
async function timeRun(db: PrismaClient, deps: Parameters<typeof launchRun>[1], request: LaunchRunRequest) {
  const started = Date.now();
  const cpu = process.cpuUsage();
  const { runId, tasksTotal } = await launchRun(request, deps);
  const run = await waitForRun(db, runId);
  // Up to the run's own finishedAt (same host clock), so waitForRun's 100 ms polling is not counted.
  const wallMs = (run.finishedAt?.getTime() ?? Date.now()) - started;
  const { user, system } = process.cpuUsage(cpu);
  if (run.status !== "completed") throw new Error(`bench run ${runId} ended ${run.status}`);
  return { wallMs, tasksTotal, accuracy: run.correctCount / run.tasksDone, cpuMs: (user + system) / 1000 };
}

export async function run(): Promise<void> {
  const database = await benchDatabase();
  const db = createPrismaClient(database.url);
  await importDataset(db, { dataDir: DATA_DIR, versions: ["v1"] });
  const boss = await startBoss({ connectionString: database.url });
  const worker = await startWorker({ db, boss, concurrency: 64, idlePollMs: 200, log: () => undefined });
  const v1 = await loadDatasetFromDbOrThrow(db, "v1");
  const instant = await startMockProvider({ dataset: v1, behaviour: "oracle", latencyMs: 0 });
  const slow = await startMockProvider({ dataset: v1, behaviour: "noop", latencyMs: 1_000 });
  const deps = { db, boss };
  try {
    console.log("runs: harness overhead, 690 v1 tasks end to end (launch → queue → worker → steps → score)");
    await timeRun(db, deps, { agent: "noop", concurrency: 32, limit: 50 }); // warm-up: dataset cache, JIT
    const cases: [string, LaunchRunRequest][] = [
      ["noop agent (no model)", { agent: "noop", concurrency: 32 }],
      ["oracle agent (no model)", { agent: "oracle", concurrency: 32 }],
      ["react + zero-latency mock", { agent: "react", provider: "mock", model: "oracle", baseUrl: instant.url, concurrency: 32 }],
      ["tools + zero-latency mock", { agent: "tools", provider: "mock", model: "oracle", baseUrl: instant.url, concurrency: 32 }],
    ];
    for (const [label, request] of cases) {
      const { wallMs, tasksTotal, accuracy, cpuMs } = await timeRun(db, deps, request);
      const perTask = wallMs / tasksTotal;
      const verdict = perTask <= 10 && wallMs <= 10_000 ? "OK" : "over target";
      console.log(
        `  ${label.padEnd(28)} ${(wallMs / 1000).toFixed(2).padStart(6)} s  ${perTask.toFixed(2).padStart(6)} ms/task` +
          `  (this process's CPU ${(cpuMs / tasksTotal).toFixed(2)} ms/task)  accuracy ${(accuracy * 100).toFixed(1)} %  [${verdict}: ≤ 10 ms/task, ≤ 10 s]`,
      );
    }
    console.log("runs: concurrency efficiency, 64 tasks × one 1 s model call at concurrency 32 (ideal 2.00 s)");
    const { wallMs } = await timeRun(db, deps, { agent: "react", provider: "mock", model: "noop", baseUrl: slow.url, concurrency: 32, limit: 64 });
    const efficiency = 2_000 / wallMs;
    console.log(`  actual ${(wallMs / 1000).toFixed(2)} s  efficiency ${(efficiency * 100).toFixed(1)} %  [${efficiency >= 0.9 ? "OK" : "below target"}: ≥ 90 %]`);
  } finally {
    await worker.stop();
    await Promise.all([instant.close(), slow.close()]);
    await boss.stop({ graceful: false, close: true });
    await db.$disconnect();
    await database.stop();
  }
}

// Standalone: `npx tsx scripts/bench/runs.bench.ts`.
if (import.meta.url === `file://${process.argv[1]}`) await run();
