// Run-harness benchmark (scripts/bench.ts runs every *.bench.ts): (1) overhead per task — 690 tasks end
// to end through launchRun, the results queue, a worker, step persistence and scoring, with agents that
// need no model and with a zero-latency mock model (the mock server runs in this process, so its CPU and
// the AI SDK's count too); (2) per-run concurrency across workers — 3 worker processes (32 slots each)
// on one run limited to 32, 128 tasks of one 1 s model call each (ideal 4 s), three times: the most
// model requests in flight, the efficiency (median of the three) and the work split. Uses DATABASE_URL, or a throwaway embedded
// Postgres. Wall times depend on the machine's load (2 cores shared with Postgres); the overhead is judged
// on this process's own CPU per task (≤ 6 ms for react and tools), printed beside the wall time.
import { execFileSync, spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { createPrismaClient } from "@/lib/db";
import { importDataset } from "@/lib/datasets/import-dataset";
import { loadDatasetFromDbOrThrow } from "@/lib/datasets/load-from-db";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { startMockProvider, type MockProvider } from "@/lib/mock-provider";
import { DATA_DIR, waitForRun } from "@/lib/test-support/db";
import { launchRun, type LaunchDeps } from "@/lib/runs/launch";
import type { LaunchRunRequest } from "@/lib/runs/launch-input";
import { startWorker } from "@/lib/runs/worker";
import { startBenchServer } from "./bench-database";

/** Harness overhead target per task, as this process's CPU (react and tools agents, zero-latency mock). */
const HARNESS_CPU_MS_PER_TASK = 6;

/** Wall time from launching the run to its completion, and this process's CPU time over it. */
async function timeRun(db: PrismaClient, deps: LaunchDeps, request: LaunchRunRequest) {
  const started = Date.now();
  const cpu = process.cpuUsage();
  const { runId, tasksTotal } = await launchRun(request, deps);
  const run = await waitForRun(db, runId);
  // Up to the run's own finishedAt (same host clock), so waitForRun's 100 ms polling is not counted.
  const wallMs = (run.finishedAt?.getTime() ?? Date.now()) - started;
  const { user, system } = process.cpuUsage(cpu);
  if (run.status !== "completed") throw new Error(`bench run ${runId} ended ${run.status}`);
  return { runId, wallMs, tasksTotal, accuracy: run.correctCount / run.tasksDone, cpuMs: (user + system) / 1000 };
}

export async function run(): Promise<void> {
  const database = await startBenchServer();
  const db = createPrismaClient(database.url);
  await importDataset(db, { dataDir: DATA_DIR, versions: ["v1"] });
  const v1 = await loadDatasetFromDbOrThrow(db, "v1");
  const instant = await startMockProvider({ dataset: v1, behaviour: "oracle", latencyMs: 0 });
  const slow = await startMockProvider({ dataset: v1, behaviour: "noop", latencyMs: 1_000 });
  const deps = { db };
  try {
    const worker = await startWorker({ db, databaseUrl: database.url, concurrency: 64, idlePollMs: 200, log: () => undefined });
    try {
      await overhead(db, deps);
    } finally {
      await worker.stop();
    }
    await concurrencyAcrossWorkers(db, deps, slow, database.url);
  } finally {
    await Promise.all([instant.close(), slow.close()]);
    await db.$disconnect();
    await database.stop();
  }

  async function overhead(db: PrismaClient, deps: LaunchDeps): Promise<void> {
    console.log("runs: harness overhead, 690 v1 tasks end to end (launch → queue → worker → steps → score)");
    await timeRun(db, deps, { agent: "noop", concurrency: 32, limit: 50 }); // warm-up: dataset cache, JIT
    // [label, request, judged]: the target (issue 22) is on CPU, which a busy machine does not inflate
    // the way it does wall time, for the two model-driven agents.
    const cases: [string, LaunchRunRequest, boolean][] = [
      ["noop agent (no model)", { agent: "noop", concurrency: 32 }, false],
      ["oracle agent (no model)", { agent: "oracle", concurrency: 32 }, false],
      ["react + zero-latency mock", { agent: "react", provider: "mock", model: "oracle", baseUrl: instant.url, concurrency: 32 }, true],
      ["tools + zero-latency mock", { agent: "tools", provider: "mock", model: "oracle", baseUrl: instant.url, concurrency: 32 }, true],
    ];
    for (const [label, request, judged] of cases) {
      const { wallMs, tasksTotal, accuracy, cpuMs } = await timeRun(db, deps, request);
      const cpuPerTask = cpuMs / tasksTotal;
      const verdict = judged ? `  [${cpuPerTask <= HARNESS_CPU_MS_PER_TASK ? "OK" : "over target"}: ≤ ${HARNESS_CPU_MS_PER_TASK} ms CPU/task]` : "";
      console.log(
        `  ${label.padEnd(28)} cpu ${cpuPerTask.toFixed(2).padStart(6)} ms/task  wall ${(wallMs / tasksTotal).toFixed(2).padStart(6)} ms/task` +
          ` (${(wallMs / 1000).toFixed(2)} s)  accuracy ${(accuracy * 100).toFixed(1)} %${verdict}`,
      );
    }
    console.log(`  (CPU is this process's: worker, launch, step persistence, scoring, the in-process mock and the AI SDK; PostgreSQL's is not counted; load average ${os.loadavg()[0]!.toFixed(1)})`);
  }
}

/**
 * Three worker processes (as `npm run worker` starts them, each with its own pool), one run limited to
 * 32: the mock counts the model requests in flight; the split comes from each result's workerId.
 */
async function concurrencyAcrossWorkers(db: PrismaClient, deps: LaunchDeps, slow: MockProvider, databaseUrl: string): Promise<void> {
  const tasks = 128;
  const idealMs = (tasks / 32) * 1_000;
  console.log(`runs: 3 worker processes × 32 slots, one run limited to 32, ${tasks} tasks × one 1 s model call (ideal ${(idealMs / 1000).toFixed(2)} s)`);
  // The compiled worker, as `npm run worker` runs it (one plain node process).
  const root = path.resolve(import.meta.dirname, "../..");
  execFileSync(process.execPath, [path.join(root, "scripts", "build", "build-cli.mjs"), "--if-stale"], { stdio: "inherit" });
  const children = [0, 1, 2].map(() =>
    spawn(process.execPath, [path.join(root, "dist", "worker.mjs")], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl, WORKBENCH_WORKER_CONCURRENCY: "32" },
      stdio: "ignore",
    }),
  );
  try {
    await waitForLiveWorkers(db, 3);
    // Warm-up: each new process loads the dataset and compiles its hot paths on its first tasks.
    await timeRun(db, deps, { agent: "react", provider: "mock", model: "noop", baseUrl: slow.url, concurrency: 32, limit: 96 });
    // Three runs: one 4 s run on a shared 2-core VM swings by a few percent; the verdict is on the median.
    slow.stats.maxInFlight = 0;
    const efficiencies: number[] = [];
    for (let round = 1; round <= 3; round += 1) {
      const { runId, wallMs } = await timeRun(db, deps, { agent: "react", provider: "mock", model: "noop", baseUrl: slow.url, concurrency: 32, limit: tasks });
      efficiencies.push(idealMs / wallMs);
      const split = await db.taskResult.groupBy({ by: ["workerId"], where: { runId }, _count: true });
      console.log(
        `  run ${round}: actual ${(wallMs / 1000).toFixed(2)} s  efficiency ${((idealMs / wallMs) * 100).toFixed(1)} %  split per worker ${split.map((row) => row._count).join("/")}`,
      );
    }
    const maxInFlight = slow.stats.maxInFlight;
    const efficiency = [...efficiencies].sort((a, b) => a - b)[1]!;
    console.log(
      `  max in flight ${maxInFlight} [${maxInFlight === 32 ? "OK" : "not 32"}]  ` +
        `median efficiency ${(efficiency * 100).toFixed(1)} % [${efficiency >= 0.95 ? "OK" : "below target"}: ≥ 95 %]`,
    );
  } finally {
    await Promise.all(children.map((child) => new Promise((resolve) => (child.once("exit", resolve), child.kill("SIGTERM")))));
  }
}

async function waitForLiveWorkers(db: PrismaClient, count: number): Promise<void> {
  const deadline = Date.now() + 120_000;
  while ((await db.worker.count()) < count) {
    if (Date.now() > deadline) throw new Error(`fewer than ${count} workers started within 2 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// Standalone: `npx tsx scripts/bench/runs.bench.ts`.
if (import.meta.url === `file://${process.argv[1]}`) await run();
