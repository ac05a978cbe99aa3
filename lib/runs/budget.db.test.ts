// Spending limits against real Postgres and the mock provider: a token budget stops the run as
// budget_exceeded with the tasks not started skipped (as a cancel skips them), the progress the run page
// shows agreeing with the counts; an unknown price needs a token budget;
// the per-launch cap and the per-user launch rate refuse with a message.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { getRunSummary } from "@/lib/queries/results";
import { checkLaunchRate } from "./budget";
import { recoverResults } from "./liveness";
import { createSqlPool } from "./sql";
import { FAST_RETRY, setUpWorkerTest, tearDownWorkerTest, waitForRun, type WorkerTestContext } from "../test-support/db";
import { launchRun, LaunchError } from "./launch";

let context: WorkerTestContext;

beforeAll(async () => {
  context = await setUpWorkerTest({ concurrency: 2, idlePollMs: 100, mockLatencyMs: 50 });
});

afterAll(async () => {
  await tearDownWorkerTest(context);
});

async function countsByStatus(runId: string): Promise<Record<string, number>> {
  const byStatus = await context.db.taskResult.groupBy({ by: ["status"], where: { runId }, _count: true });
  return Object.fromEntries(byStatus.map((row) => [row.status, row._count]));
}

const mockRun = () => ({ agent: "react", endpoint: "mock", model: "oracle", baseUrl: context.mock.url, retry: FAST_RETRY }) as const;

describe("per-run budget", () => {
  test("a token budget stops the run: budget_exceeded, tasks not started skipped, the reason stored", async () => {
    const { runId } = await launchRun({ ...mockRun(), limit: 40, concurrency: 2, budgetTokens: 3_000 }, context);
    const run = await waitForRun(context.db, runId, 120_000);
    expect(run.status).toBe("budget_exceeded");
    expect(run.error).toMatch(/Budget of 3000 tokens reached: tasks not started were skipped/);
    expect(run.inputTokens + run.outputTokens).toBeGreaterThanOrEqual(3_000);
    expect(run.tasksDone).toBeGreaterThan(0);
    expect(run.tasksDone).toBeLessThan(40);
    // Nothing is left running once the in-flight tasks have finished.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const counts = await countsByStatus(runId);
    expect(counts.running).toBeUndefined();
    expect(counts.pending).toBeUndefined();
    expect(counts.skipped).toBe(40 - (counts.done ?? 0));
    // The run page's progress bar (done/total · skipped) reads these, and agrees with the run row.
    const after = await context.db.run.findUniqueOrThrow({ where: { id: runId } });
    const { progress } = await getRunSummary({ runId, trials: after.trials, source: after.source });
    expect(progress).toEqual({ total: 40, done: after.tasksDone, running: 0, pending: 0, skipped: 40 - after.tasksDone });
    expect(counts.done).toBe(after.tasksDone);

    // A task that was in flight when the budget ran out and whose worker then died is given back to
    // pending by recovery: no worker claims it from a stopped run, so recovery skips it too.
    const done = await context.db.taskResult.findFirstOrThrow({ where: { runId, status: "done" }, select: { id: true } });
    const [straggler] = await context.db.taskResult.findMany({ where: { runId, status: "skipped" }, take: 1, select: { id: true } });
    await context.db.taskResult.update({ where: { id: straggler!.id }, data: { status: "pending" } });
    const sql = createSqlPool(context.databaseUrl, { max: 1 });
    try {
      await recoverResults(sql, { staleMs: 60_000, graceMs: 60_000 });
    } finally {
      await sql.end();
    }
    expect(await context.db.taskResult.findUniqueOrThrow({ where: { id: straggler!.id }, select: { status: true } })).toEqual({ status: "skipped" });
    expect(await context.db.taskResult.findUniqueOrThrow({ where: { id: done.id }, select: { status: true } })).toEqual({ status: "done" });
  });

  test("a model without a price cannot be held to a USD budget alone: the launch asks for tokens", async () => {
    // The keyless "custom" endpoint (openai-compatible prices: none listed) pointed at the mock.
    const unpriced = { ...mockRun(), endpoint: "custom" } as const;
    const error = await launchRun({ ...unpriced, limit: 2, budgetUsd: 1 }, context).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(LaunchError);
    expect(error).toMatchObject({ field: "budgetTokens", message: expect.stringMatching(/no price .* set a token budget/) });
    const { runId } = await launchRun({ ...unpriced, limit: 2, budgetUsd: 1, budgetTokens: 1_000_000 }, context);
    const run = await context.db.run.findUniqueOrThrow({ where: { id: runId } });
    expect(run.params).toMatchObject({ priceUnknown: true });
    expect(run).toMatchObject({ budgetUsd: 1, budgetTokens: 1_000_000 });
    await waitForRun(context.db, runId, 60_000);
  });
});

describe("launch limits", () => {
  test("tasks × trials above STUDIO_MAX_TASKS_PER_LAUNCH is refused before anything is stored", async () => {
    process.env.STUDIO_MAX_TASKS_PER_LAUNCH = "10";
    try {
      const before = await context.db.run.count();
      const error = await launchRun({ agent: "oracle", limit: 6, trials: 2 }, context).catch((thrown: unknown) => thrown);
      expect(error).toMatchObject({ code: "too_large", field: "limit", message: expect.stringContaining("6 tasks × 2 trials = 12 exceeds the limit of 10") });
      expect(await context.db.run.count()).toBe(before);
    } finally {
      delete process.env.STUDIO_MAX_TASKS_PER_LAUNCH;
    }
  });

  test("the per-user launch rate counts that user's launches of the last minute only", async () => {
    const actor = `rate-${Date.now()}@test.local`;
    const env = { STUDIO_LAUNCHES_PER_MINUTE: 3 };
    for (let launch = 0; launch < 3; launch++) {
      expect(await checkLaunchRate(context.db, actor, env)).toBeNull();
      await context.db.auditEvent.create({ data: { actor, action: "run.launch", target: `run-${launch}` } });
    }
    expect(await checkLaunchRate(context.db, actor, env)).toMatch(/At most 3 launches per minute/);
    expect(await checkLaunchRate(context.db, `other-${actor}`, env)).toBeNull();
    await context.db.auditEvent.updateMany({ where: { actor }, data: { createdAt: new Date(Date.now() - 61_000) } });
    expect(await checkLaunchRate(context.db, actor, env)).toBeNull();
  });
});
