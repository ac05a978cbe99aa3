// The run lifecycle under pressure, on real Postgres: bad launches create nothing, a cancelled run does
// not stop the worker serving others, each run keeps to its own concurrency, and an unreachable
// provider ends as recorded task errors rather than a crash.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { cancelRun } from "./cancel";
import { DATA_DIR, FAST_RETRY, setUpWorkerTest, tearDownWorkerTest, waitForRun, type WorkerTestContext } from "../test-support/db";
import { launchRun, LaunchError } from "./launch";

let context: WorkerTestContext;

beforeAll(async () => {
  context = await setUpWorkerTest({ concurrency: 16, idlePollMs: 100, mockLatencyMs: 60 });
});

afterAll(async () => {
  await tearDownWorkerTest(context);
});

const slowOracle = (limit: number, concurrency: number) =>
  ({ agent: "react", provider: "mock", model: "oracle", baseUrl: context.mock.url, limit, concurrency, retry: FAST_RETRY }) as const;

describe("launch", () => {
  test.each([
    ["/nowhere/email/gpt-4_all_2024-03-21_15-40-36.csv", "no such results file"],
    ["/tmp", "not a file"],
  ])("a replay of %s is a launch error that names the file and creates nothing", async (file, message) => {
    const before = await context.db.run.count();
    const launch = launchRun({ agent: "replay", resultsFile: file, limit: 2 }, context);
    await expect(launch).rejects.toBeInstanceOf(LaunchError);
    await expect(launch).rejects.toThrow(`${file}: ${message}`);
    expect(await context.db.run.count()).toBe(before);
  });
});

describe("with one worker for every run", () => {
  const emailResults = path.join(DATA_DIR, "v1/data/results/email/gpt-4_all_2024-03-21_15-21-12.csv");

  test("a replay covers only the tasks its file recorded, whatever the limit", async () => {
    const { runId, tasksTotal } = await launchRun({ agent: "replay", resultsFile: emailResults, limit: 3 }, context);
    expect(tasksTotal).toBe(3);
    const results = await context.db.taskResult.findMany({ where: { runId }, include: { task: true } });
    expect(results.map((result) => result.task.domain)).toEqual(["email", "email", "email"]);
    expect(await waitForRun(context.db, runId)).toMatchObject({ status: "completed", tasksDone: 3 });
  });

  test("a replay whose file has no row in the selected domains is refused and creates nothing", async () => {
    const before = await context.db.run.count();
    const launch = launchRun({ agent: "replay", resultsFile: emailResults, domains: ["calendar"] }, context);
    await expect(launch).rejects.toThrow("No selected task is in");
    expect(await context.db.run.count()).toBe(before);
  });

  test("two runs at once each stay within their own concurrency and both complete", async () => {
    const narrow = await launchRun(slowOracle(16, 2), context);
    const wide = await launchRun(slowOracle(30, 6), context);
    const peak = new Map<string, number>();
    for (;;) {
      // A running result whose agent is done (its verdict being written) takes no place any more (claim.ts).
      const running = await context.db.taskResult.groupBy({
        by: ["runId"], where: { runId: { in: [narrow.runId, wide.runId] }, status: "running", agentDoneAt: null }, _count: true,
      });
      for (const row of running) peak.set(row.runId, Math.max(peak.get(row.runId) ?? 0, row._count));
      const left = await context.db.run.count({ where: { id: { in: [narrow.runId, wide.runId] }, status: { notIn: ["completed", "failed", "cancelled"] } } });
      if (left === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
    expect(peak.get(narrow.runId)).toBeLessThanOrEqual(2);
    expect(peak.get(wide.runId)).toBeLessThanOrEqual(6);
    expect(peak.get(wide.runId)).toBeGreaterThan(2); // the narrow run's limit is not applied to the wide one
    expect(await waitForRun(context.db, narrow.runId)).toMatchObject({ status: "completed", tasksDone: 16, correctCount: 16 });
    expect(await waitForRun(context.db, wide.runId)).toMatchObject({ status: "completed", tasksDone: 30, correctCount: 30 });
  });

  test("cancelling one run ends it cancelled while the worker finishes the other and takes new ones", async () => {
    const doomed = await launchRun(slowOracle(60, 2), context);
    const other = await launchRun(slowOracle(20, 4), context);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await cancelRun(context.db, doomed.runId)).toMatch(/^cancell(ing|ed)$/);
    const cancelled = await waitForRun(context.db, doomed.runId, 30_000);
    expect(cancelled.status).toBe("cancelled");
    expect(cancelled.tasksDone).toBeLessThan(60);
    expect(await context.db.taskResult.count({ where: { runId: doomed.runId, status: "running" } })).toBe(0);
    expect(await waitForRun(context.db, other.runId)).toMatchObject({ status: "completed", tasksDone: 20, correctCount: 20 });

    const after = await launchRun({ agent: "oracle", limit: 5, concurrency: 4 }, context);
    expect(await waitForRun(context.db, after.runId, 30_000)).toMatchObject({ status: "completed", tasksDone: 5 });
    expect(await cancelRun(context.db, doomed.runId)).toBe("not_active"); // cancelling again is harmless
  });

  test("an unreachable keyless endpoint: every task is a provider error and the run ends failed, saying why", async () => {
    const { runId } = await launchRun(
      { agent: "react", endpoint: "custom", model: "any", baseUrl: "http://127.0.0.1:9/v1", limit: 4, concurrency: 4, retry: { maxRetries: 1, baseDelayMs: 1 } },
      context,
    );
    expect(await waitForRun(context.db, runId, 60_000)).toMatchObject({
      status: "failed", tasksDone: 4, correctCount: 0, errorCount: 4, error: "Run failed: every task failed at the provider (4/4)",
    });
    const results = await context.db.taskResult.findMany({ where: { runId } });
    expect(results.map((result) => [result.status, result.errorKind])).toEqual(Array(4).fill(["done", "provider"]));
    const after = await launchRun({ agent: "oracle", limit: 3 }, context);
    expect(await waitForRun(context.db, after.runId, 30_000)).toMatchObject({ status: "completed", tasksDone: 3 });
  });
});
