// A generated workplace imported as its own dataset: stored with seed and parameters, read back equal
// to what was generated, and runnable — the oracle agent scores 100 % and noop scores exactly the
// no-action share, through the real queue and worker.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { launchRun } from "@/lib/runs/launch";
import { setUpWorkerTest, tearDownWorkerTest, waitForRun, type WorkerTestContext } from "@/lib/test-support/db";
import { datasetSlug, generateDataset, resolveParams, toEngineDataset } from "@/lib/workbench/generate";
import { importGeneratedDir } from "./import-generated";
import { loadDatasetFromDb } from "./load-from-db";
import { writeDataset } from "@/lib/workbench/generate";

const params = resolveParams({ seed: 11, scale: 1, tasksPerTemplate: 1 });
let context: WorkerTestContext | undefined;
let dir = "";

beforeAll(async () => {
  context = await setUpWorkerTest({ concurrency: 8, idlePollMs: 50, mockLatencyMs: 0 });
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "wb-generated-"));
}, 120_000);

afterAll(async () => {
  await tearDownWorkerTest(context);
  await fs.rm(dir, { recursive: true, force: true });
});

describe("generated dataset in the database", () => {
  test("imports as its own dataset with seed and params, beside the official one", async () => {
    const db = context!.db;
    const generated = generateDataset(params);
    await writeDataset(dir, generated);
    const outcomes = await importGeneratedDir(db, params, dir);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(["imported", "imported"]);
    expect((await importGeneratedDir(db, params, dir)).map((outcome) => outcome.status)).toEqual(["unchanged", "unchanged"]);
    const row = await db.dataset.findUniqueOrThrow({ where: { slug: datasetSlug(params) } });
    expect(row).toMatchObject({ kind: "generated", seed: 11, params: { scale: 1, tasksPerTemplate: 1, preset: "default" } });
    expect(await loadDatasetFromDb(db, "v1", undefined, row.id)).toEqual(toEngineDataset(generated, "v1"));
    expect((await loadDatasetFromDb(db, "v1"))?.tasks).toHaveLength(690); // the official one is untouched
  });

  test("oracle scores 100 % and noop the no-action share on it", async () => {
    const { db } = context!;
    const dataset = toEngineDataset(generateDataset(params));
    const noAction = dataset.tasks.filter((task) => task.groundTruth.length === 0).length;
    for (const [agent, expected] of [["oracle", dataset.tasks.length], ["noop", noAction]] as const) {
      const { runId } = await launchRun({ agent, dataset: datasetSlug(params), groundTruth: "v2026", concurrency: 8 }, { db });
      const run = await waitForRun(db, runId);
      expect(run.status).toBe("completed");
      expect([run.tasksTotal, run.correctCount, run.sideEffectCount]).toEqual([dataset.tasks.length, expected, 0]);
    }
  }, 240_000);

  test("an unknown dataset is a clear launch error", async () => {
    const { db } = context!;
    await expect(launchRun({ agent: "oracle", dataset: "gen-s999-x1" }, { db })).rejects.toThrow(/dataset "gen-s999-x1" is not imported/);
  });
});
