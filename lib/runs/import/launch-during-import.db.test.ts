// A launch during a large import succeeds at once: the paper's recorded results (8 runs × 690 rows
// with their traces) are being imported while a run is launched and worked. The import's transaction
// only holds locks on the rows it inserts, so neither the launch nor the run waits for it.
import { appendFileSync, cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { DATA_DIR, FAST_RETRY, setUpWorkerTest, tearDownWorkerTest, waitForRun, type WorkerTestContext } from "../../test-support/db";
import { launchRun } from "../launch";
import { importRecordedResults } from "./import-results";

let context: WorkerTestContext;
let resultsDir: string;

beforeAll(async () => {
  context = await setUpWorkerTest({ concurrency: 4, idlePollMs: 100, mockLatencyMs: 50 });
  // A copy with other bytes (an empty last line, which the reader skips): imports recognise files by their
  // content, and files another test imported into this database would be a no-op.
  resultsDir = mkdtempSync(path.join(os.tmpdir(), "results-copy-"));
  cpSync(path.join(DATA_DIR, "v1/data/results"), resultsDir, { recursive: true });
  for (const domain of readdirSync(resultsDir)) {
    for (const file of readdirSync(path.join(resultsDir, domain))) appendFileSync(path.join(resultsDir, domain, file), "\n");
  }
});

afterAll(async () => {
  await tearDownWorkerTest(context);
  if (resultsDir) rmSync(resultsDir, { recursive: true, force: true });
});

test("a launch while the paper's results are being imported is queued at once and its run completes", async () => {
  const { db } = context;
  const importing = importRecordedResults(db, { resultsPath: resultsDir, groundTruth: "v1" });
  let importDone = false;
  void importing.then(() => (importDone = true), () => (importDone = true));
  // Launch once the import is writing: its first run's results are being inserted (uncommitted) by then.
  const writing = async () => (await db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM pg_stat_activity WHERE state <> 'idle' AND query ILIKE 'INSERT INTO "TaskResult"%jsonb_to_recordset%'`)[0]!.n > 0;
  const deadline = Date.now() + 120_000;
  while (!(await writing()) && !importDone && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(importDone).toBe(false); // the launch below really overlaps the import

  const started = performance.now();
  const { runId, tasksTotal } = await launchRun(
    { agent: "react", provider: "mock", model: "oracle", baseUrl: context.mock.url, limit: 8, concurrency: 4, retry: FAST_RETRY },
    context,
  );
  const launchMs = performance.now() - started;
  const run = await waitForRun(db, runId, 120_000);
  expect(run).toMatchObject({ status: "completed", tasksDone: tasksTotal, correctCount: tasksTotal });
  const runDoneDuringImport = !importDone;

  const imported = await importing;
  expect(imported).toHaveLength(8);
  expect(imported.every((one) => one.created && one.tasks === 690)).toBe(true);
  // "At once": the launch does not wait for the import (which takes tens of seconds); generous for a
  // busy 2-core machine.
  expect(launchMs).toBeLessThan(15_000);
  console.log(`launch during import: ${Math.round(launchMs)} ms; run finished ${runDoneDuringImport ? "before" : "after"} the import`);
});
