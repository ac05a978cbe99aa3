// Estimated runs and the stored item bank (issue 40), on the imported v1 tasks with a real worker: 12
// recorded configurations of this file's own (verdicts drawn from a 2PL, planted as imported runs) give the
// bank enough configurations to fit. The stored bank must be what fit.ts fits on the verdict matrix now,
// and be refitted when the counted runs change; an estimated oracle run must choose its tasks as the
// bank's information says after each verdict, be labelled estimated and stay off every board; running
// its remaining tasks must make it a full run, ranked, with the verdicts it had unchanged.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { setUpWorkerTest, tearDownWorkerTest, waitForRun, type WorkerTestContext } from "@/lib/test-support/db";
import { simulatePopulation } from "@/lib/metrics/irt/simulate";
import { fitItemBank, heldOutLogLikelihood } from "@/lib/metrics/irt/fit";
import { abilityPosterior, estimateStratified, estimateWithBank, nextTask, posteriorMean, type Observed } from "@/lib/metrics/irt/estimate";
import { seededRandom } from "@/lib/seeded-random";
import { readVerdictMatrix } from "@/lib/queries/verdict-matrix";
import { ensureItemBank, freshItemBank, HELD_OUT_SEED, listItemBanks } from "@/lib/queries/item-bank";
import { getLeaderboard } from "@/lib/queries/leaderboard";
import { configKeyOfRun, getConfiguration } from "@/lib/queries/config-leaderboard";
import { listRuns } from "@/lib/queries/runs";
import { launchRun, LaunchError } from "./launch";
import { convertEstimatedRun, estimateText, readRunEstimate, resumeStalledEstimatedRuns, type EstimatePlan } from "./estimated-run";
import { listRunExportRows } from "@/lib/queries/analysis";
import { formatRunSummary, getRunSummary } from "./summary";
import { deleteRuns } from "./manage";
import type { Item } from "@/lib/metrics/irt/two-pl";
import { calibrated, calibrateIntervals, type IntervalCalibration } from "@/lib/metrics/irt/calibrate";

const TAG = `estimated-run-test-${Date.now()}`;
const DOMAIN = "email";
let context: WorkerTestContext;
let officialId = "";
let versionId = "";
const planted: string[] = [];
const launched: string[] = [];
const scope = () => ({ datasetId: officialId, groundTruth: "v1", scoringRevision: "2024" });

/** One recorded run of a configuration of this file's own, with these verdicts on the v1 tasks. */
async function plantConfiguration(name: string, verdicts: ReadonlyMap<string, boolean>): Promise<string> {
  const run = await context.db.run.create({
    data: {
      name, status: "completed", source: "imported", datasetId: officialId, versionId, groundTruth: "v1", protocol: "2024", scoringRevision: "2024",
      agent: "recorded", model: name, toolSet: "all", params: {}, tags: [TAG], tasksTotal: verdicts.size, tasksDone: verdicts.size, finishedAt: new Date(),
    },
    select: { id: true },
  });
  const ids = [...verdicts.keys()];
  await context.db.$executeRaw`
    INSERT INTO "TaskResult" (id, "runId", "taskId", trial, status, correct, "finishedAt")
    SELECT gen_random_uuid()::text, ${run.id}, t.id, 0, 'done', v.correct, now()
      FROM unnest(${ids}::text[], ${ids.map((id) => verdicts.get(id)!)}::boolean[]) AS v(id, correct) JOIN "Task" t ON t.id = v.id`;
  planted.push(run.id);
  return run.id;
}

beforeAll(async () => {
  context = await setUpWorkerTest({ concurrency: 2, idlePollMs: 20, mockLatencyMs: 0 });
  const version = await context.db.groundTruthVersion.findFirstOrThrow({ where: { name: "v1", dataset: { slug: "workbench" }, supersededAt: null }, select: { id: true, datasetId: true } });
  officialId = version.datasetId;
  versionId = version.id;
  // The real tasks by template, matched to a simulated population's 69 × 10 items in order.
  const tasks = await context.db.task.findMany({ where: { versionId }, orderBy: [{ baseTemplate: "asc" }, { key: "asc" }], select: { id: true } });
  const population = simulatePopulation({ configurations: 12, seed: 40, accuracyRange: [0.2, 0.9] });
  for (const [j, row] of population.rows.entries()) {
    await plantConfiguration(`${TAG} configuration ${j}`, new Map(tasks.map((task, i) => [task.id, row[i % row.length] === 1] as const)));
  }
}, 300_000);

afterAll(async () => {
  if (context) await deleteRuns(context.db, { userId: null, label: "estimated-run test" }, [...planted, ...launched]);
  await tearDownWorkerTest(context);
}, 300_000);

describe("the stored item bank", () => {
  test("is the fit of fit.ts on the verdict matrix, stored with its held-out likelihood, and refitted only when runs change", async () => {
    const first = await ensureItemBank(context.db, scope(), { refit: true });
    const matrix = await readVerdictMatrix(context.db, { dataset: "official", groundTruth: "v1", scoringRevision: "2024" });
    expect(matrix.configurations.length).toBeGreaterThanOrEqual(12);
    const refit = fitItemBank(matrix);
    expect(first.bank.items).toEqual(refit.items);
    expect(first.bank.configurations).toBe(matrix.configurations.length);
    expect(first.bank.heldOutLogLik).toBe(heldOutLogLikelihood(matrix, seededRandom(HELD_OUT_SEED)).perVerdict);
    expect(first.bank.verdicts).toBe(refit.verdicts);
    expect(first.bank.calibration).toEqual(calibrateIntervals(matrix, { n: 100 }));

    // Nothing changed: the stored fit is used as it is.
    const again = await ensureItemBank(context.db, scope());
    expect(again.refitted).toBe(false);
    expect(again.bank.id).toBe(first.bank.id);
    expect((await listItemBanks(context.db)).find((bank) => bank.id === first.bank.id)?.stale).toBe(false);

    // A run archived: its configuration leaves the matrix, the fit is stale and refitted on use.
    await context.db.run.update({ where: { id: planted[0]! }, data: { archivedAt: new Date() } });
    try {
      expect((await listItemBanks(context.db)).find((bank) => bank.id === first.bank.id)?.stale).toBe(true);
      const after = await ensureItemBank(context.db, scope());
      expect(after.refitted).toBe(true);
      expect(after.bank.configurations).toBe(first.bank.configurations - 1);
      const fewer = await readVerdictMatrix(context.db, { dataset: "official", groundTruth: "v1", scoringRevision: "2024" });
      expect(after.bank.items).toEqual(fitItemBank(fewer).items);
    } finally {
      await context.db.run.update({ where: { id: planted[0]! }, data: { archivedAt: null } });
    }
    expect((await ensureItemBank(context.db, scope())).refitted).toBe(true);
  });
});

describe("an estimated run", () => {
  let runId = "";
  let bankItems: Item[] = [];
  let before: { id: string; taskId: string; trial: number; correct: boolean | null; finishedAt: Date | null }[] = [];

  test("launched at concurrency 1 chooses each task by the bank's information after the verdicts before it, and stops at n", async () => {
    const { bank } = await ensureItemBank(context.db, scope());
    const launchedRun = await launchRun({ agent: "oracle", estimate: true, estimateTasks: 6, concurrency: 1, domains: [DOMAIN], name: `${TAG} estimated` }, { db: context.db, itemBank: freshItemBank(context.db) });
    runId = launchedRun.runId;
    launched.push(runId);
    expect(launchedRun.tasksTotal).toBe(6);
    const run = await waitForRun(context.db, runId);
    expect(run.status).toBe("completed");
    expect(run.estimated).toBe(true);
    const plan = run.estimate as unknown as EstimatePlan;
    expect(plan).toMatchObject({ tasks: 6, selection: "adaptive", method: "item-response", bankId: bank.id });

    const results = await context.db.taskResult.findMany({ where: { runId }, orderBy: { queuePosition: "asc" }, select: { id: true, taskId: true, trial: true, correct: true, finishedAt: true, task: { select: { key: true } } } });
    expect(results).toHaveLength(6);
    expect(new Set(results.map((result) => result.taskId)).size).toBe(6);
    before = results.map(({ task: _task, ...result }) => result);

    // By hand: the bank's items on the domain's tasks, and at each step the most informative task at the posterior mean so far.
    const domainKeys = new Set((await context.db.task.findMany({ where: { versionId, domain: DOMAIN }, select: { key: true } })).map((task) => task.key));
    bankItems = bank.items.filter((item) => domainKeys.has(item.taskKey));
    const byKey = new Map(bankItems.map((item) => [item.taskKey, item] as const));
    const observed: Observed[] = [];
    for (const result of results) {
      const expected = nextTask(bankItems, posteriorMean(abilityPosterior(byKey, observed)), new Set(observed.map((verdict) => verdict.taskKey)));
      expect(result.task.key).toBe(expected?.taskKey);
      observed.push({ taskKey: result.task.key, correct: result.correct === true });
    }

    // Its estimate: estimate.ts on the same verdicts, over the domain's tasks.
    const estimate = await readRunEstimate(context.db, runId);
    expect(estimate?.estimated).toBe(true);
    // The bank's interval calibration (calibrate.ts) widens it around the estimate; stored with the fit.
    const stored = await context.db.itemBankFit.findUniqueOrThrow({ where: { id: bank.id }, select: { calibration: true } });
    expect(estimate?.estimate).toEqual(calibrated(estimateWithBank(bankItems, observed), stored.calibration as unknown as IntervalCalibration | null));
    expect(estimate!.estimate.low).toBeLessThanOrEqual(estimate!.estimate.accuracy);
    expect(estimate!.estimate.high).toBeGreaterThanOrEqual(estimate!.estimate.accuracy);
  });

  test("is labelled estimated and off every board: no configuration key, not on the run board, not pooled", async () => {
    const estimate = (await readRunEstimate(context.db, runId))?.estimate;
    expect(await configKeyOfRun(runId)).toBeNull();
    const key = await context.db.runConfigKey.findUnique({ where: { runId } });
    expect(key?.configKey ?? null).toBeNull();
    const board = await getLeaderboard({ dataset: "workbench", groundTruth: "v1", pageSize: 10_000 });
    expect([...board.rows, ...board.references].map((row) => row.id)).not.toContain(runId);
    // The board's rule recounted from the stored rows: the runs on the board are exactly the counted ones with scored verdicts.
    const counted = await context.db.$queryRaw<{ id: string }[]>`
      SELECT r.id FROM "Run" r JOIN "Dataset" d ON d.id = r."datasetId"
       WHERE d.slug = 'workbench' AND r."groundTruth" = 'v1' AND (r.status = 'completed' OR r.source = 'imported') AND r."archivedAt" IS NULL
         AND NOT r."testRun" AND NOT r.estimated
         AND EXISTS (SELECT 1 FROM "TaskResult" x WHERE x."runId" = r.id AND x.status = 'done' AND (r.source = 'imported' OR NOT workbench_provider_failure(x."errorKind")))`;
    expect(new Set([...board.rows, ...board.references].map((row) => row.id))).toEqual(new Set(counted.map((row) => row.id)));
    const listed = (await listRuns()).runs.find((row) => row.id === runId);
    expect(listed?.estimated).toBe(true);
    expect(listed?.runEstimate?.estimate).toEqual(estimate);
    // The run's export says so on every row, and so does the CLI's report.
    const rows = await listRunExportRows({ runId });
    expect(rows?.length).toBe(6);
    for (const row of rows ?? []) {
      expect(row.estimated).toBe(true);
      expect(row.estimate).toContain(estimateText(estimate!));
    }
    expect(formatRunSummary((await getRunSummary(context.db, runId))!)).toContain(`ESTIMATED    ${estimateText(estimate!)}`);
  });

  test("converted by running the rest: the same run becomes a full run, ranked, its earlier verdicts unchanged", async () => {
    const domainTasks = await context.db.task.count({ where: { versionId, domain: DOMAIN } });
    await expect(convertEstimatedRun(context.db, planted[1]!)).rejects.toThrow(/not an estimated run/);
    const estimatedAt = (await readRunEstimate(context.db, runId))?.estimate;
    const { queued } = await convertEstimatedRun(context.db, runId);
    expect(queued).toBe(domainTasks - 6);
    await expect(convertEstimatedRun(context.db, runId)).rejects.toThrow(/not an estimated run/);
    const run = await waitForRun(context.db, runId);
    expect(run.status).toBe("completed");
    expect(run.estimated).toBe(false);
    expect(run.tasksDone).toBe(domainTasks);
    expect((run.estimate as unknown as EstimatePlan).convertedAt).toEqual(expect.any(String));
    const results = await context.db.taskResult.findMany({ where: { runId }, select: { id: true, taskId: true, trial: true, correct: true, finishedAt: true } });
    expect(new Set(results.map((result) => result.taskId)).size).toBe(domainTasks);
    for (const earlier of before) expect(results.find((result) => result.id === earlier.id)).toEqual(earlier);
    // Its page still says what it was estimated at: the estimate from the same six verdicts.
    const after = await readRunEstimate(context.db, runId);
    expect(after?.estimated).toBe(false);
    expect(after?.estimate).toEqual(estimatedAt);
    // Now on the boards: its configuration key, the run board, and the configuration's runs.
    const key = await configKeyOfRun(runId);
    expect(key).not.toBeNull();
    const board = await getLeaderboard({ dataset: "workbench", groundTruth: "v1", pageSize: 10_000 });
    expect([...board.rows, ...board.references].map((row) => row.id)).toContain(runId);
    expect((await getConfiguration(key!))?.runs.map((pooled) => pooled.id)).toContain(runId);
  });
});

describe("a stalled adaptive run", () => {
  test("whose next task was never queued (its worker stopped after the verdict) is resumed: it gets its next task and completes", async () => {
    const { runId } = await launchRun({ agent: "noop", estimate: true, estimateTasks: 4, concurrency: 1, domains: [DOMAIN] }, { db: context.db, itemBank: freshItemBank(context.db) });
    launched.push(runId);
    await waitForRun(context.db, runId);
    // As if the worker had stopped right after the third verdict: the fourth task's result never queued.
    const last = await context.db.taskResult.findFirstOrThrow({ where: { runId }, orderBy: { queuePosition: "desc" } });
    await context.db.taskResult.delete({ where: { id: last.id } });
    await context.db.run.update({ where: { id: runId }, data: { status: "running", finishedAt: null, tasksDone: { decrement: 1 } } });
    // Resumed here or by the worker's own heartbeat (the same function), whichever comes first: without it nothing would run.
    await resumeStalledEstimatedRuns(context.db);
    const run = await waitForRun(context.db, runId);
    expect(run.status).toBe("completed");
    const tasks = await context.db.taskResult.findMany({ where: { runId }, select: { taskId: true } });
    expect(tasks).toHaveLength(4);
    expect(new Set(tasks.map((task) => task.taskId)).size).toBe(4);
  });
});

describe("fallbacks and refusals", () => {
  test("more than one task at a time: a template-stratified sample of n, queued at once, estimated with the bank", async () => {
    const { runId } = await launchRun({ agent: "noop", estimate: true, estimateTasks: 20, concurrency: 3, domains: [DOMAIN], seed: 5 }, { db: context.db, itemBank: freshItemBank(context.db) });
    launched.push(runId);
    const run = await context.db.run.findUniqueOrThrow({ where: { id: runId } });
    expect(run.estimate).toMatchObject({ selection: "stratified", method: "item-response", tasks: 20 });
    expect(await context.db.taskResult.count({ where: { runId } })).toBe(20);
  });

  test("without a bank fitted on enough configurations: template-stratified, and it says so", async () => {
    const { runId } = await launchRun({ agent: "noop", estimate: true, estimateTasks: 12, concurrency: 1, domains: [DOMAIN], seed: 5 }, { db: context.db, itemBank: async () => ({ id: "too-few", configurations: 3, items: [], calibration: null }) });
    launched.push(runId);
    const run = await waitForRun(context.db, runId);
    const plan = run.estimate as unknown as EstimatePlan;
    expect(plan).toMatchObject({ selection: "stratified", method: "template-stratified", bankId: null });
    expect(plan.note).toMatch(/needs 10 configurations, 3 here/);
    const all = await context.db.task.findMany({ where: { versionId, domain: DOMAIN }, select: { key: true, baseTemplate: true } });
    const results = await context.db.taskResult.findMany({ where: { runId, trial: 0, status: "done" }, select: { correct: true, task: { select: { key: true } } } });
    const estimate = await readRunEstimate(context.db, runId);
    expect(estimate?.estimate).toEqual(estimateStratified(all.map((task) => ({ taskKey: task.key, template: task.baseTemplate })), results.map((result) => ({ taskKey: result.task.key, correct: result.correct === true }))));
  });

  test("bad input is refused with a clear error", async () => {
    await expect(launchRun({ agent: "noop", estimate: true, estimateTasks: 0 }, context)).rejects.toThrow(/At least 1 task/);
    await expect(launchRun({ agent: "noop", estimate: true, limit: 10 }, context)).rejects.toThrow(/chooses its own tasks/);
    const error = await launchRun({ agent: "noop", estimate: true, estimateTasks: 5_000, domains: [DOMAIN] }, context).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LaunchError);
    expect((error as LaunchError).message).toMatch(/not a subset/);
  });
});
