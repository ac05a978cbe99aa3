// A run's concurrency holds across workers: three workers, each with its own database pool and more
// slots than the run allows, against a mock provider that counts the model requests in flight.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startMockProvider, type MockProvider } from "@/lib/mock-provider";
import { claimResults, releaseUnheldClaims } from "./claim";
import { FAST_RETRY, resultIntegrity, setUpRunsTest, tearDownRunsTest, waitForRun, type RunsTestContext } from "../test-support/db";
import { launchRun } from "./launch";
import { createSqlPool } from "./sql";
import { startWorker, type WorkerHandle } from "./worker";

let context: RunsTestContext;
let mock: MockProvider;

beforeAll(async () => {
  context = await setUpRunsTest();
  mock = await startMockProvider({ dataset: context.v1, behaviour: "oracle", latencyMs: 150 });
});

afterAll(async () => {
  await mock?.close();
  await tearDownRunsTest(context);
});

async function startWorkers(count: number, slots: number): Promise<WorkerHandle[]> {
  return Promise.all(
    Array.from({ length: count }, () => startWorker({ db: context.db, databaseUrl: context.databaseUrl, concurrency: slots, idlePollMs: 50, log: () => undefined })),
  );
}

describe("three workers with 16 slots each on one run limited to 10", () => {
  test("never more than 10 model requests in flight, the limit is reached, and the work is split fairly", async () => {
    const workers = await startWorkers(3, 16);
    try {
      mock.stats.maxInFlight = 0;
      const { runId } = await launchRun(
        { agent: "react", provider: "mock", model: "oracle", baseUrl: mock.url, limit: 120, concurrency: 10, retry: FAST_RETRY },
        context,
      );
      const run = await waitForRun(context.db, runId, 180_000);
      expect(run).toMatchObject({ status: "completed", tasksDone: 120, correctCount: 120 });
      expect(await resultIntegrity(context.db, runId)).toEqual({ done: 120, total: 120, distinct: 120, stepGaps: 0 });
      expect(mock.stats.maxInFlight).toBe(10);
      // Fair shares of 10 over three equal workers are 4/4/3 at once: each does a real part of the run.
      const split = workers.map((worker) => worker.stats.done);
      expect(split.reduce((sum, done) => sum + done, 0)).toBe(120);
      for (const done of split) expect(done).toBeGreaterThanOrEqual(24);
      const perWorker = await context.db.taskResult.groupBy({ by: ["workerId"], where: { runId }, _count: true });
      expect(perWorker.map((row) => row._count).sort()).toEqual([...split].sort());
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
    }
  });
});

describe("claimResults", () => {
  test("claimers racing on separate connections never hold more results of a run than its concurrency", async () => {
    const { runId } = await launchRun({ agent: "noop", limit: 60, concurrency: 7 }, context);
    const pools = Array.from({ length: 6 }, () => createSqlPool(context.databaseUrl, { max: 2 }));
    try {
      // Six claimers with no Worker row (like external agents: no fair share), all at once, twice each.
      const rounds = await Promise.all(pools.flatMap((sql, index) => [0, 1].map(() => claimResults(sql, { workerId: `external-${index}`, max: 5, runId }))));
      const claimed = rounds.flat();
      expect(claimed).toHaveLength(7);
      expect(new Set(claimed.map((result) => result.id)).size).toBe(7);
      expect(await context.db.taskResult.count({ where: { runId, status: "running" } })).toBe(7);
      expect(await context.db.run.findUniqueOrThrow({ where: { id: runId } })).toMatchObject({ status: "running" });
    } finally {
      await context.db.run.update({ where: { id: runId }, data: { status: "cancelled" } });
      await Promise.all(pools.map((sql) => sql.end()));
    }
  });

  test("a cancelling run's pending results are not claimed", async () => {
    const { runId } = await launchRun({ agent: "noop", limit: 5, concurrency: 5 }, context);
    await context.db.run.update({ where: { id: runId }, data: { status: "cancelling" } });
    const sql = createSqlPool(context.databaseUrl, { max: 1 });
    try {
      expect(await claimResults(sql, { workerId: "external", max: 5, runId })).toEqual([]);
    } finally {
      await context.db.run.update({ where: { id: runId }, data: { status: "cancelled" } });
      await sql.end();
    }
  });

  test("a result whose agent is done (settling) gives its place to the next claim, for every claimer", async () => {
    const { runId } = await launchRun({ agent: "noop", limit: 6, concurrency: 2 }, context);
    const sql = createSqlPool(context.databaseUrl, { max: 1 });
    try {
      const held = await claimResults(sql, { workerId: "settler-a", max: 5, runId });
      expect(held).toHaveLength(2);
      expect(await claimResults(sql, { workerId: "settler-b", max: 5, runId })).toEqual([]);
      // Another worker cannot free settler-a's places; settler-a can, and takes the place it freed.
      expect(await claimResults(sql, { workerId: "settler-b", max: 5, runId, settling: [held[0]!.id] })).toEqual([]);
      const next = await claimResults(sql, { workerId: "settler-a", max: 5, runId, settling: [held[0]!.id] });
      expect(next).toHaveLength(1);
      const marked = await context.db.taskResult.findMany({ where: { runId, status: "running" }, select: { id: true, agentDoneAt: true } });
      expect(marked.filter((row) => row.agentDoneAt !== null).map((row) => row.id)).toEqual([held[0]!.id]);
      // The mark is in the database: a claimer that knows nothing of it sees the run full as well.
      expect(await claimResults(sql, { workerId: "settler-b", max: 5, runId })).toEqual([]);
      // A new claim of a result clears its mark.
      await context.db.taskResult.update({ where: { id: held[0]!.id }, data: { status: "pending" } });
      await context.db.taskResult.updateMany({ where: { id: { in: [held[1]!.id, next[0]!.id] } }, data: { status: "done" } });
      const again = await claimResults(sql, { workerId: "settler-b", max: 1, runId });
      expect(again).toHaveLength(1);
      expect(await context.db.taskResult.findUniqueOrThrow({ where: { id: again[0]!.id } })).toMatchObject({ status: "running", agentDoneAt: null });
    } finally {
      await context.db.run.update({ where: { id: runId }, data: { status: "cancelled" } });
      await sql.end();
    }
  });

  test("releaseUnheldClaims gives back only the results a worker holds but is not running", async () => {
    const { runId } = await launchRun({ agent: "noop", limit: 6, concurrency: 6 }, context);
    const sql = createSqlPool(context.databaseUrl, { max: 1 });
    try {
      const mine = await claimResults(sql, { workerId: "worker-a", max: 4, runId });
      const theirs = await claimResults(sql, { workerId: "worker-b", max: 2, runId });
      expect(mine).toHaveLength(4);
      expect(theirs).toHaveLength(2);
      // worker-a still runs the first of its four; the other three were lost to it (a reply lost in a crash).
      expect(await releaseUnheldClaims(sql, "worker-a", [mine[0]!.id])).toBe(3);
      const running = await context.db.taskResult.findMany({ where: { runId, status: "running" }, select: { id: true } });
      expect(running.map((row) => row.id).sort()).toEqual([mine[0]!.id, ...theirs.map((result) => result.id)].sort());
      expect(await releaseUnheldClaims(sql, "worker-a", [mine[0]!.id])).toBe(0);
    } finally {
      await context.db.run.update({ where: { id: runId }, data: { status: "cancelled" } });
      await sql.end();
    }
  });
});
