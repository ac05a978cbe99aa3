// A simulated population written as recorded runs (the paper's CSVs over the real v1 tasks) and imported by
// import-results' code: the scorer must store exactly the simulated verdicts, the verdict matrix must read
// them back (test runs only: they stay off the boards), and the estimator's check runs on that matrix.
// The targets at n = 100 hold on it: MAE ≤ 2.5 points, ≥ 25 % below template-stratified random
// subsets of the same n, 95 % intervals covering the full accuracy for ≥ 90 % of the configurations (at seed 7:
// 1.69 points, 42 %, 90 %; the coverage is at its bound, docs/estimation.md).
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { setUpRunsTest, tearDownRunsTest, type RunsTestContext } from "@/lib/test-support/db";
import { estimateReport } from "@/lib/metrics/irt/check-report";
import { readVerdictMatrix, type DatabaseVerdictMatrix } from "@/lib/queries/verdict-matrix";
import { importSimulatedPopulation, simulatedMismatches, type SimulatedRuns } from "./simulated-population";
import { deleteRuns } from "../manage";
import { forgetDeletedImports, listDeletedImports } from "./deleted-imports";

const SEED = 7;
let context: RunsTestContext;
let outDir: string;
let simulated: SimulatedRuns;
let matrix: DatabaseVerdictMatrix;

beforeAll(async () => {
  context = await setUpRunsTest();
  outDir = await mkdtemp(path.join(os.tmpdir(), "simulated-population-"));
  simulated = await importSimulatedPopulation(context.db, { configurations: 40, seed: SEED, outDir });
  matrix = await readVerdictMatrix(context.db, { tests: "only", runIds: simulated.runs.map((run) => run.runId) });
}, 600_000);

afterAll(async () => {
  // The 40 runs (27,600 results) leave the database the other test files share, and so do their deletions.
  if (context && simulated) {
    const ids = simulated.runs.map((run) => run.runId);
    await deleteRuns(context.db, { userId: null, label: "simulated-population test" }, ids);
    const names = new Set(simulated.runs.map((run) => run.name));
    await forgetDeletedImports(context.db, (await listDeletedImports(context.db)).filter((row) => names.has(row.runName)).map((row) => row.id));
  }
  await rm(outDir, { recursive: true, force: true });
  await tearDownRunsTest(context);
}, 300_000);

test("the v1 scorer stored exactly the simulated verdicts, 40 runs × 690 tasks, as test runs", async () => {
  expect(simulated.runs).toHaveLength(40);
  expect(simulated.tasks.filter(Boolean)).toHaveLength(690);
  expect(await simulatedMismatches(context.db, simulated)).toEqual([]);
  const runs = await context.db.run.findMany({ where: { id: { in: simulated.runs.map((run) => run.runId) } }, select: { testRun: true, source: true } });
  expect(runs.every((run) => run.testRun && run.source === "imported")).toBe(true);
});

test("the verdict matrix reads each configuration's verdicts by task, with the task's base template", () => {
  expect(matrix.configurations).toHaveLength(40);
  expect(new Set(matrix.tasks.map((task) => task.template)).size).toBe(69);
  const column = new Map(matrix.tasks.map((task, i) => [task.key, i] as const));
  for (const [j, model] of simulated.models.entries()) {
    const row = matrix.rows[matrix.labels.findIndex((label) => label.startsWith(`${model} `))];
    expect(row, model).toBeDefined();
    simulated.tasks.forEach((task, i) => {
      if (task) expect(row?.[column.get(task.key) as number], `${model} ${task.key}`).toBe(simulated.population.rows[j]?.[i]);
    });
  }
});

test("test runs stay off: without asking for them the matrix has none of these configurations", async () => {
  const boards = await readVerdictMatrix(context.db, { runIds: simulated.runs.map((run) => run.runId) });
  expect(boards.configurations).toEqual([]);
});

test("estimate-check at n = 100 on the imported population meets the issue's targets", () => {
  const report = estimateReport(matrix, 100, { seed: SEED, labels: matrix.labels });
  expect(report.method).toBe("item-response");
  const adaptive = report.adaptive!;
  console.log(
    `estimate-check, ${report.configurations} simulated configurations (seed ${SEED}), n = 100: MAE adaptive ${(adaptive.mae * 100).toFixed(2)} points, ` +
      `stratified ${(report.stratified.mae * 100).toFixed(2)}, reduction ${(adaptive.reduction * 100).toFixed(0)} % (target ≥ 25 %), ` +
      `coverage ${(adaptive.coverage * 100).toFixed(0)} % (target ≥ 90 %), stratified coverage ${(report.stratified.coverage * 100).toFixed(0)} %`,
  );
  expect(adaptive.mae).toBeLessThanOrEqual(0.025);
  expect(adaptive.reduction).toBeGreaterThanOrEqual(0.25);
  expect(adaptive.coverage).toBeGreaterThanOrEqual(0.9);
}, 120_000);
