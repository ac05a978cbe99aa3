// Fault tolerance of runs: a worker killed with SIGKILL mid-run, a flaky provider, malformed tool
// calls, and API keys that must never reach the database or the logs.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startMockProvider, type MockProvider } from "@/lib/mock-provider";
import { resultIntegrity, setUpRunsTest, tearDownRunsTest, waitForConnectionsToEnd, waitForRun, type RunsTestContext, waitUntil } from "../test-support/db";
import { launchRun } from "./launch";
import { startWorker, type WorkerHandle } from "./worker";

const REPO_ROOT = path.resolve(import.meta.dirname, "../..");
// The request timeout must tell the mock's 3 s hangs from answers that are merely slow on a busy machine
// (at 600 ms, loaded runs exhausted retries on slow answers and the retry sums no longer matched).
const FAST_RETRY = { maxRetries: 5, baseDelayMs: 5, requestTimeoutMs: 2_000 };

let context: RunsTestContext;
let mock: MockProvider;

beforeAll(async () => {
  context = await setUpRunsTest();
  mock = await startMockProvider({ dataset: context.v1, behaviour: "oracle", latencyMs: 40 });
});

afterAll(async () => {
  await mock?.close();
  await tearDownRunsTest(context);
});

function spawnWorker(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts"], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: "ignore",
  });
}

describe("a worker process killed with SIGKILL mid-run", () => {
  test("its tasks are run again within seconds of its heartbeat stopping, long before the task timeout, exactly once", async () => {
    // A 10-minute task timeout: only the heartbeat can bring these tasks back within the test's time.
    const { runId } = await launchRun(
      { agent: "react", provider: "mock", model: "oracle", baseUrl: mock.url, limit: 60, concurrency: 8, timeoutMs: 600_000, retry: FAST_RETRY },
      context,
    );
    const heartbeat = { WORKBENCH_HEARTBEAT_MS: "200", WORKBENCH_WORKER_STALE_MS: "1500" };
    const child = spawnWorker({ DATABASE_URL: context.databaseUrl, WORKBENCH_WORKER_CONCURRENCY: "8", WORKBENCH_IDLE_POLL_MS: "100", ...heartbeat });
    const exited = new Promise((resolve) => child.once("exit", resolve));
    const doneCount = async () => (await context.db.run.findUniqueOrThrow({ where: { id: runId } })).tasksDone;
    await waitUntil(async () => (await doneCount()) >= 10, 60_000, "the child worker to finish 10 tasks");
    child.kill("SIGKILL");
    await exited;
    const killedAt = Date.now();
    await waitForConnectionsToEnd(context.db, child.pid!);
    const held = await context.db.taskResult.findMany({ where: { runId, status: "running" }, select: { id: true } });
    const orphaned = held.length;

    const worker: WorkerHandle = await startWorker({
      db: context.db, concurrency: 8, idlePollMs: 100, heartbeatMs: 200, staleMs: 1_500, log: () => undefined,
    });
    try {
      // Progress resumes: every result the dead worker held is done again well within 30 s.
      await waitUntil(
        async () => (await context.db.taskResult.count({ where: { id: { in: held.map((row) => row.id) }, status: "done" } })) === orphaned,
        30_000,
        "the dead worker's results to be run again",
      );
      expect(Date.now() - killedAt).toBeLessThan(30_000);
      const run = await waitForRun(context.db, runId, 90_000);
      expect(run).toMatchObject({ status: "completed", tasksDone: 60, correctCount: 60 });
      expect(await resultIntegrity(context.db, runId)).toEqual({ done: 60, total: 60, distinct: 60, stepGaps: 0 });
      // The results the dead worker held were run again (a second attempt), and only once more.
      expect(orphaned).toBeGreaterThan(0);
      const retried = await context.db.taskResult.count({ where: { runId, attempt: { gt: 1 } } });
      expect(retried).toBeGreaterThanOrEqual(orphaned);
      expect(await context.db.taskResult.count({ where: { runId, attempt: { gt: 2 } } })).toBe(0);
    } finally {
      await worker.stop();
    }
  });
});

describe("with a running in-process worker", () => {
  let worker: WorkerHandle;
  const logs: string[] = [];
  beforeAll(async () => {
    worker = await startWorker({ db: context.db, concurrency: 16, idlePollMs: 100, log: (line) => void logs.push(line) });
  });
  afterAll(async () => {
    await worker?.stop();
  });

  test("a provider failing 20 % of requests (429, 500, hangs): the run completes and retries are counted", async () => {
    const flaky = await startMockProvider({ dataset: context.v1, behaviour: "oracle", faultRate: 0.2, hangMs: 3_000, seed: 7 });
    try {
      const { runId } = await launchRun(
        { agent: "react", provider: "mock", model: "oracle", baseUrl: flaky.url, limit: 80, concurrency: 16, retry: FAST_RETRY },
        context,
      );
      const run = await waitForRun(context.db, runId, 120_000);
      const faults = flaky.stats.faults;
      expect(faults["429"] + faults["500"] + faults.timeout).toBeGreaterThan(10);
      expect(run).toMatchObject({ status: "completed", tasksDone: 80 });
      expect(run.retries).toBeGreaterThan(10);
      const perResult = await context.db.taskResult.aggregate({ where: { runId }, _sum: { retries: true } });
      const perStep = await context.db.step.aggregate({ where: { result: { runId } }, _sum: { retries: true } });
      expect(perResult._sum.retries).toBe(run.retries);
      expect(perStep._sum.retries).toBe(run.retries);
      // Retries hide the faults: every task still reaches the ground truth, and no job failed.
      expect(run.correctCount).toBe(80);
      expect(worker.stats.failed).toBe(0);
    } finally {
      await flaky.close();
    }
  }, 180_000);

  test("malformed tool-call JSON is recorded as a failed tool step and the run carries on", async () => {
    const { runId } = await launchRun(
      { agent: "tools", provider: "mock", model: "format-errors", baseUrl: mock.url, limit: 30, concurrency: 16, retry: FAST_RETRY },
      context,
    );
    const run = await waitForRun(context.db, runId);
    expect(run).toMatchObject({ status: "completed", tasksDone: 30, correctCount: 30 });
    const results = await context.db.taskResult.findMany({ where: { runId }, include: { steps: { orderBy: { index: "asc" } } } });
    for (const result of results) {
      const failed = result.steps.filter((step) => step.kind === "tool" && step.ok === false);
      expect(failed.length).toBeGreaterThanOrEqual(1);
      expect(result.steps.at(-1)?.kind).toBe("final");
    }
  });

  test("an API key from the environment never reaches the database or the logs", async () => {
    const secret = `sk-test-SECRET-${Math.random().toString(36).slice(2)}`;
    const previous = { key: process.env.OPENAI_API_KEY, url: process.env.OPENAI_BASE_URL, file: process.env.WORKBENCH_ENDPOINTS_FILE };
    process.env.OPENAI_API_KEY = secret;
    // Keys go only to configured URLs: the openai endpoint is pointed at the mock by configuration, and
    // a second keyed endpoint (from an endpoints file) at a port where nothing listens.
    process.env.OPENAI_BASE_URL = mock.url;
    const endpointsDir = await mkdtemp(path.join(os.tmpdir(), "endpoints-"));
    process.env.WORKBENCH_ENDPOINTS_FILE = path.join(endpointsDir, "endpoints.json");
    await writeFile(process.env.WORKBENCH_ENDPOINTS_FILE, JSON.stringify({
      endpoints: [{ name: "openai-down", kind: "openai", baseUrl: "http://127.0.0.1:9/v1", keyEnv: "OPENAI_API_KEY" }],
    }));
    const captured: string[] = [];
    const restore = captureOutput(captured);
    try {
      // One run that works (the key goes to the provider only) and one whose provider is unreachable,
      // so error paths are exercised too.
      const ok = await launchRun({ agent: "react", endpoint: "openai", model: "oracle", limit: 5, retry: FAST_RETRY }, context);
      const down = await launchRun(
        { agent: "tools", endpoint: "openai-down", model: "gpt-4o", limit: 3, retry: { maxRetries: 1, baseDelayMs: 1 } },
        context,
      );
      expect(await waitForRun(context.db, ok.runId)).toMatchObject({ status: "completed", correctCount: 5 });
      expect(await waitForRun(context.db, down.runId)).toMatchObject({ status: "failed", correctCount: 0, errorCount: 3 });
      // An unreachable provider is the task's classified error, not a crashed job.
      const downResults = await context.db.taskResult.findMany({ where: { runId: down.runId } });
      expect(downResults.map((result) => result.errorKind)).toEqual(["provider", "provider", "provider"]);
    } finally {
      restore();
      for (const [name, value] of [["OPENAI_API_KEY", previous.key], ["OPENAI_BASE_URL", previous.url], ["WORKBENCH_ENDPOINTS_FILE", previous.file]] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
    const dump = await dumpDatabase();
    expect(dump.length).toBeGreaterThan(10_000); // the dump really holds the runs
    expect(dump).not.toContain(secret);
    expect([...captured, ...logs].join("\n")).not.toContain(secret);
  });
});

/** Every row of every table as text. */
async function dumpDatabase(): Promise<string> {
  const tables = await context.db.$queryRaw<{ name: string }[]>`
    SELECT format('%I.%I', table_schema, table_name) AS name FROM information_schema.tables
     WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`;
  const parts: string[] = [];
  for (const { name } of tables) {
    const rows = await context.db.$queryRawUnsafe<{ row: string }[]>(`SELECT t::text AS row FROM ${name} t`);
    parts.push(...rows.map((row) => row.row));
  }
  return parts.join("\n");
}

function captureOutput(into: string[]): () => void {
  const originals = { log: console.log, error: console.error, warn: console.warn, out: process.stdout.write, err: process.stderr.write };
  const keep = (...args: unknown[]) => void into.push(args.map(String).join(" "));
  console.log = keep;
  console.error = keep;
  console.warn = keep;
  process.stdout.write = ((chunk: string | Uint8Array) => (into.push(String(chunk)), true)) as typeof process.stdout.write;
  process.stderr.write = ((chunk: string | Uint8Array) => (into.push(String(chunk)), true)) as typeof process.stderr.write;
  return () => {
    Object.assign(console, { log: originals.log, error: originals.error, warn: originals.warn });
    process.stdout.write = originals.out;
    process.stderr.write = originals.err;
  };
}
