// The leaderboards read figures kept on write (RunTally's provider columns, RunBoard, ConfigTaskTally,
// ConfigTrialHistogram: migration leaderboard_tallies). Runs are made through the product's own write
// paths (worker persist, recorded import, re-score, cancel, delete) and after each step every maintained
// table is compared with a recount from TaskResult written here, by the stated rules:
//   - a result is scored when it is done and did not fail at the provider (PROVIDER_FAILURE_KINDS),
//     except in recorded runs, which are scored as their evaluator did;
//   - a configuration counts the runs that completed or were recorded and are not archived, grouped by
//     (dataset, ground truth, version, protocol, scoring revision, model, agent, tool set), test runs
//     (on the mock endpoint, or marked) apart from the others.
import { mkdir, mkdtemp, readdir, rm, symlink } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DATA_DIR, FAST_RETRY, setUpWorkerTest, tearDownWorkerTest, waitForRun, type WorkerTestContext } from "@/lib/test-support/db";
import { importRecordedResults } from "@/lib/runs/import/import-results";
import { launchRun } from "@/lib/runs/launch";
import { cancelRun } from "@/lib/runs/cancel";
import { rescoreRun } from "@/lib/runs/rescore";
import { rebuildAllRunAggregates } from "@/lib/runs/run-tally";
import { PROVIDER_FAILURE_KINDS } from "@/lib/runs/run-outcome";
import { passHatKEstimate } from "@/lib/metrics/trial-consistency";
import { wilsonInterval } from "@/lib/metrics/wilson";
import { getLeaderboard } from "./leaderboard";
import { configKeyOfRun, getConfigLeaderboard, getConfiguration } from "./config-leaderboard";
import { listResultsForTask, TASK_RESULT_PAGE_SIZE } from "./results";

let context: WorkerTestContext;
let scratch: string;

beforeAll(async () => {
  context = await setUpWorkerTest({ concurrency: 4, idlePollMs: 50, mockLatencyMs: 0 });
  scratch = await mkdtemp(path.join(os.tmpdir(), "leaderboard-tallies-"));
});

afterAll(async () => {
  await tearDownWorkerTest(context);
  await rm(scratch, { recursive: true, force: true });
});

interface ResultRow {
  runId: string;
  taskId: string;
  domain: string;
  actionCount: number;
  status: string;
  correct: boolean | null;
  sideEffects: boolean | null;
  exactMatch: boolean | null;
  errorKind: string | null;
  run: { source: string; status: string; datasetId: string; groundTruth: string; versionId: string | null; protocol: string; scoringRevision: string | null; model: string | null; agent: string; toolSet: string; testRun: boolean; archivedAt: Date | null; params: unknown };
}

async function allResults(): Promise<ResultRow[]> {
  const rows = await context.db.taskResult.findMany({
    select: {
      runId: true, taskId: true, status: true, correct: true, sideEffects: true, exactMatch: true, errorKind: true,
      task: { select: { domain: true, actionCount: true } },
      run: { select: { source: true, status: true, datasetId: true, groundTruth: true, versionId: true, protocol: true, scoringRevision: true, model: true, agent: true, toolSet: true, testRun: true, archivedAt: true, params: true } },
    },
  });
  return rows.map(({ task, ...row }) => ({ ...row, status: String(row.status), run: { ...row.run, status: String(row.run.status) }, domain: task.domain, actionCount: task.actionCount }));
}

const isProviderFailure = (row: ResultRow) => row.errorKind !== null && PROVIDER_FAILURE_KINDS.has(row.errorKind);
const isScored = (row: ResultRow) => row.status === "done" && (row.run.source === "imported" || !isProviderFailure(row));
const counted = (run: ResultRow["run"]) => (run.status === "completed" || run.source === "imported") && run.archivedAt === null;
/** The stated rule: the run's columns, then "fault=<rate>" for a run launched with injected faults, then "test" for a test run. */
const configOf = (run: ResultRow["run"]) => {
  const parts: (string | null)[] = [run.datasetId, run.groundTruth, run.versionId, run.protocol, run.scoringRevision, run.model, run.agent, run.toolSet];
  const faultRate = (run.params as { faultRate?: unknown } | null)?.faultRate;
  if (typeof faultRate === "number" && faultRate > 0) parts.push(`fault=${faultRate}`);
  if (run.testRun) parts.push("test");
  return JSON.stringify(parts);
};
const rate = (part: number, whole: number) => (whole > 0 ? part / whole : 0);
const byKey = <T,>(entries: [string, T][]) => Object.fromEntries([...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/** RunBoard's figures recounted from TaskResult. */
const COUNTS = ["done", "providerFailures", "n", "correct", "sideEffects", "exactMatch", "zeroN", "zeroCorrect", "onePlusN", "onePlusCorrect", "twoPlusN", "twoPlusCorrect"] as const;
type Counts = Record<(typeof COUNTS)[number], number>;
type DomainCell = { done: number; results: number; correct: number; sideEffects: number };

function expectedBoards(results: readonly ResultRow[]) {
  const boards = new Map<string, { counts: Counts; domains: Record<string, DomainCell> }>();
  for (const row of results) {
    if (row.status !== "done") continue;
    const board = boards.get(row.runId) ?? { counts: Object.fromEntries(COUNTS.map((name) => [name, 0])) as Counts, domains: {} };
    const b = board.counts;
    const domain = (board.domains[row.domain] ??= { done: 0, results: 0, correct: 0, sideEffects: 0 });
    b.done += 1;
    domain.done += 1;
    if (isScored(row)) {
      b.n += 1;
      domain.results += 1;
      if (row.correct) (b.correct += 1), (domain.correct += 1);
      if (row.sideEffects) (b.sideEffects += 1), (domain.sideEffects += 1);
      if (row.exactMatch) b.exactMatch += 1;
      if (row.actionCount === 0) (b.zeroN += 1), (b.zeroCorrect += row.correct ? 1 : 0);
      if (row.actionCount > 0) (b.onePlusN += 1), (b.onePlusCorrect += row.correct ? 1 : 0);
      if (row.actionCount > 1) (b.twoPlusN += 1), (b.twoPlusCorrect += row.correct ? 1 : 0);
    } else b.providerFailures += 1;
    boards.set(row.runId, board);
  }
  return byKey(
    [...boards].map(([runId, { counts: b, domains }]) => [
      runId,
      {
        ...b, domains,
        accuracy: rate(b.correct, b.n), sideEffectRate: rate(b.sideEffects, b.n), exactMatchRate: rate(b.exactMatch, b.n),
        zeroAction: rate(b.zeroCorrect, b.zeroN), onePlus: rate(b.onePlusCorrect, b.onePlusN), twoPlus: rate(b.twoPlusCorrect, b.twoPlusN),
      },
    ]),
  );
}

/** Per (configuration, task) scored trials and correct ones, and the histogram over tasks, recounted. */
function expectedConfigs(results: readonly ResultRow[]) {
  const tasks = new Map<string, { trials: number; correct: number; domain: string }>();
  for (const row of results) {
    if (!counted(row.run) || !isScored(row)) continue;
    const key = `${configOf(row.run)}|${row.taskId}`;
    const tally = tasks.get(key) ?? { trials: 0, correct: 0, domain: row.domain };
    tally.trials += 1;
    tally.correct += row.correct ? 1 : 0;
    tasks.set(key, tally);
  }
  const histogram = new Map<string, number>();
  for (const [key, tally] of tasks) {
    const cell = `${key.slice(0, key.lastIndexOf("|"))}|${tally.domain}|${tally.trials}|${tally.correct}`;
    histogram.set(cell, (histogram.get(cell) ?? 0) + 1);
  }
  return { tasks: byKey([...tasks]), histogram: byKey([...histogram]) };
}

/** What the database keeps, in the same shapes (configuration keys re-serialised the same way). */
async function maintained() {
  const boards = await context.db.runBoard.findMany();
  const tasks = await context.db.configTaskTally.findMany({ where: { trials: { gt: 0 } } });
  const cells = await context.db.configTrialHistogram.findMany({ where: { tasks: { gt: 0 } } });
  const key = (configKey: string) => JSON.stringify(JSON.parse(configKey));
  return {
    boards: byKey(boards.map(({ runId, ...board }) => [runId, board as unknown])),
    tasks: byKey(tasks.map((row) => [`${key(row.configKey)}|${row.taskId}`, { trials: row.trials, correct: row.correct, domain: row.domain }])),
    histogram: byKey(cells.map((row) => [`${key(row.configKey)}|${row.domain}|${row.trials}|${row.correct}`, row.tasks])),
  };
}

/** Every RunTally row (provider columns included) against a recount. */
async function expectRunTallyExact(results: readonly ResultRow[]) {
  const expected = new Map<string, number[]>();
  for (const row of results) {
    if (row.status !== "done") continue;
    const key = `${row.runId}|${row.domain}|${row.actionCount}`;
    const t = expected.get(key) ?? [0, 0, 0, 0, 0, 0, 0, 0];
    const pf = isProviderFailure(row);
    const flags = [true, row.correct, row.sideEffects, row.exactMatch, pf, pf && row.correct, pf && row.sideEffects, pf && row.exactMatch];
    flags.forEach((flag, i) => (t[i]! += flag ? 1 : 0));
    expected.set(key, t);
  }
  const rows = await context.db.runTally.findMany({ where: { n: { gt: 0 } } });
  const actual = rows.map((t) => [`${t.runId}|${t.domain}|${t.actionCount}`, [t.n, t.correct, t.sideEffects, t.exactMatch, t.providerFailures, t.providerCorrect, t.providerSideEffects, t.providerExactMatch]] as [string, number[]]);
  expect(byKey(actual)).toEqual(byKey([...expected]));
}

async function expectAllExact(step: string) {
  const results = await allResults();
  await expectRunTallyExact(results);
  const kept = await maintained();
  const configs = expectedConfigs(results);
  expect(kept.boards, `RunBoard after ${step}`).toEqual(expectedBoards(results));
  expect(kept.tasks, `ConfigTaskTally after ${step}`).toEqual(configs.tasks);
  expect(kept.histogram, `ConfigTrialHistogram after ${step}`).toEqual(configs.histogram);
}

async function launchAndWait(input: Parameters<typeof launchRun>[0]) {
  const { runId } = await launchRun(input, { db: context.db });
  const run = await waitForRun(context.db, runId, 120_000);
  return { runId, run };
}

/** One recorded model (gpt-4, all tools): its six domain files linked into a folder of their own. */
async function importOneRecordedModel(): Promise<string> {
  const source = path.join(DATA_DIR, "v1/data/results");
  const folder = path.join(scratch, "results");
  for (const domain of ["analytics", "calendar", "customer_relationship_manager", "email", "multi_domain", "project_management"]) {
    await mkdir(path.join(folder, domain), { recursive: true });
    const file = (await readdir(path.join(source, domain))).find((name) => name.startsWith("gpt-4_all_"));
    if (file) await symlink(path.join(source, domain, file), path.join(folder, domain, file));
  }
  const [imported] = await importRecordedResults(context.db, { resultsPath: folder, groundTruth: "v1" });
  if (!imported) throw new Error("nothing imported");
  return imported.runId;
}

describe("leaderboard tallies kept on write", () => {
  test("the SQL definition of a provider failure is PROVIDER_FAILURE_KINDS", async () => {
    const [row] = await context.db.$queryRaw<{ kinds: string[] }[]>`SELECT workbench_provider_failure_kinds() AS kinds`;
    expect([...(row?.kinds ?? [])].sort()).toEqual([...PROVIDER_FAILURE_KINDS].sort());
  });

  test("persist, import, provider failures, re-score, cancel and delete keep every tally equal to a recount", async () => {
    // Launched through the worker: two runs of one configuration with 2 trials (pass^k), one of a mixed behaviour.
    const config = { agent: "react" as const, provider: "mock" as const, baseUrl: context.mock.url, retry: FAST_RETRY, toolSet: "all" as const };
    // A model name no other test uses (the mock answers as the oracle to a name it does not know), so
    // the configuration's row on the board holds these two runs only, whatever else the database holds.
    const first = await launchAndWait({ ...config, model: "tallies-oracle", domains: ["email"], limit: 6, trials: 2, concurrency: 4 });
    const second = await launchAndWait({ ...config, model: "tallies-oracle", domains: ["email"], limit: 6, trials: 2, concurrency: 4 });
    const mixed = await launchAndWait({ ...config, model: "wrong-args", domains: ["calendar", "email"], limit: 8, concurrency: 4 });
    for (const launched of [first, second, mixed]) expect(launched.run.status).toBe("completed");
    await expectAllExact("worker runs");
    // Computed (and kept per process) now: every later check of the board also checks that a write
    // makes it computed again (LeaderboardStamp).
    const firstKey = await configKeyOfRun(first.runId);
    const before = (await getConfigLeaderboard({ includePartial: true, includeTests: true, sort: "passAt1", direction: "desc" })).rows.find((candidate) => candidate.key === firstKey);
    expect(before).toMatchObject({ results: 24, correct: 24, providerFailures: 0, k: 4, passHatK: 1 });

    // A recorded run, imported in bulk.
    const recordedId = await importOneRecordedModel();
    await expectAllExact("import");

    // Provider failures in a completed run (one of twelve: "completed with errors"): left out of n.
    const [failed] = await context.db.taskResult.findMany({ where: { runId: first.runId, correct: true }, orderBy: { id: "asc" }, take: 1 });
    await context.db.taskResult.update({ where: { id: failed!.id }, data: { errorKind: "provider", error: "Provider error (network): down", correct: false } });
    await expectAllExact("provider failure");
    const board = await getLeaderboard({ includeTests: true, pageSize: 10_000 });
    const row = board.rows.find((candidate) => candidate.id === first.runId);
    expect(row).toMatchObject({ done: 12, providerFailures: 1, n: 11, correct: 11, accuracy: 1 });
    expect(row?.accuracyInterval).toEqual(wilsonInterval(11, 11));
    expect(row?.providerShare).toBeCloseTo(1 / 12, 12);
    const configs = await getConfigLeaderboard({ includePartial: true, includeTests: true, sort: "passAt1", direction: "desc" });
    const configRow = configs.rows.find((candidate) => candidate.key === firstKey);
    expect(configRow?.runs).toBe(2);
    // 24 verdicts, 1 at the provider: 23 scored, all correct; pass^k pools each task's scored trials.
    expect(configRow).toMatchObject({ results: 23, correct: 23, passAt1: 1, providerFailures: 1, k: 3, passHatK: 1 });
    // The configuration page reads that configuration's runs only, to the same row.
    const page = await getConfiguration(configRow!.key);
    // The same row but its rank band: a band is a place among a board's rows, and the page is no board.
    expect(page?.row).toEqual({ ...configRow, band: null });
    expect(page?.runs.map((run) => run.id)).toEqual([first.runId, second.runId]);
    expect(page?.domains).toEqual(configs.options.domains);

    // A recorded run's verdicts are corrupted (as an older scorer might have left them), then re-scored.
    const recordedBefore = await context.db.runBoard.findUniqueOrThrow({ where: { runId: recordedId } });
    // Correct verdicts turned wrong (flipping any 40 could leave the count unchanged by chance).
    await context.db.$executeRaw`UPDATE "TaskResult" SET correct = false WHERE "runId" = ${recordedId} AND id IN (SELECT id FROM "TaskResult" WHERE "runId" = ${recordedId} AND correct ORDER BY id LIMIT 40)`;
    await context.db.run.update({ where: { id: recordedId }, data: { scoringRevision: null } });
    await expectAllExact("corrupted verdicts");
    expect((await context.db.runBoard.findUniqueOrThrow({ where: { runId: recordedId } })).correct).not.toBe(recordedBefore.correct);
    await rescoreRun(context.db, { runId: recordedId, revision: "2024" });
    await expectAllExact("re-score");
    // Recorded runs score every result: the board's count is the run's own re-scored count.
    const rescored = await context.db.run.findUniqueOrThrow({ where: { id: recordedId } });
    expect(rescored.scoringRevision).toBe("2024");
    expect(await context.db.runBoard.findUniqueOrThrow({ where: { runId: recordedId } })).toMatchObject({ correct: rescored.correctCount, n: recordedBefore.n });

    // A cancelled run: tallied per run, never counted in a configuration.
    const { runId: cancelledId } = await launchRun({ ...config, model: "oracle", limit: 40, concurrency: 1 }, { db: context.db });
    await cancelRun(context.db, cancelledId);
    expect((await waitForRun(context.db, cancelledId, 30_000)).status).toBe("cancelled");
    await expectAllExact("cancel");

    // Deleting runs (the cascade removes their results) takes them out of every tally.
    await context.db.run.delete({ where: { id: second.runId } });
    await context.db.run.delete({ where: { id: cancelledId } });
    await expectAllExact("delete");
    const afterDelete = (await getConfigLeaderboard({ includePartial: true, includeTests: true, sort: "passAt1", direction: "desc" })).rows.find((candidate) => candidate.key === firstKey);
    expect((await getConfiguration(firstKey as string))?.runs.map((run) => run.id)).toEqual([first.runId]);
    expect(afterDelete).toMatchObject({ runs: 1, results: 11, providerFailures: 1, k: 1, passHatK: null });

    // The rebuild (leaderboard_rebuild: the functions of lib/runs/tally.sql the triggers call), run on
    // cleared tables, recomputes the same figures from TaskResult. (The leaderboard_tallies migration's
    // own backfill keyed configurations before test runs were pooled apart; migration run_management re-keys them.)
    await context.db.$transaction(async (tx) => {
      for (const table of ["RunTally", "RunBoard", "ConfigTaskTally", "ConfigTrialHistogram", "ConfigSummary"]) await tx.$executeRawUnsafe(`DELETE FROM "${table}"`);
      await tx.$executeRawUnsafe(`UPDATE "RunConfigKey" SET "configKey" = NULL`);
    }, { timeout: 60_000 });
    await rebuildAllRunAggregates(context.db);
    await expectAllExact("a rebuild from cleared tables");

    // The repair recomputes the same figures.
    await context.db.$executeRaw`UPDATE "ConfigTaskTally" SET trials = trials + 5`;
    await rebuildAllRunAggregates(context.db);
    await expectAllExact("rebuild-aggregates");
  });

  test("the runs board pages in SQL: pages concatenate to the ranking, sorted by each figure", async () => {
    const all = await getLeaderboard({ includeTests: true, pageSize: 10_000 });
    expect(all.total).toBe(all.rows.length);
    for (const sort of ["accuracy", "sideEffects", "twoPlus", "date"] as const) {
      const full = await getLeaderboard({ includeTests: true, pageSize: 10_000, sort, direction: "desc" });
      const paged = [];
      const pages = (await getLeaderboard({ includeTests: true, pageSize: 2, sort, direction: "desc" })).pages;
      for (let page = 0; page < pages + 1; page += 1) {
        const one = await getLeaderboard({ includeTests: true, pageSize: 2, page, sort, direction: "desc" });
        if (one.page === page) paged.push(...one.rows);
      }
      expect(paged.map((row) => row.id)).toEqual(full.rows.map((row) => row.id));
      const value = { accuracy: "accuracy", sideEffects: "sideEffectRate", twoPlus: "twoPlus", date: "createdAt" } as const;
      const values = full.rows.map((row) => Number(row[value[sort]]));
      expect(values).toEqual([...values].sort((a, b) => b - a));
    }
    // By label: as localeCompare orders them (the page sorted in TypeScript before).
    const labels = (await getLeaderboard({ includeTests: true, pageSize: 10_000, sort: "model", direction: "asc" })).rows.map((row) => row.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b)));
  });

  test("pass^k from the histogram equals pass^k from the results", async () => {
    const { rows } = await getConfigLeaderboard({ includePartial: true, includeTests: true, sort: "passAt1", direction: "desc" });
    for (const row of rows.filter((candidate) => candidate.k > 1)) {
      const runIds = new Set((await getConfiguration(row.key))?.runs.map((run) => run.id));
      const results = (await allResults()).filter((result) => runIds.has(result.runId) && isScored(result));
      const byTask = new Map<string, { n: number; c: number }>();
      for (const result of results) {
        const tally = byTask.get(result.taskId) ?? { n: 0, c: 0 };
        tally.n += 1;
        tally.c += result.correct ? 1 : 0;
        byTask.set(result.taskId, tally);
      }
      const k = Math.min(...[...byTask.values()].map((tally) => tally.n));
      expect(row.k).toBe(k);
      expect(row.passHatK).toBeCloseTo([...byTask.values()].reduce((sum, tally) => sum + passHatKEstimate(tally.n, tally.c, k), 0) / byTask.size, 12);
    }
  });
  test("the task page: totals and rows are the scored results of counted runs, the latest finished first", async () => {
    // A provider failure and a result of a run that is not counted (a running one), on a task that
    // counted runs also scored: both must stay out of the totals and the rows.
    const [left] = (await allResults()).filter((row) => counted(row.run) && isScored(row) && row.run.source !== "imported");
    const [failure] = await context.db.taskResult.findMany({ where: { taskId: left!.taskId, runId: left!.runId }, take: 1 });
    await context.db.taskResult.update({ where: { id: failure!.id }, data: { errorKind: "provider", error: "Provider error (network): down" } });
    const { datasetId } = await context.db.run.findUniqueOrThrow({ where: { id: left!.runId } });
    const running = await context.db.run.create({
      data: { name: "still running", status: "running", source: "launched", params: {}, agent: "react", model: "oracle", provider: "mock", toolSet: "all", groundTruth: "v1", protocol: "2024", datasetId },
    });
    const extra = await context.db.taskResult.create({ data: { runId: running.id, taskId: left!.taskId, status: "done", correct: true, finishedAt: new Date() } });
    // A finished test run (the mock endpoint's) scored the same task: kept off the task's totals and rows as off the boards.
    const testRun = await context.db.run.create({
      data: { name: "mock test run", status: "completed", testRun: true, source: "launched", params: {}, agent: "react", model: "oracle", provider: "mock", toolSet: "all", groundTruth: "v1", protocol: "2024", scoringRevision: "2024", datasetId },
    });
    const testResult = await context.db.taskResult.create({ data: { runId: testRun.id, taskId: left!.taskId, status: "done", correct: true, finishedAt: new Date() } });
    expect(await context.db.configTaskTally.count({ where: { taskId: left!.taskId, configKey: { endsWith: '"test"]' } } })).toBeGreaterThan(0);

    // The recount: every result with its run, filtered here by the stated rules.
    const all = await context.db.taskResult.findMany({
      select: { id: true, taskId: true, status: true, correct: true, errorKind: true, finishedAt: true, run: { select: { status: true, source: true, testRun: true, archivedAt: true } } },
    });
    const scored = all.filter(
      (row) =>
        (row.run.status === "completed" || row.run.source === "imported") && !row.run.testRun && row.run.archivedAt === null && row.status === "done" &&
        (row.run.source === "imported" || !(row.errorKind && PROVIDER_FAILURE_KINDS.has(row.errorKind))),
    );
    const perTask = new Map<string, typeof scored>();
    for (const row of scored) perTask.set(row.taskId, [...(perTask.get(row.taskId) ?? []), row]);
    const busiest = [...perTask.keys()].sort((a, b) => perTask.get(b)!.length - perTask.get(a)!.length).slice(0, 5);
    for (const taskId of new Set([left!.taskId, ...busiest])) {
      const expected = perTask.get(taskId) ?? [];
      const shown = [];
      for (let page = 0; page * TASK_RESULT_PAGE_SIZE < Math.max(1, expected.length); page += 1) {
        const { total, correct, results } = await listResultsForTask({ taskId, page });
        expect(total).toBe(expected.length);
        expect(correct).toBe(expected.filter((row) => row.correct).length);
        shown.push(...results);
      }
      expect(shown.map((row) => row.id).sort()).toEqual(expected.map((row) => row.id).sort());
      // PostgreSQL's DESC puts a result without a finish time first (persist and import always set one;
      // some other tests' hand-made rows have none).
      const times = shown.map((row) => expected.find((candidate) => candidate.id === row.id)!.finishedAt?.getTime() ?? Number.POSITIVE_INFINITY);
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(shown.filter((row) => !(row.run.name.length > 0 && Array.isArray(row.calls))).map((row) => ({ id: row.id, run: row.run, calls: row.calls }))).toEqual([]);
    }
    const leftIds = (await listResultsForTask({ taskId: left!.taskId })).results.map((row) => row.id);
    expect(leftIds).not.toContain(failure!.id);
    expect(leftIds).not.toContain(extra.id);
    expect(leftIds).not.toContain(testResult.id);
  });
});
