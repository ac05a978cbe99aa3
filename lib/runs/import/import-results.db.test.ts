// Importing the paper's recorded results: the reference counts (WORKBENCH-REFERENCE.md), traces,
// idempotency, and a malformed file leaving the database unchanged.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DATA_DIR, setUpRunsTest, tearDownRunsTest, type RunsTestContext } from "../../test-support/db";
import { importRecordedResults } from "./import-results";

const RESULTS_DIR = path.join(DATA_DIR, "v1/data/results");
let context: RunsTestContext;

beforeAll(async () => {
  context = await setUpRunsTest();
});

afterAll(async () => {
  await tearDownRunsTest(context);
});

async function counts() {
  const [runs, results, steps] = await Promise.all([context.db.run.count(), context.db.taskResult.count(), context.db.step.count()]);
  return { runs, results, steps };
}

describe("importRecordedResults", () => {
  test("imports one run per model × tool set with the original evaluator's counts, once", async () => {
    const imported = await importRecordedResults(context.db, { resultsPath: RESULTS_DIR, groundTruth: "v1" });
    const byName = Object.fromEntries(imported.map((run) => [run.name.split(" (")[0], { tasks: run.tasks, correct: run.correct }]));
    expect(byName).toEqual({
      "claude-2 · all tools": { tasks: 690, correct: 169 },
      "claude-2 · domains tools": { tasks: 690, correct: 156 },
      "gpt-3.5 · domains tools": { tasks: 690, correct: 93 },
      "gpt-4 · all tools": { tasks: 690, correct: 294 },
      "gpt-4 · domains tools": { tasks: 690, correct: 340 },
      "llama2-70b · domains tools": { tasks: 690, correct: 16 },
      "mistral-8x7B · all tools": { tasks: 690, correct: 108 },
      "mistral-8x7B · domains tools": { tasks: 690, correct: 132 },
    });
    const gpt4 = imported.find((run) => run.name.startsWith("gpt-4 · all"));
    const run = await context.db.run.findUniqueOrThrow({ where: { id: gpt4!.runId } });
    expect(run).toMatchObject({ source: "imported", agent: "recorded", model: "gpt-4", toolSet: "all", status: "completed", sideEffectCount: 177, exactMatchCount: 265 });
    const v1 = await context.db.groundTruthVersion.findFirstOrThrow({ where: { name: "v1", dataset: { slug: "workbench" } } });
    expect(run.versionId).toBe(v1.id); // the revision it was scored against

    // Traces: replayed tool steps with observations, thoughts from full_response.
    const withSteps = await context.db.taskResult.findFirstOrThrow({
      where: { runId: run.id, NOT: { calls: { isEmpty: true } } },
      include: { steps: { orderBy: { index: "asc" } } },
    });
    expect(withSteps.steps.some((step) => step.kind === "tool" && step.observation)).toBe(true);
    expect(withSteps.steps.some((step) => step.kind === "model" && step.text)).toBe(true);
    // Rows written in bulk keep the run's timestamps (no time-zone shift) and their JSON columns.
    expect(withSteps.finishedAt?.getTime()).toBe(run.finishedAt?.getTime());
    expect(withSteps.diagnostics).toMatchObject({ noActions: false });

    const before = await counts();
    const again = await importRecordedResults(context.db, { resultsPath: RESULTS_DIR, groundTruth: "v1" });
    expect(again.every((run) => !run.created)).toBe(true);
    expect(await counts()).toEqual(before);
  });

  test("a malformed file fails with its file and line and leaves the database unchanged", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "workbench-results-"));
    try {
      const source = path.join(RESULTS_DIR, "email/gpt-4_all_2024-03-21_15-21-12.csv");
      const broken = path.join(dir, "email/gpt-4_all_2024-03-21_15-21-12.csv");
      await fs.mkdir(path.dirname(broken));
      const text = await fs.readFile(source, "utf8");
      // A last row whose function_calls is not a Python list (unterminated): it starts on this line.
      const badLine = text.split("\n").length;
      await fs.writeFile(broken, `${text}"Delete my last email","['email.delete_email.func(email_id=""1"")'","{}",""\n`);
      const before = await counts();
      await expect(importRecordedResults(context.db, { resultsPath: dir, groundTruth: "v2026" })).rejects.toThrow(
        `gpt-4_all_2024-03-21_15-21-12.csv:${badLine}:`,
      );
      expect(await counts()).toEqual(before);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
