// Runs with k > 1 trials per task: the CLI summary's pass@1 / pass^k / pass@k come from the stored
// results grouped by task.
import { afterAll, beforeAll, expect, test } from "vitest";
import { setUpRunsTest, tearDownRunsTest, waitForRun, type RunsTestContext } from "../test-support/db";
import { launchRun } from "./launch";
import { formatRunSummary, getRunSummary } from "./summary";
import { startWorker, type WorkerHandle } from "./worker";

let context: RunsTestContext;
let worker: WorkerHandle;

beforeAll(async () => {
  context = await setUpRunsTest();
  worker = await startWorker({ db: context.db, concurrency: 8, idlePollMs: 200, log: () => undefined });
});

afterAll(async () => {
  await worker?.stop();
  await tearDownRunsTest(context);
});

test("an oracle run with 3 trials per task reports pass@1, pass^3 and pass@3 grouped by task", async () => {
  const { runId, tasksTotal } = await launchRun({ agent: "oracle", limit: 4, trials: 3, concurrency: 8 }, context);
  expect(tasksTotal).toBe(12);
  expect(await waitForRun(context.db, runId)).toMatchObject({ status: "completed", tasksDone: 12, correctCount: 12 });
  expect((await getRunSummary(context.db, runId))?.consistency).toEqual({ k: 3, tasks: 4, incompleteTasks: 0, passAt1: 1, passHatK: 1, passAtK: 1 });

  // Make the four tasks read 111, 110, 100, 000 (by trial) to check the grouping on real rows.
  const results = await context.db.taskResult.findMany({ where: { runId }, orderBy: [{ taskId: "asc" }, { trial: "asc" }] });
  const wrong = results.filter((_, index) => [5, 7, 8, 9, 10, 11].includes(index)).map((result) => result.id);
  await context.db.taskResult.updateMany({ where: { id: { in: wrong } }, data: { correct: false } });

  const summary = await getRunSummary(context.db, runId);
  expect(summary?.consistency).toMatchObject({ k: 3, tasks: 4, incompleteTasks: 0, passHatK: 0.25, passAtK: 0.75 });
  expect(summary?.consistency?.passAt1).toBeCloseTo(6 / 12, 10);
  const text = formatRunSummary(summary!);
  expect(text).toMatch(/pass@1 \(mean over trials\)\s+50\.00 %/);
  expect(text).toMatch(/pass\^3 \(all 3 trials correct\)\s+25\.00 %/);
  expect(text).toMatch(/pass@3 \(any trial correct\)\s+75\.00 %/);
});

test("a single-trial run has no consistency figures", async () => {
  const { runId } = await launchRun({ agent: "noop", limit: 2, concurrency: 2 }, context);
  await waitForRun(context.db, runId);
  const summary = await getRunSummary(context.db, runId);
  expect(summary?.consistency).toBeNull();
  expect(formatRunSummary(summary!)).not.toContain("pass@");
});
