// Recorded runs get estimated usage at import, stored apart from measured usage, and the backfill
// command's function writes the same estimate for a run imported without one.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DATA_DIR, setUpRunsTest, tearDownRunsTest, type RunsTestContext } from "@/lib/test-support/db";
import { importRecordedResults } from "@/lib/runs/import/import-results";
import { backfillRecordedEstimates } from "./backfill-estimates";

const RESULTS_DIR = path.join(DATA_DIR, "v1/data/results");
let context: RunsTestContext;

beforeAll(async () => {
  context = await setUpRunsTest();
});

afterAll(async () => {
  await tearDownRunsTest(context);
});

describe("estimated usage of recorded runs", () => {
  test("import stores an estimate apart from measured usage; the backfill writes the same one again", async () => {
    const [imported] = await importRecordedResults(context.db, { resultsPath: path.join(RESULTS_DIR, "email/gpt-4_domains_2024-03-20_12-48-43.csv"), groundTruth: "v1" });
    const run = await context.db.run.findUniqueOrThrow({ where: { id: imported!.runId } });
    // Measured usage stays unknown (0 as stored); the estimate is in its own columns.
    expect(run).toMatchObject({ inputTokens: 0, outputTokens: 0, costUsd: 0 });
    expect(run.estimatedInputTokens).toBeGreaterThan(90 * 500); // every one of 90 tasks re-sends a prompt of hundreds of tokens
    expect(run.estimatedOutputTokens).toBeGreaterThan(90 * 20);
    expect(run.estimatedCostUsd).toBeCloseTo((run.estimatedInputTokens! * 10 + run.estimatedOutputTokens! * 30) / 1e6, 10);
    expect(run.costEstimate).toMatchObject({ tokenizer: "cl100k_base", priceAsOf: "2024-03", untracedTasks: 0 });

    const estimated = { estimatedInputTokens: run.estimatedInputTokens, estimatedOutputTokens: run.estimatedOutputTokens, estimatedCostUsd: run.estimatedCostUsd };
    await context.db.run.update({ where: { id: run.id }, data: { estimatedInputTokens: null, estimatedOutputTokens: null, estimatedCostUsd: null } });
    const outcomes = await backfillRecordedEstimates(context.db, { resultsDir: RESULTS_DIR });
    expect(outcomes.find((outcome) => outcome.runId === run.id)?.result).toEqual({ costUsd: estimated.estimatedCostUsd });
    const again = await context.db.run.findUniqueOrThrow({ where: { id: run.id } });
    expect(again).toMatchObject({ ...estimated, inputTokens: 0, outputTokens: 0, costUsd: 0 });
    // A protocol-2024 run from other files (a 2026-layout export of one; or files not in this folder) is
    // skipped with its reason, and the others are still estimated.
    const [layout2026, elsewhere] = await Promise.all([
      context.db.run.create({ data: { ...runCopyOf(run), name: "from the 2026 layout", importFile: "email/gpt-4_domains_2026-11-27_12-00-00.csv.gz" } }),
      context.db.run.create({ data: { ...runCopyOf(run), name: "from elsewhere", importFile: "email/gpt-4_domains_1999-01-01_00-00-00.csv" } }),
    ]);
    try {
      await context.db.run.update({ where: { id: run.id }, data: { estimatedInputTokens: null, estimatedOutputTokens: null, estimatedCostUsd: null } });
      const outcomes = await backfillRecordedEstimates(context.db, { resultsDir: RESULTS_DIR });
      expect(outcomes.find((outcome) => outcome.runId === layout2026.id)?.result).toEqual({ skipped: "not imported from the paper's results CSVs: email/gpt-4_domains_2026-11-27_12-00-00.csv.gz" });
      expect(outcomes.find((outcome) => outcome.runId === elsewhere.id)?.result).toMatchObject({ skipped: expect.stringContaining("could not be read") });
      expect(outcomes.find((outcome) => outcome.runId === run.id)?.result).toEqual({ costUsd: estimated.estimatedCostUsd });
    } finally {
      await context.db.run.deleteMany({ where: { id: { in: [layout2026.id, elsewhere.id] } } });
    }
    // Already estimated: left alone unless forced.
    expect((await backfillRecordedEstimates(context.db, { resultsDir: RESULTS_DIR })).some((outcome) => outcome.runId === run.id)).toBe(false);
  });
});

/** A run row like `run` (same dataset, version, model), with no estimate and its own id. */
function runCopyOf(run: { datasetId: string; versionId: string | null; groundTruth: string; model: string | null; toolSet: string }) {
  return {
    source: "imported", protocol: "2024", scoringRevision: "2024", status: "completed" as const, agent: "recorded", params: {},
    datasetId: run.datasetId, versionId: run.versionId, groundTruth: run.groundTruth, model: run.model, toolSet: run.toolSet,
  };
}
