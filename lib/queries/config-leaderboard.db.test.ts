// The configuration board's pass^k comes from per-task trial counts pooled per configuration and
// cached by the runs' states: it must equal the figure computed from the raw results, before and after
// a run's verdicts change.
import { afterAll, beforeAll, expect, test } from "vitest";
import { passHatKEstimate } from "@/lib/metrics/trial-consistency";
import { setUpWorkerTest, tearDownWorkerTest, waitForRun, type WorkerTestContext } from "@/lib/test-support/db";
import { launchRun } from "@/lib/runs/launch";
import { configKeyParam } from "@/lib/metrics/config-leaderboard";
import { configKeyOfRun, getConfigLeaderboard, getConfiguration, resolveConfigParam } from "./config-leaderboard";

let context: WorkerTestContext;

beforeAll(async () => {
  context = await setUpWorkerTest({ concurrency: 4, idlePollMs: 50, mockLatencyMs: 0 });
});

afterAll(async () => {
  await tearDownWorkerTest(context);
});

/** pass^k of a set of runs straight from TaskResult: each task's trials summed over the runs. */
async function passHatKFromResults(runIds: readonly string[]) {
  const rows = await context.db.taskResult.groupBy({ by: ["taskId"], where: { runId: { in: [...runIds] }, status: "done" }, _count: true });
  const correct = await context.db.taskResult.groupBy({ by: ["taskId"], where: { runId: { in: [...runIds] }, status: "done", correct: true }, _count: true });
  const correctOf = new Map(correct.map((row) => [row.taskId, row._count]));
  const k = Math.min(...rows.map((row) => row._count));
  return { k, passHatK: rows.reduce((sum, row) => sum + passHatKEstimate(row._count, correctOf.get(row.taskId) ?? 0, k), 0) / rows.length };
}

test("pass^k of a configuration equals the raw results' figure, and follows a change to a run's verdicts", async () => {
  // Two 2-trial oracle runs of a configuration no other test launches (v2026, domain tools): other
  // 1-trial runs pooled in would make k = 1. The reference below reads whatever runs the row holds.
  const runIds: string[] = [];
  for (let i = 0; i < 2; i++) {
    const { runId } = await launchRun({ agent: "oracle", groundTruth: "v2026", toolSet: "domains", limit: 3, trials: 2, concurrency: 4 }, context);
    expect((await waitForRun(context.db, runId, 60_000)).status).toBe("completed");
    runIds.push(runId);
  }
  const board = async () => {
    const { rows } = await getConfigLeaderboard({ includePartial: true, agent: "oracle", groundTruth: "v2026", toolSet: "domains", sort: "passAt1", direction: "desc" });
    const key = await configKeyOfRun(runIds[0] as string);
    expect(await configKeyOfRun(runIds[1] as string)).toBe(key);
    const row = rows.find((candidate) => candidate.key === key);
    if (!row) throw new Error("no configuration row holds both runs");
    const pooled = (await getConfiguration(row.key))?.runs.map((run) => run.id) ?? [];
    expect(pooled).toEqual(expect.arrayContaining(runIds));
    return { k: row.k, passHatK: row.passHatK, runIds: pooled };
  };
  const first = await board();
  expect(first).toMatchObject(await passHatKFromResults(first.runIds));
  expect(first.passHatK).not.toBeNull();
  expect(await board()).toEqual(first); // served from the cache: same figures

  // One trial of one task turns wrong, as a re-score would leave it: the run's counts change with it.
  const result = await context.db.taskResult.findFirstOrThrow({ where: { runId: runIds[0], correct: true } });
  await context.db.taskResult.update({ where: { id: result.id }, data: { correct: false } });
  await context.db.run.update({ where: { id: runIds[0] }, data: { correctCount: { decrement: 1 } } });
  const after = await board();
  expect(after).toMatchObject(await passHatKFromResults(after.runIds));
  expect(after.passHatK).toBeLessThan(first.passHatK as number);

  // A verdict changed without the run's counters (the tallies kept on write change with it): seen too.
  const another = await context.db.taskResult.findFirstOrThrow({ where: { runId: runIds[1], correct: true, taskId: { not: result.taskId } } });
  await context.db.taskResult.update({ where: { id: another.id }, data: { correct: false } });
  const last = await board();
  expect(last).toMatchObject(await passHatKFromResults(last.runIds));
  expect(last.passHatK).toBeLessThan(after.passHatK as number);
});

test("every configuration on the board is found again from its page address, the short one and the older whole-key one", async () => {
  const { rows } = await getConfigLeaderboard({ includePartial: true, includeTests: true, sort: "passAt1", direction: "desc" });
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) {
    expect(await resolveConfigParam(configKeyParam(row.key))).toBe(row.key);
    expect(await resolveConfigParam(Buffer.from(row.key, "utf8").toString("base64url"))).toBe(row.key);
  }
  // A short address no configuration has, and text that is neither form, name nothing.
  expect(await resolveConfigParam("cAAAAAAAAAAAAAAA")).toBeNull();
  expect(await resolveConfigParam("not-a-configuration")).toBeNull();
});
