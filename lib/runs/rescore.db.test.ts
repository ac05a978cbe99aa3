// Re-scoring reads the ground truth the run was scored against: its own revision (a later import of
// different files under the same name must not change its verdicts) and its own dataset (a generated
// workplace has its own tasks under the same version names and task keys as the official one).
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { importDataset } from "@/lib/datasets/import-dataset";
import { importGeneratedDir } from "@/lib/datasets/import-generated";
import { datasetSlug, generateDataset, resolveParams, writeDataset } from "@/lib/workbench/generate";
import { DATA_DIR, setUpWorkerTest, tearDownWorkerTest, waitForRun, type WorkerTestContext } from "../test-support/db";
import { launchRun } from "./launch";
import { rescoreRun } from "./rescore";

let context: WorkerTestContext;
const temps: string[] = [];

beforeAll(async () => {
  context = await setUpWorkerTest({ concurrency: 8, idlePollMs: 50, mockLatencyMs: 0 });
}, 120_000);

afterAll(async () => {
  // Leave the official files current for the other suites.
  await importDataset(context.db, { dataDir: DATA_DIR, versions: ["v1"] });
  await tearDownWorkerTest(context);
  await Promise.all(temps.map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

async function tempDir(prefix: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  temps.push(dir);
  return dir;
}

describe("rescoreRun", () => {
  test("after a re-import with a changed ground truth, a run is re-scored against its own revision", async () => {
    const { db } = context;
    const { runId } = await launchRun({ agent: "oracle", groundTruth: "v1", domains: ["email"], concurrency: 8 }, { db });
    const run = await waitForRun(db, runId);
    expect(run).toMatchObject({ status: "completed", correctCount: run.tasksTotal });
    // The edited task is one of the run's.
    expect(await db.taskResult.count({ where: { runId, task: { text: "Delete my last email from nadia" } } })).toBe(1);

    // New files under the name v1: "Delete my last email from nadia" now expects another email deleted.
    const root = await tempDir("wb-rescore-data-");
    cpSync(DATA_DIR, root, { recursive: true });
    const file = path.join(root, "v1", "data", "processed", "queries_and_answers", "email_queries_and_answers.csv");
    const text = readFileSync(file, "utf8");
    const edited = text.replace('email_id=""00000479""', 'email_id=""00000438""');
    expect(edited).not.toBe(text);
    writeFileSync(file, edited);
    expect((await importDataset(db, { dataDir: root, versions: ["v1"] }))[0]?.status).toBe("revised");
    const current = await db.groundTruthVersion.findFirstOrThrow({ where: { name: "v1", dataset: { slug: "workbench" } } });
    expect(current.id).not.toBe(run.versionId);

    const rescored = await rescoreRun(db, { runId, revision: "2024" });
    expect(rescored).toMatchObject({ tasks: run.tasksTotal, correct: run.tasksTotal, changed: 0 });
    expect(await db.run.findUniqueOrThrow({ where: { id: runId } })).toMatchObject({ correctCount: run.tasksTotal, versionId: run.versionId });
  }, 240_000);

  test("a run on a generated workplace is re-scored against that workplace's tasks", async () => {
    const { db } = context;
    const params = resolveParams({ seed: 23, scale: 1, tasksPerTemplate: 1 });
    const dir = await tempDir("wb-rescore-generated-");
    await writeDataset(dir, generateDataset(params));
    await importGeneratedDir(db, params, dir);
    const { runId } = await launchRun({ agent: "oracle", dataset: datasetSlug(params), groundTruth: "v1", concurrency: 8 }, { db });
    const run = await waitForRun(db, runId);
    expect(run).toMatchObject({ status: "completed", correctCount: run.tasksTotal });
    expect(run.tasksTotal).toBeGreaterThan(0);

    const rescored = await rescoreRun(db, { runId, revision: "2024" });
    expect(rescored).toMatchObject({ tasks: run.tasksTotal, correct: run.tasksTotal, changed: 0 });
  }, 240_000);
});
