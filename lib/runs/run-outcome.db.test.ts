// What happened to a run, on real Postgres: a run whose every task failed at the provider is stored
// `failed` (with why) and ranked on neither leaderboard; one with a few provider failures completes
// and its run page rates leave those tasks out; cancelling skips the tasks no worker started.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { configKeyOfRun, getConfigLeaderboard } from "@/lib/queries/config-leaderboard";
import { getLeaderboard } from "@/lib/queries/leaderboard";
import { getRunSummary } from "@/lib/queries/results";
import { listRuns } from "@/lib/queries/runs";
import { cancelRun } from "./cancel";
import { FAST_RETRY, setUpWorkerTest, tearDownWorkerTest, waitForRun, type WorkerTestContext } from "../test-support/db";
import { launchRun } from "./launch";
import { judgeCompletedRun } from "./persist-result";
import { createSqlPool } from "./sql";

let context: WorkerTestContext;

beforeAll(async () => {
  context = await setUpWorkerTest({ concurrency: 4, idlePollMs: 50, mockLatencyMs: 0 });
});

afterAll(async () => {
  await tearDownWorkerTest(context);
});

/** Nothing listens on port 9 (discard): every model request fails at the provider, after one retry. */
const UNREACHABLE = "http://127.0.0.1:9/v1";
/** A model name no other test uses, so this run's configuration is its own leaderboard row. */
const MODEL = "run-outcome-unreachable";

describe("provider failures", () => {
  test("a run whose every task failed at the provider is failed, says why, and is ranked nowhere", async () => {
    const { runId } = await launchRun(
      { agent: "react", provider: "mock", model: MODEL, baseUrl: UNREACHABLE, domains: ["email"], limit: 4, concurrency: 4, retry: { maxRetries: 1, baseDelayMs: 1 } },
      { db: context.db },
    );
    const run = await waitForRun(context.db, runId, 60_000);
    expect(run).toMatchObject({ status: "failed", tasksDone: 4, correctCount: 0, error: "Run failed: every task failed at the provider (4/4)" });
    const kinds = await context.db.taskResult.findMany({ where: { runId }, select: { errorKind: true } });
    expect(kinds.map((row) => row.errorKind)).toEqual(["provider", "provider", "provider", "provider"]);

    // The run page: nothing scored, the failures counted apart (not as "no actions"), no exact match.
    const summary = await getRunSummary({ runId, source: run.source });
    expect(summary).toMatchObject({ done: 4, providerFailures: 4 });
    expect(summary.overall.n).toBe(0);
    expect(summary.overall.exactMatch).toBe(0);
    expect(summary.errors.noActions).toBe(0);
    // The runs list reads the count kept on write; it equals the results' count.
    const { runs } = await listRuns({ page: 0 });
    expect(runs.find((listed) => listed.id === runId)?.board?.providerFailures).toBe(4);

    // Neither leaderboard ranks it, partial runs included.
    const runRows = await getLeaderboard({ includeTests: true, pageSize: 10_000 });
    expect(runRows.rows.map((row) => row.id)).not.toContain(runId);
    const board = await getConfigLeaderboard({ includePartial: true, includeTests: true, sort: "passAt1", direction: "desc" });
    expect(await configKeyOfRun(runId)).toBeNull();
    expect(board.rows.map((row) => row.model)).not.toContain(MODEL);
  });

  test("a completed run is judged by the shared rule: a few provider failures keep it completed", async () => {
    const { runId } = await launchRun(
      { agent: "react", provider: "mock", model: "oracle", baseUrl: context.mock.url, domains: ["email"], limit: 10, retry: FAST_RETRY },
      { db: context.db },
    );
    expect(await waitForRun(context.db, runId, 60_000)).toMatchObject({ status: "completed", correctCount: 10 });
    const sql = createSqlPool(context.databaseUrl, { max: 1 });
    try {
      // Two of ten tasks turned into provider failures (20 %, the allowed share): still completed.
      const results = await context.db.taskResult.findMany({ where: { runId }, orderBy: { id: "asc" }, take: 3 });
      const fail = (ids: string[]) =>
        context.db.taskResult.updateMany({ where: { id: { in: ids } }, data: { errorKind: "provider", error: "Provider error (network): down", correct: false } });
      await fail(results.slice(0, 2).map((result) => result.id));
      expect(await judgeCompletedRun(sql, runId)).toBe("completed");
      const summary = await getRunSummary({ runId, source: "launched" });
      expect(summary).toMatchObject({ done: 10, providerFailures: 2 });
      expect((await listRuns({ page: 0 })).runs.find((listed) => listed.id === runId)?.board?.providerFailures).toBe(2);
      expect(summary.overall).toMatchObject({ n: 8, correct: 8, accuracy: 1 }); // rates over the 8 scored tasks

      // A third (30 %): more than the allowed share, the run turns failed.
      await fail([results[2]!.id]);
      expect(await judgeCompletedRun(sql, runId)).toBe("failed");
      expect(await context.db.run.findUniqueOrThrow({ where: { id: runId } })).toMatchObject({
        status: "failed",
        error: "Run failed: 3/10 tasks (30.0 %) failed at the provider, more than the allowed 20 %",
      });
    } finally {
      await sql.end();
    }
  });
});

describe("cancel", () => {
  test("the tasks no worker started are skipped, and done + skipped + running add up to the total", async () => {
    // Cancelled right after launch, with concurrency 1: at most a task or two has started.
    const { runId, tasksTotal } = await launchRun(
      { agent: "react", provider: "mock", model: "oracle", baseUrl: context.mock.url, limit: 40, concurrency: 1, retry: FAST_RETRY },
      { db: context.db },
    );
    expect(await cancelRun(context.db, runId)).toMatch(/^cancell(ing|ed)$/);
    const run = await waitForRun(context.db, runId, 30_000);
    expect(run.status).toBe("cancelled");
    const counts = await context.db.taskResult.groupBy({ by: ["status"], where: { runId }, _count: true });
    const byStatus: Record<string, number> = Object.fromEntries(counts.map((row) => [row.status, row._count]));
    expect(byStatus.pending).toBeUndefined();
    expect(byStatus.running).toBeUndefined();
    expect(byStatus.skipped).toBeGreaterThan(0);
    expect((byStatus.done ?? 0) + (byStatus.skipped ?? 0)).toBe(tasksTotal);
    expect(run.tasksDone).toBe(byStatus.done ?? 0);
    // Cancelling again changes nothing.
    expect(await cancelRun(context.db, runId)).toBe("not_active");
  });
  test("a cancel racing a run's first claim waits for it instead of deadlocking", async () => {
    // An external run: no worker claims it, so this test plays the claim itself, in the claim's own lock
    // order (run lock, pending results, then the queued Run row), with the cancel arriving in between.
    const { runId } = await launchRun({ agent: "external", domains: ["email"], limit: 4, concurrency: 1 }, { db: context.db });
    const claimer = createSqlPool(context.databaseUrl, { max: 1 });
    const watcher = createSqlPool(context.databaseUrl, { max: 1 });
    try {
      const cancelled = await claimer.transaction(async (tx) => {
        await tx.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [`workbench-run:${runId}`]);
        await tx.query(`SELECT id FROM "TaskResult" WHERE "runId" = $1 AND status = 'pending' LIMIT 1 FOR UPDATE`, [runId]);
        const cancelling = cancelRun(context.db, runId);
        // Wait until the cancel is blocked on a lock, however long a busy machine takes to get there.
        for (let waited = 0; ; waited += 50) {
          const { rows } = await watcher.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_activity
              WHERE datname = current_database() AND wait_event_type = 'Lock'
                AND (query LIKE '%cancelling%' OR query LIKE '%pg_advisory_xact_lock%')`,
          );
          if (rows[0]!.n > 0) break;
          if (waited > 60_000) throw new Error("the cancel never waited for the claim's locks");
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        await tx.query(`UPDATE "Run" SET status = 'running', "startedAt" = now() WHERE id = $1 AND status = 'queued'`, [runId]);
        return { cancelling }; // not awaited here: the cancel can only go on once this commits
      });
      expect(await cancelled.cancelling).toMatch(/^cancell(ing|ed)$/);
      const run = await context.db.run.findUniqueOrThrow({ where: { id: runId } });
      expect(run.status).toBe("cancelled");
    } finally {
      await claimer.end();
      await watcher.end();
    }
  });
});
