// One rule for what counts (lib/runs/counted-runs.ts): its three forms select the same runs as the
// database's own copy of the rule (run_key(): a key for a completed or recorded, unarchived run, "test"
// last for a test run), and every place that follows the boards leaves test and archived runs out: the
// dataset tabs and the dataset a board opens on, the home page's run counts, the search page's run
// picker, the paper page and the task page. Runs planted on two datasets of this file's own.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { setUpRunsTest, tearDownRunsTest, type RunsTestContext } from "@/lib/test-support/db";
import { defaultBoardDataset } from "@/lib/datasets/board-dataset";
import { listBoardDatasets } from "@/lib/queries/board-datasets";
import { listDatasets } from "@/lib/queries/datasets";
import { readPaperReport } from "@/lib/queries/paper";
import { listResultsForTask, TASK_RESULT_PAGE_SIZE } from "@/lib/queries/results";
import { searchFilterOptions } from "@/lib/queries/search";
import { countedRunSql, countedRunWhere, isCountedRun } from "./counted-runs";

let context: RunsTestContext;
const planted: { id: string; datasetId: string; status: string; source: string; archivedAt: Date | null; testRun: boolean; estimated?: boolean }[] = [];
const datasetIds: string[] = [];
let excludedOnly = "";
let withCounted = "";

/** Every combination of what the rule reads, on `datasetId`. */
async function plantEveryKind(datasetId: string): Promise<void> {
  for (const status of ["completed", "running", "failed"] as const) {
    for (const source of ["launched", "imported"]) {
      for (const archivedAt of [null, new Date()]) {
        for (const testRun of [false, true]) {
          for (const estimated of source === "launched" ? [false, true] : [false]) {
            const run = await context.db.run.create({
              data: { name: `counted ${status} ${source}${archivedAt ? " archived" : ""}${testRun ? " test" : ""}${estimated ? " estimated" : ""}`, status, source, archivedAt, testRun, estimated, datasetId, groundTruth: "v1", agent: "oracle", toolSet: "all", params: {}, tasksDone: 1 },
            });
            planted.push({ id: run.id, datasetId, status, source, archivedAt, testRun, estimated });
          }
        }
      }
    }
  }
}

beforeAll(async () => {
  context = await setUpRunsTest();
  const dataset = (slug: string) => context.db.dataset.create({ data: { slug, name: slug, source: "test", kind: "generated" } });
  // Slugs sort this one first: the board would open on it if an excluded run counted.
  const excluded = await dataset(`aa-counted-excluded-${Date.now()}`);
  const counted = await dataset(`ab-counted-real-${Date.now()}`);
  excludedOnly = excluded.slug;
  withCounted = counted.slug;
  datasetIds.push(excluded.id, counted.id);
  await plantEveryKind(counted.id);
  // The first dataset holds only runs the boards leave out: tests and archived ones.
  for (const [archivedAt, testRun] of [[new Date(), false], [null, true], [new Date(), true]] as const) {
    const run = await context.db.run.create({
      data: { name: "excluded", status: "completed", source: "imported", archivedAt, testRun, datasetId: excluded.id, groundTruth: "v1", agent: "recorded", toolSet: "all", params: {}, tasksDone: 1 },
    });
    planted.push({ id: run.id, datasetId: excluded.id, status: "completed", source: "imported", archivedAt, testRun });
  }
}, 300_000);

afterAll(async () => {
  if (context) {
    await context.db.run.deleteMany({ where: { id: { in: planted.map((run) => run.id) } } });
    await context.db.dataset.deleteMany({ where: { id: { in: datasetIds } } });
  }
  await tearDownRunsTest(context);
});

const countedOn = (datasetId: string) => planted.filter((run) => run.datasetId === datasetId && countedByHand(run)).length;
const plantedIds = () => planted.map((run) => run.id);
/** The rule by hand, as the boards state it. */
const countedByHand = (run: (typeof planted)[number], includeTests = false) =>
  (run.status === "completed" || run.source === "imported") && run.archivedAt === null && !run.estimated && (includeTests || !run.testRun);

describe("the counting predicate", () => {
  test("its three forms and the database's run_key() select the same runs, test runs included or not", async () => {
    for (const includeTests of [false, true]) {
      const expected = planted.filter((run) => countedByHand(run, includeTests)).map((run) => run.id).sort();
      expect(expected.length).toBeGreaterThan(0);
      expect(planted.filter((run) => isCountedRun(run, { includeTests })).map((run) => run.id).sort()).toEqual(expected);
      const byWhere = await context.db.run.findMany({ where: { AND: [{ id: { in: plantedIds() } }, countedRunWhere({ includeTests })] }, select: { id: true } });
      expect(byWhere.map((run) => run.id).sort()).toEqual(expected);
      const bySql = await context.db.$queryRaw<{ id: string }[]>`SELECT r.id FROM "Run" r WHERE r.id = ANY (${plantedIds()}::text[]) AND ${countedRunSql("r", { includeTests })}`;
      expect(bySql.map((run) => run.id).sort()).toEqual(expected);
      const byKey = await context.db.$queryRaw<{ id: string }[]>`
        SELECT r.id FROM "Run" r WHERE r.id = ANY (${plantedIds()}::text[]) AND run_key(r) IS NOT NULL AND (${includeTests} OR NOT (run_key(r)::jsonb ? 'test'))`;
      expect(byKey.map((run) => run.id).sort()).toEqual(expected);
    }
  });

  test("a table alias is all it takes: anything else is refused", () => {
    expect(() => countedRunSql("r; DROP TABLE x")).toThrow(/not a table alias/);
  });
});

describe("every place that counts as the boards do leaves test and archived runs out", () => {
  test("the dataset tabs count only counted runs, and the board does not open on a dataset whose runs are all test or archived", async () => {
    const datasets = await listBoardDatasets();
    const excluded = datasets.find((dataset) => dataset.slug === excludedOnly)!;
    const counted = datasets.find((dataset) => dataset.slug === withCounted)!;
    expect(excluded.runs).toBe(0);
    // Its one unarchived test run is there for a board that asks for test runs.
    expect(excluded.testRuns).toBe(1);
    expect(counted.runs).toBe(countedOn(datasetIds[1]!));
    expect(defaultBoardDataset([excluded, counted])).toBe(withCounted);
  });

  test("the home page's dataset run counts", async () => {
    const datasets = await listDatasets();
    expect(datasets.find((dataset) => dataset.slug === excludedOnly)?.runCount).toBe(0);
    expect(datasets.find((dataset) => dataset.slug === withCounted)?.runCount).toBe(countedOn(datasetIds[1]!));
  });

  test("the search page's run picker offers counted runs only", async () => {
    const offered = new Set((await searchFilterOptions()).runs.map((run) => run.id));
    for (const run of planted) expect(offered.has(run.id), `${run.status} ${run.source} archived=${run.archivedAt !== null} test=${run.testRun}`).toBe(countedByHand(run));
  });

  test("the paper page does not take a test or archived run for the paper's run", async () => {
    const official = await context.db.dataset.findUniqueOrThrow({ where: { slug: "workbench" }, select: { id: true } });
    const v1 = await context.db.groundTruthVersion.findFirstOrThrow({ where: { name: "v1", datasetId: official.id, supersededAt: null }, select: { id: true, taskCount: true } });
    // The newest whole recorded GPT-4 run: the paper's run, were it not a test run or archived.
    const ids: string[] = [];
    for (const [archivedAt, testRun] of [[null, true], [new Date(), false]] as const) {
      const run = await context.db.run.create({
        data: { name: "gpt-4 · all tools (recorded) · v1", status: "completed", source: "imported", archivedAt, testRun, datasetId: official.id, versionId: v1.id, groundTruth: "v1", protocol: "2024", agent: "recorded", model: "gpt-4", toolSet: "all", params: {}, tasksDone: v1.taskCount },
      });
      ids.push(run.id);
      planted.push({ id: run.id, datasetId: official.id, status: "completed", source: "imported", archivedAt, testRun });
    }
    const report = await readPaperReport(context.db);
    expect(report.runs.map((run) => run.runId).filter((id) => ids.includes(id))).toEqual([]);
    // Restored and real, the same run is the paper's run: the exclusion is the rule, not the run.
    await context.db.run.update({ where: { id: ids[0]! }, data: { testRun: false } });
    expect((await readPaperReport(context.db)).runs.map((run) => run.runId)).toContain(ids[0]);
    await context.db.run.deleteMany({ where: { id: { in: ids } } });
    planted.splice(0, planted.length, ...planted.filter((run) => !ids.includes(run.id)));
  });

  test("the task page lists no result of a test or archived run", async () => {
    const task = await context.db.task.findFirstOrThrow({ where: { version: { name: "v1", dataset: { slug: "workbench" } } }, select: { id: true } });
    for (const run of planted.filter((candidate) => candidate.status === "completed")) {
      await context.db.taskResult.create({ data: { runId: run.id, taskId: task.id, status: "done", correct: true, finishedAt: new Date() } });
    }
    // Every page: other files' runs (the db test files share one database) may fill the first ten rows.
    const listed = new Set<string>();
    for (let page = 0; ; page++) {
      const { results } = await listResultsForTask({ taskId: task.id, page });
      for (const row of results) listed.add(row.run.id);
      if (results.length < TASK_RESULT_PAGE_SIZE) break;
    }
    for (const run of planted.filter((candidate) => candidate.status === "completed")) expect(listed.has(run.id), `archived=${run.archivedAt !== null} test=${run.testRun}`).toBe(countedByHand(run));
  });
});
