// Runs that travel and come back: the GPT-4 recorded run (paper's results) and live mock runs of both
// protocols, written as an Inspect eval log, as the paper's results CSVs and as upstream's 2026 results
// (any run of the official tasks: its meta names the ground truth and records the protocol), imported back
// through Studio's importers (which re-score every task with the engine): the same verdicts, calls
// and steps (kind, text, call, observation) per task and trial. The exported logs validate against
// Inspect's published EvalLog schema (ajv, draft 2020-12).
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { loadDataset } from "@/lib/workbench/datasets";
import { startMockProvider, type MockProvider } from "@/lib/mock-provider";
import { evalLogErrors } from "@/lib/test-support/inspect-schema";
import { runSnapshot, type SnapshotOptions } from "@/lib/test-support/run-snapshot";
import { DATA_DIR, FAST_RETRY, setUpWorkerTest, tearDownWorkerTest, waitForRun, type WorkerTestContext } from "../test-support/db";
import { launchRun } from "../runs/launch";
import { importRecordedResults } from "../runs/import/import-results";
import { importResults2026 } from "../runs/import/import-results-2026";
import { buildEvalLog } from "./inspect/eval-log";
import { importInspectLog } from "../runs/import/import-inspect";
import { loadRunOrThrow, writeRunExport } from "./export-run";

let context: WorkerTestContext;
let mock2026: MockProvider;
let dir: string;
const runs: Record<"gpt4" | "live" | "trials" | "upstream2026" | "live2026", string> = { gpt4: "", live: "", trials: "", upstream2026: "", live2026: "" };

beforeAll(async () => {
  context = await setUpWorkerTest({ concurrency: 8, idlePollMs: 100, mockLatencyMs: 0 });
  mock2026 = await startMockProvider({ dataset: await loadDataset(DATA_DIR, "v2026"), behaviour: "oracle" });
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "workbench-travel-"));
  // The paper's GPT-4 (all tools) results: its six domain files only.
  const gpt4 = path.join(dir, "gpt4-results");
  const source = path.join(DATA_DIR, "v1/data/results");
  for (const domain of await fs.readdir(source)) {
    for (const file of (await fs.readdir(path.join(source, domain))).filter((name) => name.startsWith("gpt-4_all_"))) {
      await fs.mkdir(path.join(gpt4, domain), { recursive: true });
      await fs.copyFile(path.join(source, domain, file), path.join(gpt4, domain, file));
    }
  }
  const [imported] = await importRecordedResults(context.db, { resultsPath: gpt4, groundTruth: "v1" });
  runs.gpt4 = imported!.runId;
  const [upstream] = await importResults2026(context.db, { resultsPath: path.join(import.meta.dirname, "../runs/import/fixtures/results-2026") });
  runs.upstream2026 = upstream!.runId;
  const mock = { provider: "mock", model: "oracle", concurrency: 8, retry: FAST_RETRY } as const;
  runs.live = (await launchRun({ ...mock, agent: "react", baseUrl: context.mock.url, limit: 24 }, context)).runId;
  runs.trials = (await launchRun({ ...mock, agent: "tools", baseUrl: context.mock.url, limit: 4, trials: 3 }, context)).runId;
  runs.live2026 = (await launchRun({ ...mock, agent: "workbench-2026", baseUrl: mock2026.url, groundTruth: "v2026", limit: 24 }, context)).runId;
  for (const runId of [runs.live, runs.trials, runs.live2026]) expect(await waitForRun(context.db, runId)).toMatchObject({ status: "completed" });
}, 600_000);

afterAll(async () => {
  await mock2026?.close();
  await tearDownWorkerTest(context);
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

/** What must survive the trip, per task and trial, in task order. */
const snapshot = (runId: string, options: SnapshotOptions = {}) => runSnapshot(context.db, runId, options);

async function exportTo(runId: string, format: "inspect" | "workbench-2024" | "workbench-2026", name: string): Promise<string> {
  const out = path.join(dir, name);
  await writeRunExport(await loadRunOrThrow(context.db, runId), format, out);
  return out;
}

describe("Inspect eval logs", () => {
  test.each(["gpt4", "live", "trials", "live2026"] as const)("the %s run's log validates as EvalLog and imports back to the same verdicts, calls and steps", async (which) => {
    const runId = runs[which];
    const log = buildEvalLog(await loadRunOrThrow(context.db, runId));
    expect(evalLogErrors(log)).toEqual([]);
    const file = await exportTo(runId, "inspect", `${which}.json`);
    const imported = await importInspectLog(context.db, { file });
    expect(imported.created).toBe(true);
    const measured = which !== "gpt4";
    expect(await snapshot(imported.runId, { usage: measured })).toEqual(await snapshot(runId, { usage: measured }));
    const [before, after] = await Promise.all([runId, imported.runId].map((id) => context.db.run.findUniqueOrThrow({ where: { id } })));
    expect(after).toMatchObject({ protocol: before!.protocol, groundTruth: before!.groundTruth, scoringRevision: before!.scoringRevision, correctCount: before!.correctCount, trials: before!.trials });
    // The log's usage comes back with the model turns (a recorded run has none: zeros, as before).
    expect({ inputTokens: after!.inputTokens, outputTokens: after!.outputTokens }).toEqual({ inputTokens: before!.inputTokens, outputTokens: before!.outputTokens });
  }, 300_000);

  test("the recorded run's log has no usage (empty, not zero) and its samples carry the sandbox's changes", async () => {
    const log = buildEvalLog(await loadRunOrThrow(context.db, runs.gpt4));
    expect(log.stats.model_usage).toEqual({});
    expect(log.samples.every((sample) => Object.keys(sample.model_usage).length === 0 && sample.output.usage === null)).toBe(true);
    expect(log.samples.some((sample) => sample.events.some((event) => event.event === "store"))).toBe(true);
    // accuracy recomputed from the paper's published figure (WORKBENCH-REFERENCE.md: 294 of 690)
    expect(log.results.scores.find((score) => score.name === "correct")?.metrics.all?.value).toBeCloseTo(294 / 690, 10);
  });

  test("a log whose tool calls are not WorkBench's is refused, naming the first such sample", async () => {
    const log = buildEvalLog(await loadRunOrThrow(context.db, runs.live));
    const sample = log.samples[2]!;
    const bash = { ...sample.events.find((event) => event.event === "tool")!, function: "bash", arguments: { cmd: "ls" }, metadata: {} };
    const foreign = { ...log, eval: { ...log.eval, run_id: "foreign" }, samples: log.samples.map((s) => (s === sample ? { ...s, events: [bash] } : s)) };
    const file = path.join(dir, "foreign.json");
    await fs.writeFile(file, JSON.stringify(foreign));
    const runsBefore = await context.db.run.count();
    await expect(importInspectLog(context.db, { file })).rejects.toThrow(`sample ${sample.id} (epoch 1): tool "bash" is not a WorkBench tool`);
    expect(await context.db.run.count()).toBe(runsBefore);
  });
});

describe("the upstream results formats", () => {
  test.each(["gpt4", "live"] as const)("the %s run as the paper's results CSVs imports back to the same verdicts, calls and steps", async (which) => {
    const out = await exportTo(runs[which], "workbench-2024", `${which}-2024`);
    const [imported] = await importRecordedResults(context.db, { resultsPath: out, groundTruth: "v1" });
    expect(await snapshot(imported!.runId)).toEqual(await snapshot(runs[which]));
  }, 300_000);

  test.each(["gpt4", "live", "upstream2026", "live2026"] as const)("the %s run as upstream's 2026 results imports back to the same verdicts, calls and steps", async (which) => {
    const out = await exportTo(runs[which], "workbench-2026", `${which}-2026`);
    const source = await context.db.run.findUniqueOrThrow({ where: { id: runs[which] } });
    // A protocol-2026 run is imported under its own revision; a protocol-2024 one under what its meta records.
    const revision = source.protocol === "2026" ? (source.scoringRevision as "2026-06" | "2026-07") : undefined;
    const [imported] = await importResults2026(context.db, { resultsPath: out, revision });
    expect(imported?.created).toBe(true);
    expect(await snapshot(imported!.runId)).toEqual(await snapshot(runs[which]));
    const after = await context.db.run.findUniqueOrThrow({ where: { id: imported!.runId } });
    expect(after).toMatchObject({ protocol: source.protocol, groundTruth: source.groundTruth, scoringRevision: source.scoringRevision, correctCount: source.correctCount });
  }, 300_000);

  test("the GPT-4 run's 2026 files without Studio's keys are scored as upstream's metrics.py scores them: protocol 2026 on the v1 snapshot", async () => {
    const out = await exportTo(runs.gpt4, "workbench-2026", "gpt4-upstream-meta");
    for (const domain of await fs.readdir(out)) {
      for (const name of (await fs.readdir(path.join(out, domain))).filter((file) => file.endsWith("_meta.json"))) {
        const file = path.join(out, domain, name);
        const { studio_protocol: _protocol, studio_scoring_revision: _revision, ...upstream } = JSON.parse(await fs.readFile(file, "utf8"));
        expect(upstream.ground_truth_version).toBe("v1");
        await fs.writeFile(file, JSON.stringify(upstream));
      }
    }
    const [imported] = await importResults2026(context.db, { resultsPath: out });
    const run = await context.db.run.findUniqueOrThrow({ where: { id: imported!.runId } });
    expect(run).toMatchObject({ protocol: "2026", groundTruth: "v1", scoringRevision: "2026-07", tasksDone: 690 });
    // The same calls, task for task; the verdicts are the 2026 rules' (the paper's v1 tasks, 2026 tools).
    const calls = (rows: Awaited<ReturnType<typeof snapshot>>) => rows.map((row) => [row.task, row.calls]);
    expect(calls(await snapshot(run.id))).toEqual(calls(await snapshot(runs.gpt4)));
  }, 300_000);

  test("the paper's CSV refuses a protocol-2026 run, naming the format to use", async () => {
    await expect(exportTo(runs.live2026, "workbench-2024", "wrong-2024")).rejects.toThrow("use --format workbench-2026");
  });

  test("the paper's CSV keeps the original columns and quoting", async () => {
    const out = await exportTo(runs.gpt4, "workbench-2024", "gpt4-quoting");
    const [file] = await fs.readdir(path.join(out, "email"));
    const text = await fs.readFile(path.join(out, "email", file!), "utf8");
    expect(file).toMatch(/^gpt-4_all_\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}\.csv$/);
    expect(text.split("\n")[0]).toBe('"query","function_calls","full_response","error"');
    const original = await fs.readFile(path.join(DATA_DIR, "v1/data/results/email/gpt-4_all_2024-03-21_15-21-12.csv"), "utf8");
    // The same function_calls cell as the paper's file for its first task (calls are kept as recorded).
    const cell = (csv: string) => /^"Delete my last email from nadia","(.*?)",/m.exec(csv)?.[1];
    expect(cell(text)).toBe(cell(original));
  });
});
