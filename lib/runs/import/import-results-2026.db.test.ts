// Importing WorkBench Revisited (2026) results: fixture files written in upstream inference.py's exact
// format (fixtures/results-2026: csv.gz + _meta.json + _traces.json) become a protocol-2026 run with
// its model, provider and settings, listed on the leaderboard under protocol 2026 and not under 2024.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { getLeaderboard } from "@/lib/queries/leaderboard";

/** Every leaderboard row for a filter (the page shows one slice). */
const leaderboardRows = async (filter: Parameters<typeof getLeaderboard>[0]) => (await getLeaderboard({ ...filter, pageSize: 1_000 })).rows;
import { setUpRunsTest, tearDownRunsTest, type RunsTestContext } from "../../test-support/db";
import { GroundTruthSnapshotError, importResults2026 } from "./import-results-2026";
import { rescoreRun } from "../rescore";

const FIXTURES = path.join(import.meta.dirname, "fixtures/results-2026");
let context: RunsTestContext;

beforeAll(async () => {
  context = await setUpRunsTest();
  // Another test file (fetch-results-2026) imports the same fixture into the shared database; this one
  // checks a first import, so it starts without that run.
  await context.db.run.deleteMany({ where: { source: "imported", protocol: "2026", model: "gpt-5.4-mini" } });
});

afterAll(async () => {
  await tearDownRunsTest(context);
});

describe("importResults2026", () => {
  test("imports the 2026 layout as a protocol-2026 run the leaderboard lists under that protocol, once", async () => {
    const [imported, ...others] = await importResults2026(context.db, { resultsPath: FIXTURES, revision: "2026-07" });
    expect(others).toEqual([]);
    // 7 rows: nadia (search + right delete), sofia (wrong email deleted), anaya (context window), yuki
    // (an extra email sent, its values escaped), a correct calendar delete, an answer that asked for
    // confirmation instead of acting, and a plot ending on 2023-11-30 where the ground truth ends on
    // 2023-11-29 (correct under 2026-07 only).
    expect(imported).toMatchObject({ created: true, tasks: 7, correct: 3 });
    const run = await context.db.run.findUniqueOrThrow({ where: { id: imported!.runId } });
    expect(run).toMatchObject({
      source: "imported", protocol: "2026", groundTruth: "v2026", scoringRevision: "2026-07",
      model: "gpt-5.4-mini", provider: "openai", baseUrl: "https://api.openai.com/v1", toolSet: "all",
      tasksDone: 7, correctCount: 3, errorCount: 1,
    });
    // The run keeps the ground-truth revision it was scored against, whatever is imported later.
    const version = await context.db.groundTruthVersion.findFirstOrThrow({ where: { name: "v2026", dataset: { slug: "workbench" } } });
    expect(run.versionId).toBe(version.id);
    expect(run.params).toMatchObject({ harness: "workbench-2026", harness2026: { structuredOutputs: true, actWithoutConfirmation: true }, traced: true, costKnown: false });
    expect(run.startedAt?.toISOString()).toBe(new Date("2026-06-03T17:59:59.263").toISOString());

    const nadia = await context.db.taskResult.findFirstOrThrow({
      where: { runId: run.id, task: { text: "Delete my last email from nadia" } },
      include: { steps: { orderBy: { index: "asc" } } },
    });
    expect(nadia).toMatchObject({ correct: true, calls: ['email.search_emails.func(query="nadia")', 'email.delete_email.func(email_id="00000479")'] });
    expect(nadia.finalAnswer).toBe("I deleted Nadia's most recent email.");
    // Thoughts come from the logged traces (the model's output for each call).
    expect(nadia.steps.filter((step) => step.kind === "model").map((step) => step.text)).toHaveLength(3); // two calls and the final answer's turn
    // The escaped call parses under the 2026 parser: it ran (no failed call), and sent an extra email.
    const yuki = await context.db.taskResult.findFirstOrThrow({ where: { runId: run.id, task: { text: "Delete my last email from yuki" } } });
    expect(yuki).toMatchObject({ correct: false, sideEffects: true, failedCalls: [] });
    expect(yuki.calls[0]).toContain('subject="Re: \\"hello\\""');
    const anaya = await context.db.taskResult.findFirstOrThrow({ where: { runId: run.id, task: { text: "Delete my last email from anaya" } } });
    expect(anaya).toMatchObject({ correct: false, error: "Context window exceeded", errorKind: "context_window" });

    const under2026 = await leaderboardRows({ groundTruth: "v2026", protocol: "2026", scoringRevision: "2026-07" });
    expect(under2026.find((row) => row.id === run.id)).toMatchObject({ n: 7, correct: 3 });
    expect((await leaderboardRows({ groundTruth: "v2026", protocol: "2024" })).some((row) => row.id === run.id)).toBe(false);
    expect((await leaderboardRows({ groundTruth: "v2026", protocol: "2026", scoringRevision: "2026-06" })).some((row) => row.id === run.id)).toBe(false);

    // Once per set of files, whatever the revision asked for (another revision is a re-score).
    const again = await importResults2026(context.db, { resultsPath: FIXTURES, revision: "2026-06" });
    expect(again.map((row) => [row.runId, row.created])).toEqual([[run.id, false]]);
  });

  test("re-scoring under 2026-06 updates verdicts, totals and the leaderboard; the run is not re-run", async () => {
    const [imported] = await importResults2026(context.db, { resultsPath: FIXTURES, revision: "2026-07" });
    const runId = imported!.runId;
    const stepsBefore = await context.db.step.count({ where: { result: { runId } } });
    const published = await rescoreRun(context.db, { runId, revision: "2026-06" });
    expect(published).toMatchObject({ from: "2026-07", to: "2026-06", tasks: 7, correct: 2, changed: 1 });
    const plot = await context.db.taskResult.findFirstOrThrow({ where: { runId, task: { domain: "analytics" } } });
    expect(plot).toMatchObject({ correct: false, calls: ['analytics.create_plot.func(time_min="2023-11-21", time_max="2023-11-30", value_to_plot="total_visits", plot_type="bar")'] });
    expect(await context.db.run.findUniqueOrThrow({ where: { id: runId } })).toMatchObject({ scoringRevision: "2026-06", correctCount: 2 });
    expect((await leaderboardRows({ groundTruth: "v2026", protocol: "2026", scoringRevision: "2026-06" })).find((row) => row.id === runId)).toMatchObject({ n: 7, correct: 2 });
    expect((await leaderboardRows({ groundTruth: "v2026", protocol: "2026", scoringRevision: "2026-07" })).some((row) => row.id === runId)).toBe(false);
    expect(await context.db.step.count({ where: { result: { runId } } })).toBe(stepsBefore);

    await expect(rescoreRun(context.db, { runId, revision: "2024" })).rejects.toThrow(/protocol 2026 has revisions 2026-06, 2026-07/);
    expect(await rescoreRun(context.db, { runId, revision: "2026-07" })).toMatchObject({ correct: 3, changed: 1 });
    expect(await context.db.taskResult.findFirstOrThrow({ where: { id: plot.id } })).toMatchObject({ correct: true });
  });

  test("ground_truth_version: a snapshot Studio does not hold is refused naming it; the snapshots it holds are accepted", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "workbench-results-2026-"));
    const setVersion = async (domain: string, version: string) => {
      const [metaName] = (await fs.readdir(path.join(dir, domain))).filter((name) => name.endsWith("_meta.json"));
      const metaFile = path.join(dir, domain, metaName!);
      const meta = JSON.parse(await fs.readFile(metaFile, "utf8"));
      await fs.writeFile(metaFile, JSON.stringify({ ...meta, ground_truth_version: version }, null, 2));
    };
    try {
      await fs.cp(FIXTURES, dir, { recursive: true });
      // An older email snapshot than the one v2026 is made of (v2026-05-17): upstream scores against it.
      await setVersion("email", "v2026-05-12");
      const runsBefore = await context.db.run.count();
      const refusal = await importResults2026(context.db, { resultsPath: dir }).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refusal).toBeInstanceOf(GroundTruthSnapshotError);
      const message = (refusal as Error).message;
      expect(message).toContain("email/gpt-5.4-mini_all_2026-06-03_17-59-59.csv.gz");
      expect(message).toContain("ground truth v2026-05-12 (data/processed/tasks_and_outcomes/v2026-05-12/email_tasks_and_outcomes.csv)");
      expect(message).toContain("Studio's v2026 email tasks are snapshot v2026-05-17");
      expect((refusal as GroundTruthSnapshotError).imported).toEqual([]);
      expect(await context.db.run.count()).toBe(runsBefore);

      // The snapshots v2026 was read from (email v2026-05-17, the others v2026-05-19) are accepted.
      await setVersion("email", "v2026-05-17");
      await setVersion("analytics", "v2026-05-19");
      await setVersion("calendar", "v2026-05-19");
      const [accepted] = await importResults2026(context.db, { resultsPath: dir });
      expect(accepted).toMatchObject({ tasks: 7 });
      // A newer email snapshot name is not the one Studio holds either.
      await setVersion("email", "v2026-05-19");
      await expect(importResults2026(context.db, { resultsPath: dir })).rejects.toThrow(/ground truth v2026-05-19 .*email/);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  test("a meta file that does not describe its results file fails naming it and writes nothing", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "workbench-results-2026-"));
    try {
      await fs.cp(path.join(FIXTURES, "email"), path.join(dir, "email"), { recursive: true });
      const metaFile = path.join(dir, "email/gpt-5.4-mini_all_2026-06-03_17-59-59_meta.json");
      const meta = JSON.parse(await fs.readFile(metaFile, "utf8"));
      await fs.writeFile(metaFile, JSON.stringify({ ...meta, tool_selection: "domains" }, null, 2));
      const runsBefore = await context.db.run.count();
      await expect(importResults2026(context.db, { resultsPath: dir })).rejects.toThrow(/_meta\.json: describes gpt-5\.4-mini_domains/);
      expect(await context.db.run.count()).toBe(runsBefore);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  test("a traces file cut short fails naming its file and line and writes nothing (it is streamed with the rows)", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "workbench-results-2026-"));
    try {
      await fs.cp(path.join(FIXTURES, "email"), path.join(dir, "email"), { recursive: true });
      const tracesFile = path.join(dir, "email/gpt-5.4-mini_all_2026-06-03_17-59-59_traces.json");
      const text = await fs.readFile(tracesFile, "utf8");
      // Cut inside the last entry: the rows before it have their traces, the file still fails.
      const cut = text.slice(0, text.lastIndexOf('"task"'));
      await fs.writeFile(tracesFile, cut);
      const runsBefore = await context.db.run.count();
      await expect(importResults2026(context.db, { resultsPath: dir })).rejects.toThrow(new RegExp(`_traces\\.json:${cut.split("\n").length}: not JSON`));
      expect(await context.db.run.count()).toBe(runsBefore);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
