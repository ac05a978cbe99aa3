// A web server restarted by `npm start` after a crash takes back the tasks its predecessor's in-process
// worker held, at once: not after the stale limit (15 s), which here is set far beyond the test's time
// so only the predecessor release can explain the tasks coming back. Other workers of this host stay.
import { spawn } from "node:child_process";
import { hostname } from "node:os";
import path from "node:path";
import pg from "pg";
import { connectionName } from "@/lib/db-pool";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startMockProvider, type MockProvider } from "@/lib/mock-provider";
import {
  connectionsOfProcess, resultIntegrity, setUpRunsTest, tearDownRunsTest, waitForConnectionsToEnd, waitForRun, type RunsTestContext, waitUntil,
} from "../../test-support/db";
import { endConnectionsOfProcess, releaseWorkersOfProcess } from ".";
import { launchRun } from "../launch";
import { createSqlPool } from "../sql";
import { startWorker } from "../worker";

const REPO_ROOT = path.resolve(import.meta.dirname, "../../..");
const RETRY = { maxRetries: 5, baseDelayMs: 5, requestTimeoutMs: 10_000 };
/** Longer than any wait below: a dead worker is never released for being silent in these tests. */
const NEVER_STALE_MS = 600_000;

let context: RunsTestContext;
let mock: MockProvider;

beforeAll(async () => {
  context = await setUpRunsTest();
  mock = await startMockProvider({ dataset: context.v1, behaviour: "oracle", latencyMs: 200 });
});

afterAll(async () => {
  await mock?.close();
  await tearDownRunsTest(context);
});

test("releaseWorkersOfProcess gives back only the named process's results on this host", async () => {
  const { runId } = await launchRun({ agent: "noop", limit: 3, concurrency: 3 }, context);
  const sql = createSqlPool(context.databaseUrl, { max: 2 });
  try {
    const rows = await context.db.taskResult.findMany({ where: { runId }, orderBy: { id: "asc" }, select: { id: true } });
    const [crashed, alive, elsewhere] = [`${hostname()}:999991:test`, `${hostname()}:999992:test`, `other-host:999991:test`];
    for (const [id, host, pid] of [[crashed, hostname(), 999_991], [alive, hostname(), 999_992], [elsewhere, "other-host", 999_991]] as const) {
      await sql.query(`INSERT INTO "Worker" (id, host, pid, slots, "startedAt", "heartbeatAt") VALUES ($1, $2, $3, 1, now(), now())`, [id, host, pid]);
    }
    for (const [index, workerId] of [crashed, alive, elsewhere].entries()) {
      await context.db.taskResult.update({ where: { id: rows[index]!.id }, data: { status: "running", workerId, attempt: 1, startedAt: new Date() } });
    }

    const released = await releaseWorkersOfProcess(sql, 999_991, "me");

    expect(released).toEqual([{ id: rows[0]!.id, runId }]);
    const statuses = await context.db.taskResult.findMany({ where: { runId }, orderBy: { id: "asc" }, select: { status: true } });
    expect(statuses.map((row) => row.status)).toEqual(["pending", "running", "running"]);
    const workers = await context.db.worker.findMany({ where: { id: { in: [crashed, alive, elsewhere] } }, select: { id: true } });
    expect(workers.map((row) => row.id).sort()).toEqual([alive, elsewhere].sort());
  } finally {
    await context.db.worker.deleteMany({ where: { id: { endsWith: ":test" } } });
    await context.db.run.update({ where: { id: runId }, data: { status: "cancelled" } });
    await sql.end();
  }
});

/** A connection named as process `pid` of `host` names its own (CONNECTION_NAME). */
async function connectAs(pid: number, host: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: context.databaseUrl, application_name: connectionName(pid, "0badf00d", host) });
  client.on("error", () => undefined); // ended on purpose below
  await client.connect();
  return client;
}

test("the connections a crashed process left are ended before its results are released: its last statement never commits", async () => {
  const { runId } = await launchRun({ agent: "noop", limit: 1, concurrency: 1 }, context);
  const sql = createSqlPool(context.databaseUrl, { max: 2 });
  const [crashed, otherHost, samePidOtherHost] = [await connectAs(999_993, hostname()), await connectAs(999_994, hostname()), await connectAs(999_993, "other-host")];
  try {
    const [result] = await context.db.taskResult.findMany({ where: { runId }, select: { id: true } });
    // The crashed process's claim, still sleeping in PostgreSQL when the successor starts.
    const lateClaim = crashed.query(
      `WITH pause AS (SELECT pg_sleep(60)) UPDATE "TaskResult" SET status = 'running', "workerId" = 'gone' FROM pause WHERE id = $1`,
      [result!.id],
    ).then(() => "committed", () => "ended");
    await waitUntil(async () => {
      const [row] = await context.db.$queryRawUnsafe<{ n: number }[]>(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name LIKE $1 AND state = 'active'`,
        connectionName(999_993, "%", "%"),
      );
      return row!.n === 1;
    }, 30_000, "the late claim to be running");

    expect(await endConnectionsOfProcess(sql, 999_993)).toBe(1);

    expect(await lateClaim).toBe("ended");
    expect(await context.db.taskResult.findUniqueOrThrow({ where: { id: result!.id }, select: { status: true } })).toEqual({ status: "pending" });
    expect(await connectionsOfProcess(context.db, 999_993)).toBe(1); // the same pid on another host stays
    expect(await connectionsOfProcess(context.db, 999_994)).toBe(1);
    // This process's own connections carry its pid but its own nonce: a reused pid never ends itself.
    expect(await endConnectionsOfProcess(sql, process.pid)).toBe(0);
    expect(await sql.query("SELECT 1")).toMatchObject({ rowCount: 1 });
  } finally {
    for (const client of [crashed, otherHost, samePidOtherHost]) await client.end().catch(() => undefined);
    await context.db.run.update({ where: { id: runId }, data: { status: "cancelled" } });
    await sql.end();
  }
});

test("a worker told its predecessor's pid runs the tasks the killed process held again at once, each scored once", async () => {
  const { runId } = await launchRun(
    { agent: "react", provider: "mock", model: "oracle", baseUrl: mock.url, limit: 40, concurrency: 6, timeoutMs: 600_000, retry: RETRY },
    context,
  );
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts"], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: context.databaseUrl, WORKBENCH_WORKER_CONCURRENCY: "6", WORKBENCH_WORKER_STALE_MS: String(NEVER_STALE_MS) },
    stdio: "ignore",
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const run = () => context.db.run.findUniqueOrThrow({ where: { id: runId } });
  const running = () => context.db.taskResult.count({ where: { runId, status: "running" } });
  await waitUntil(async () => (await run()).tasksDone >= 6 && (await running()) > 0, 120_000, "the child worker to be mid-run");
  child.kill("SIGKILL");
  await exited;
  await waitForConnectionsToEnd(context.db, child.pid!);
  const held = await context.db.taskResult.findMany({ where: { runId, status: "running" }, select: { id: true } });
  expect(held.length).toBeGreaterThan(0);

  const logs: string[] = [];
  const worker = await startWorker({
    db: context.db, concurrency: 6, idlePollMs: 100, staleMs: NEVER_STALE_MS, predecessorPid: child.pid, log: (line) => void logs.push(line),
  });
  try {
    // Given back before the first claim: the worker's start alone released them.
    expect(logs).toContain(`took back ${held.length} task(s) held by the crashed process ${child.pid}`);
    const finished = await waitForRun(context.db, runId, 180_000);
    expect(finished).toMatchObject({ status: "completed", tasksDone: 40, correctCount: 40 });
    expect(await resultIntegrity(context.db, runId)).toEqual({ done: 40, total: 40, distinct: 40, stepGaps: 0 });
    expect(await context.db.taskResult.count({ where: { id: { in: held.map((row) => row.id) }, attempt: 2 } })).toBe(held.length);
    expect(await context.db.worker.count({ where: { pid: child.pid } })).toBe(0);
  } finally {
    await worker.stop();
  }
});
