// Liveness at its boundary (the index): the overdue backstop reads each run's timeout through
// RunSettings, a worker leaving hands back what it holds, and a parent hands back what a stopped
// process's workers held, its connections ended first. Worker rows and results are set up by hand, so
// each expectation is computed from what was written here, not from the module's own output.
import { hostname } from "node:os";
import pg from "pg";
import { afterAll, beforeAll, expect, test } from "vitest";
import { connectionName } from "@/lib/db-pool";
import { connectionsOfProcess, setUpRunsTest, tearDownRunsTest, type RunsTestContext } from "../../test-support/db";
import { handBackStoppedProcess, releaseOverdueResults, startLiveness } from ".";
import { launchRun } from "../launch";
import { createSqlPool, type SqlPool } from "../sql";

let context: RunsTestContext;
let sql: SqlPool;

beforeAll(async () => {
  context = await setUpRunsTest();
  sql = createSqlPool(context.databaseUrl, { max: 3 });
});

afterAll(async () => {
  await context?.db.worker.deleteMany({ where: { id: { endsWith: ":liveness-test" } } });
  await sql?.end();
  await tearDownRunsTest(context);
});

/** A run of `count` noop tasks whose results are then marked running under `workerId`, started `agoMs` ago. */
async function runningResults(count: number, workerId: string, agoMs: number, params?: Record<string, unknown>) {
  const { runId } = await launchRun({ agent: "noop", limit: count, concurrency: count }, context);
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value === undefined) await sql.query(`UPDATE "Run" SET params = params - $2::text WHERE id = $1`, [runId, key]);
    else await sql.query(`UPDATE "Run" SET params = jsonb_set(params, ARRAY[$2::text], $3::jsonb) WHERE id = $1`, [runId, key, JSON.stringify(value)]);
  }
  await context.db.taskResult.updateMany({ where: { runId }, data: { status: "running", workerId, attempt: 1, startedAt: new Date(Date.now() - agoMs) } });
  return runId;
}

const statusesOf = async (runId: string) =>
  (await context.db.taskResult.findMany({ where: { runId }, select: { status: true } })).map((row) => row.status);

async function addWorker(id: string, pid: number): Promise<void> {
  await sql.query(`INSERT INTO "Worker" (id, host, pid, slots, "startedAt", "heartbeatAt") VALUES ($1, $2, $3, 1, now(), now())`, [id, hostname(), pid]);
}

test("the overdue backstop uses each run's own timeout as RunSettings reads it, default included", async () => {
  const graceMs = 1_000;
  // Started 10 s ago: past a 2 s timeout + 1 s grace, within 60 s, and within the 120 s default.
  const short = await runningResults(1, "w1:liveness-test", 10_000, { timeoutMs: 2_000 });
  const long = await runningResults(1, "w1:liveness-test", 10_000, { timeoutMs: 60_000 });
  const unset = await runningResults(1, "w1:liveness-test", 10_000, { timeoutMs: undefined });
  // Not a number: the schema's default (120 s) applies, where a SQL cast would have failed the whole sweep.
  const invalid = await runningResults(1, "w1:liveness-test", 10_000, { timeoutMs: "soon" });
  // Past the default: 130 s ago.
  const stale = await runningResults(1, "w1:liveness-test", 130_000, { timeoutMs: "soon" });

  await releaseOverdueResults(sql, graceMs);

  expect(await statusesOf(short)).toEqual(["pending"]);
  expect(await statusesOf(long)).toEqual(["running"]);
  expect(await statusesOf(unset)).toEqual(["running"]);
  expect(await statusesOf(invalid)).toEqual(["running"]);
  expect(await statusesOf(stale)).toEqual(["pending"]);
  for (const runId of [short, long, unset, invalid, stale]) await context.db.run.update({ where: { id: runId }, data: { status: "cancelled" } });
});

test("a worker that leaves hands back the tasks it still holds, and its row is gone", async () => {
  const me = { id: `${hostname()}:${process.pid}:leaving:liveness-test`, slots: 2 };
  const liveness = await startLiveness(sql, me, { heartbeatMs: 60_000, staleMs: 600_000, staleGraceMs: 600_000, log: () => undefined });
  const runId = await runningResults(2, me.id, 0);
  expect(await context.db.worker.count({ where: { id: me.id } })).toBe(1);

  await liveness.leave();

  expect(await statusesOf(runId)).toEqual(["pending", "pending"]);
  expect(await context.db.worker.count({ where: { id: me.id } })).toBe(0);
  await context.db.run.update({ where: { id: runId }, data: { status: "cancelled" } });
});

test("a stopped process's tasks are handed back by its parent at once, its connections ended, other processes untouched", async () => {
  const [stopped, other] = [999_981, 999_982];
  await addWorker(`${hostname()}:${stopped}:a:liveness-test`, stopped);
  await addWorker(`${hostname()}:${other}:b:liveness-test`, other);
  const mine = await runningResults(2, `${hostname()}:${stopped}:a:liveness-test`, 0);
  const theirs = await runningResults(1, `${hostname()}:${other}:b:liveness-test`, 0);
  const leftover = new pg.Client({ connectionString: context.databaseUrl, application_name: connectionName(stopped, "0badf00d", hostname()) });
  leftover.on("error", () => undefined); // ended on purpose
  await leftover.connect();
  const logs: string[] = [];

  expect(await handBackStoppedProcess(context.databaseUrl, stopped, (line) => void logs.push(line))).toBe(2);

  expect(logs).toEqual([]);
  expect(await statusesOf(mine)).toEqual(["pending", "pending"]);
  expect(await statusesOf(theirs)).toEqual(["running"]);
  expect(await connectionsOfProcess(context.db, stopped)).toBe(0);
  expect(await context.db.worker.count({ where: { pid: stopped } })).toBe(0);
  expect(await context.db.worker.count({ where: { pid: other } })).toBe(1);
  await leftover.end().catch(() => undefined);
  for (const runId of [mine, theirs]) await context.db.run.update({ where: { id: runId }, data: { status: "cancelled" } });
});
