// RunTally is maintained by triggers in the writing transaction: inserts, verdict rewrites and deletes
// of TaskResult rows keep it equal to a recount, and rebuildRunAggregates repairs a damaged one.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import path from "node:path";
import { DATA_DIR, setUpRunsTest, tearDownRunsTest, type RunsTestContext } from "../test-support/db";
import { importRecordedResults } from "./import/import-results";
import { rebuildAllRunAggregates, rebuildRunAggregates } from "./run-tally";

let context: RunsTestContext;

beforeAll(async () => {
  context = await setUpRunsTest();
});

afterAll(async () => {
  await tearDownRunsTest(context);
});

type Tally = { domain: string; actionCount: number; n: number; correct: number; sideEffects: number; exactMatch: number; errors: number };

async function tallies(runId: string): Promise<Tally[]> {
  const rows = await context.db.runTally.findMany({ where: { runId, n: { gt: 0 } }, orderBy: [{ domain: "asc" }, { actionCount: "asc" }] });
  return rows.map(({ domain, actionCount, n, correct, sideEffects, exactMatch, errors }) => ({ domain, actionCount, n, correct, sideEffects, exactMatch, errors }));
}

/** The same counts recomputed from TaskResult, independently of the trigger and of run-tally.ts. */
async function recount(runId: string): Promise<Tally[]> {
  const results = await context.db.taskResult.findMany({ where: { runId, status: "done" }, include: { task: true } });
  const byKey = new Map<string, Tally>();
  for (const result of results) {
    const key = `${result.task.domain}|${result.task.actionCount}`;
    const tally = byKey.get(key) ?? { domain: result.task.domain, actionCount: result.task.actionCount, n: 0, correct: 0, sideEffects: 0, exactMatch: 0, errors: 0 };
    tally.n += 1;
    tally.correct += result.correct ? 1 : 0;
    tally.sideEffects += result.sideEffects ? 1 : 0;
    tally.exactMatch += result.exactMatch ? 1 : 0;
    tally.errors += result.error === null ? 0 : 1;
    byKey.set(key, tally);
  }
  return [...byKey.values()].sort((x, y) => x.domain.localeCompare(y.domain) || x.actionCount - y.actionCount);
}

async function makeRun(taskCount: number) {
  const dataset = await context.db.dataset.findFirstOrThrow();
  const tasks = await context.db.task.findMany({ where: { version: { name: "v1" } }, orderBy: { position: "asc" }, take: taskCount });
  const run = await context.db.run.create({
    data: { name: `tally ${randomUUID()}`, datasetId: dataset.id, groundTruth: "v1", source: "launched", agent: "noop", toolSet: "all", params: {} },
  });
  // Spread over domains and action counts: every 3rd correct, every 4th with side effects, every 5th errored.
  await context.db.taskResult.createMany({
    data: tasks.map((task, index) => ({
      runId: run.id,
      taskId: task.id,
      status: index % 7 === 0 ? ("pending" as const) : ("done" as const),
      correct: index % 3 === 0,
      sideEffects: index % 4 === 0,
      exactMatch: index % 6 === 0,
      error: index % 5 === 0 ? "boom" : null,
    })),
  });
  return run;
}

describe("RunTally", () => {
  test("follows inserts, verdict rewrites, status changes and deletes of results", async () => {
    const run = await makeRun(120);
    expect((await tallies(run.id)).length).toBeGreaterThan(3);
    expect(await tallies(run.id)).toEqual(await recount(run.id));

    // A re-score flips verdicts; pending results finish; some results go away.
    await context.db.taskResult.updateMany({ where: { runId: run.id, status: "done" }, data: { correct: true, error: null } });
    await context.db.taskResult.updateMany({ where: { runId: run.id, status: "pending" }, data: { status: "done", sideEffects: true } });
    const some = await context.db.taskResult.findMany({ where: { runId: run.id }, take: 10, select: { id: true } });
    await context.db.taskResult.deleteMany({ where: { id: { in: some.map((row) => row.id) } } });
    const five = await context.db.taskResult.findMany({ where: { runId: run.id, correct: true }, take: 5, select: { id: true } });
    await context.db.taskResult.updateMany({ where: { id: { in: five.map((row) => row.id) } }, data: { status: "running" } });
    expect(await tallies(run.id)).toEqual(await recount(run.id));
  });

  test("a failed transaction leaves the tallies as they were", async () => {
    const run = await makeRun(30);
    const before = await tallies(run.id);
    await expect(
      context.db.$transaction(async (tx) => {
        await tx.taskResult.updateMany({ where: { runId: run.id }, data: { correct: false } });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await tallies(run.id)).toEqual(before);
  });

  test("rebuildRunAggregates and rebuildAllRunAggregates repair damaged tallies", async () => {
    const run = await makeRun(60);
    const expected = await recount(run.id);
    await context.db.runTally.updateMany({ where: { runId: run.id }, data: { n: 999, correct: -1 } });
    await rebuildRunAggregates(context.db, run.id);
    expect(await tallies(run.id)).toEqual(expected);

    await context.db.runTally.deleteMany({ where: { runId: run.id } });
    expect(await rebuildAllRunAggregates(context.db)).toBeGreaterThan(0);
    expect(await tallies(run.id)).toEqual(expected);
  });

  test("an imported run comes with its tallies", async () => {
    const file = path.join(DATA_DIR, "v1/data/results/email/gpt-4_all_2024-03-21_15-21-12.csv");
    const [imported] = await importRecordedResults(context.db, { resultsPath: file, groundTruth: "v1" });
    const tally = await tallies(imported!.runId);
    expect(tally.reduce((sum, row) => sum + row.n, 0)).toBe(imported!.tasks);
    expect(tally).toEqual(await recount(imported!.runId));
  });

  test("deleting a run deletes its tallies", async () => {
    const run = await makeRun(20);
    await context.db.run.delete({ where: { id: run.id } });
    expect(await context.db.runTally.count({ where: { runId: run.id } })).toBe(0);
  });
});
