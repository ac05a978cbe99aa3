// Recovery without a manual step, on real processes: kill -9 of the embedded PostgreSQL mid-run (the
// session's watchdog restarts it on the same port, the pools reconnect, the run completes), and
// SIGTERM to `npm run worker` stops its whole tree, PostgreSQL included, within 10 s.
import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync } from "node:fs";
import { rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { FAST_RETRY, resultIntegrity, setUpWorkerTest, tearDownWorkerTest, waitForRun, type WorkerTestContext } from "@/lib/test-support/db";
import { launchRun } from "@/lib/runs/launch";
import { openDatabase, type DatabaseSession } from "./database-session";
import { findPostmasterPid, findRunningPostmaster } from "./postmaster";
import { processTree, survivors } from "./process-tree";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(probe: () => T | null | undefined | false | Promise<T | null | undefined | false>, timeoutMs: number, what: string | (() => string)): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${typeof what === "string" ? what : what()}`);
    await sleep(100);
  }
}

describe("kill -9 of the embedded PostgreSQL mid-run", () => {
  let session: DatabaseSession;
  let context: WorkerTestContext;
  const testDatabaseUrl = process.env.DATABASE_URL;

  beforeAll(async () => {
    session = await openDatabase({ throwaway: true });
    process.env.DATABASE_URL = session.url; // the set-up below uses this product database
    context = await setUpWorkerTest({ concurrency: 4, idlePollMs: 100, mockLatencyMs: 100 });
  });

  afterAll(async () => {
    await tearDownWorkerTest(context);
    await session?.close();
    process.env.DATABASE_URL = testDatabaseUrl;
  });

  test("PostgreSQL comes back on the same port and the run completes, every task exactly once", async () => {
    const { runId, tasksTotal } = await launchRun(
      { agent: "react", provider: "mock", model: "oracle", baseUrl: context.mock.url, domains: ["calendar"], limit: 40, concurrency: 4, timeoutMs: 10_000, retry: FAST_RETRY },
      context,
    );
    await until(async () => (await context.db.run.findUniqueOrThrow({ where: { id: runId } })).tasksDone >= 4, 60_000, "4 tasks done");
    const server = session.server!;
    const portBefore = server.port;
    const pidBefore = await until(() => serverPid(server), 5_000, "the postmaster pid");
    process.kill(pidBefore, "SIGKILL");

    const restarted = await until(() => {
      const pid = serverPid(server);
      return pid !== null && pid !== pidBefore ? pid : null;
    }, 30_000, "PostgreSQL restarted");
    expect(restarted).not.toBe(pidBefore);
    expect(server.port).toBe(portBefore);

    const run = await waitForRun(context.db, runId, 180_000);
    expect(run).toMatchObject({ status: "completed", tasksDone: tasksTotal, correctCount: tasksTotal });
    expect(await resultIntegrity(context.db, runId)).toEqual({ done: tasksTotal, total: tasksTotal, distinct: tasksTotal, stepGaps: 0 });
  });
});

/** The pid of the server behind a session, from its data dir's postmaster.pid. */
function serverPid(server: NonNullable<DatabaseSession["server"]>): number | null {
  return findRunningPostmaster(server.dataDir)?.pid ?? null;
}

describe("SIGTERM to `npm run worker`", () => {
  const parents: string[] = [];
  afterAll(() => Promise.all(parents.map((parent) => rm(parent, { recursive: true, force: true }))));

  test("stops the worker, its embedded PostgreSQL and every child within 10 s", async () => {
    const parent = mkdtempSync(path.join(os.tmpdir(), "worker-stop-"));
    chmodSync(parent, 0o755);
    parents.push(parent);
    const dataDir = path.join(parent, "pg");
    const { DATABASE_URL: _unset, ...env } = process.env;
    const child = spawn("npm", ["run", "worker"], { env: { ...env, WORKBENCH_PG_DATA_DIR: dataDir, WORKBENCH_WORKER_CONCURRENCY: "2" } });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));

    await until(() => output.includes("[worker]") && output.includes("started"), 120_000, () => `the worker to start:\n${output}`);
    const postmaster = findPostmasterPid(dataDir);
    expect(postmaster).not.toBeNull();
    const tree = [...processTree(child.pid!), postmaster!];
    expect(tree.length).toBeGreaterThanOrEqual(3);

    const signalled = Date.now();
    child.kill("SIGTERM");
    await exited;
    await until(() => survivors(tree).length === 0 || null, 10_000, () => `no survivor, still: ${survivors(tree).join(", ")}`);
    expect(Date.now() - signalled).toBeLessThan(10_000);
    expect(output).toContain("[worker] stopped");
  });
});
