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
    // Already estimated: left alone unless forced.
    expect((await backfillRecordedEstimates(context.db, { resultsDir: RESULTS_DIR })).some((outcome) => outcome.runId === run.id)).toBe(false);
  });
});
