// A large results file is imported with bounded memory: a 64 MB file (the paper's gpt-4 multi-domain
// rows, full_response padded) is streamed a batch at a time. Measured as the live heap after a forced
// garbage collection at every batch (through the import's per-batch hook), not as RSS: live memory does
// not depend on when the collector happens to run, so the bound holds on a loaded machine. Reading the
// whole file would hold at least its 64 MB (as a string) while the rows are written. The strict RSS
// target (≤ 300 MB for a 200 MB file) is checked by `npm run bench -- import`, in its own process.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import v8 from "node:v8";
import vm from "node:vm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { matchResultsToTasks, scoreRecordedResults } from "@/lib/workbench/evaluate";
import { createProtocolEvaluator } from "@/lib/workbench/protocols";
import { loadRecordedResultsFile } from "@/lib/workbench/results";
import { DATA_DIR, setUpRunsTest, tearDownRunsTest, type RunsTestContext } from "../../test-support/db";
import { importRecordedResults } from "./import-results";
import { writeLargeResultsFile } from "../../test-support/large-results-fixture";

const FILE_MB = 64;
/** Live heap above the pre-import baseline: a few batches (≤ 8 MB of fields each) and their parses. */
const LIVE_GROWTH_LIMIT_MB = 40;

let context: RunsTestContext;
let dir: string;

beforeAll(async () => {
  context = await setUpRunsTest();
  dir = await mkdtemp(path.join(os.tmpdir(), "import-memory-"));
});

afterAll(async () => {
  await tearDownRunsTest(context);
  if (dir) await rm(dir, { recursive: true, force: true });
});

function exposeGc(): () => void {
  v8.setFlagsFromString("--expose-gc");
  return vm.runInNewContext("gc") as () => void;
}

test(`a ${FILE_MB} MB results file is imported a batch at a time, its live heap bounded, its rows scored as the whole-file scorer does`, async () => {
  const large = await writeLargeResultsFile(DATA_DIR, dir, `memory${Date.now().toString(36)}`, FILE_MB * 1024 * 1024);
  expect(large.bytes).toBeGreaterThan((FILE_MB - 1) * 1024 * 1024);
  const gc = exposeGc();
  gc();
  const baseline = process.memoryUsage().heapUsed;
  const live: number[] = [];
  let rowsSeen = 0;
  const [imported] = await importRecordedResults(context.db, {
    resultsPath: dir,
    groundTruth: "v1",
    onBatch: (rows) => {
      rowsSeen += rows.length;
      gc();
      live.push(process.memoryUsage().heapUsed - baseline);
      return rows;
    },
  });

  const peakMb = Math.max(...live) / 1024 / 1024;
  console.log(`import of ${(large.bytes / 1024 / 1024).toFixed(0)} MB: ${live.length} batches, peak live heap growth ${peakMb.toFixed(1)} MB`);
  // Many batches (≤ 8 MB of fields each), each seen by the hook before it was written.
  expect(live.length).toBeGreaterThanOrEqual(FILE_MB / 8);
  expect(rowsSeen).toBe(large.rows);
  expect(peakMb).toBeLessThan(LIVE_GROWTH_LIMIT_MB);

  // The padding changes nothing: the verdicts are the whole-file scorer's on the original file.
  const original = await loadRecordedResultsFile(path.join(DATA_DIR, "v1/data/results/multi_domain/gpt-4_all_2024-03-23_21-17-32.csv"), "multi_domain");
  const verdicts = scoreRecordedResults(original, matchResultsToTasks(original, context.v1.tasks, context.v1), createProtocolEvaluator({ dataset: context.v1, protocol: "2024" }));
  expect(imported).toMatchObject({ created: true, tasks: original.length, correct: verdicts.filter((v) => v.verdict.correct).length });
  expect(await context.db.taskResult.count({ where: { runId: imported!.runId } })).toBe(original.length);
});
