// A run in progress is unaffected by an import: it keeps its tasks, its sandbox and its scorer (the
// revision it was launched on) while different files take over the ground truth's name.
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { DATA_DIR, FAST_RETRY, setUpWorkerTest, tearDownWorkerTest, waitForRun, type WorkerTestContext } from "@/lib/test-support/db";
import { DATASET_SLUG, launchRun } from "@/lib/runs/launch";
import { forgetRun } from "@/lib/runs/run-context";
import { importDataset } from "./import-dataset";

let context: WorkerTestContext;
let editedRoot: string;

beforeAll(async () => {
  context = await setUpWorkerTest({ concurrency: 2, idlePollMs: 100, mockLatencyMs: 150 });
  editedRoot = await fs.mkdtemp(path.join(os.tmpdir(), "workbench-data-"));
  cpSync(DATA_DIR, editedRoot, { recursive: true });
  // Every email task gets a new text: a worker that read the new revision would ask the oracle mock
  // (which knows the original texts) about tasks it does not know, and score them wrong.
  const file = path.join(editedRoot, "v1", "data", "processed", "queries_and_answers", "email_queries_and_answers.csv");
  const [header, ...rows] = readFileSync(file, "utf8").split("\n");
  writeFileSync(file, [header, ...rows.map((row) => (row.startsWith('"') ? `"Edited: ${row.slice(1)}` : row))].join("\n"));
});

afterAll(async () => {
  await importDataset(context.db, { dataDir: DATA_DIR, versions: ["v1"] }); // the official files current again
  await tearDownWorkerTest(context);
  await fs.rm(editedRoot, { recursive: true, force: true });
});

test("a run in progress finishes on the revision it was launched on, with every result correct", async () => {
  const { db } = context;
  // The official dataset's v1 (a generated workplace another test file imported has a v1 of its own).
  const official = { name: "v1", dataset: { slug: DATASET_SLUG } };
  const launchedOn = await db.groundTruthVersion.findFirstOrThrow({ where: official });
  const { runId, tasksTotal } = await launchRun(
    { agent: "react", provider: "mock", model: "oracle", baseUrl: context.mock.url, domains: ["email"], limit: 16, concurrency: 2, retry: FAST_RETRY },
    context,
  );
  for (;;) {
    const run = await db.run.findUniqueOrThrow({ where: { id: runId } });
    if (run.tasksDone >= 2) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  const [outcome] = await importDataset(db, { dataDir: editedRoot, versions: ["v1"] });
  expect(outcome?.status).toBe("revised");
  // As if a worker that never saw this run (started or restarted after the import) took its next tasks.
  forgetRun(runId);
  const atImport = await db.run.findUniqueOrThrow({ where: { id: runId } });
  expect(atImport.tasksDone).toBeLessThan(tasksTotal); // the import really happened mid-run

  const finished = await waitForRun(db, runId);
  expect(finished).toMatchObject({ status: "completed", tasksDone: tasksTotal, correctCount: tasksTotal, versionId: launchedOn.id });
  const results = await db.taskResult.findMany({ where: { runId }, include: { task: true } });
  expect(results.every((result) => result.task.versionId === launchedOn.id && result.correct === true)).toBe(true);
  expect((await db.groundTruthVersion.findFirstOrThrow({ where: official })).id).not.toBe(launchedOn.id);
});
