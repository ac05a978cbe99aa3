// Trials and faults travel. A 3-trial run whose trials differ (the mock's `flaky` model ends every third
// conversation about a task at once) and faulted runs (p = 0.2: the retrying oracle, and the ReAct agent on
// the mock's oracle model) go out as an Inspect log, as the paper's results CSVs and as upstream's 2026
// results, and come back through Studio's importers (which re-score every task with the engine): each
// trial of each task with its verdicts, calls and steps, each step with its injected fault, the run with
// its trials and its fault settings. Imports recognise files by content: a trial's folder imported after
// another's is a run of its own, the same files imported twice are not.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { FAST_RETRY, setUpWorkerTest, tearDownWorkerTest, waitForRun, type WorkerTestContext } from "../test-support/db";
import { launchRun } from "../runs/launch";
import { importRecordedResults } from "../runs/import/import-results";
import { importResults2026 } from "../runs/import/import-results-2026";
import { faultSettingsOf } from "../settings/fault-settings";
import { importInspectLog } from "../runs/import/import-inspect";
import { loadRunOrThrow, writeRunExport, type FileFormat } from "./export-run";
import { buildEvalLog } from "./inspect/eval-log";
import { evalLogErrors } from "@/lib/test-support/inspect-schema";
import { runSnapshot } from "@/lib/test-support/run-snapshot";

let context: WorkerTestContext;
let dir: string;
const runs = { trials: "", faultedOracle: "", faultedReact: "" };
const FAULTS = { faultRate: 0.2, faultSeed: 20261129 };

beforeAll(async () => {
  context = await setUpWorkerTest({ concurrency: 8, idlePollMs: 100, mockLatencyMs: 0 });
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "workbench-trials-faults-"));
  const mock = { provider: "mock", baseUrl: context.mock.url, concurrency: 8, retry: FAST_RETRY } as const;
  runs.trials = (await launchRun({ ...mock, agent: "tools", model: "flaky", limit: 12, trials: 3 }, context)).runId;
  runs.faultedOracle = (await launchRun({ agent: "oracle-retry", ...FAULTS, limit: 90, concurrency: 8 }, context)).runId;
  runs.faultedReact = (await launchRun({ ...mock, agent: "react", model: "oracle", ...FAULTS, limit: 30 }, context)).runId;
  for (const runId of Object.values(runs)) expect(await waitForRun(context.db, runId)).toMatchObject({ status: "completed" });
}, 600_000);

afterAll(async () => {
  await tearDownWorkerTest(context);
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

/** What must survive the trip, per task and trial, in task order: verdicts, calls, and each step with its diff and fault. */
const snapshot = (runId: string) => runSnapshot(context.db, runId, { faults: true });

/** Correct tasks of each trial, as sets of keys (recounted from the stored rows). */
async function correctByTrial(runId: string): Promise<string[][]> {
  const rows = await snapshot(runId);
  const trials = Math.max(...rows.map((row) => row.trial)) + 1;
  return Array.from({ length: trials }, (_, trial) => rows.filter((row) => row.trial === trial && row.correct).map((row) => row.task));
}

async function exportTo(runId: string, format: FileFormat, name: string): Promise<string> {
  const out = path.join(dir, name);
  await writeRunExport(await loadRunOrThrow(context.db, runId), format, format === "inspect" ? `${out}.json` : out);
  return format === "inspect" ? `${out}.json` : out;
}

async function importBack(format: FileFormat, out: string) {
  if (format === "inspect") return importInspectLog(context.db, { file: out });
  const [imported] = format === "workbench-2024" ? await importRecordedResults(context.db, { resultsPath: out, groundTruth: "v1" }) : await importResults2026(context.db, { resultsPath: out });
  return imported!;
}

const FORMATS = ["workbench-2024", "workbench-2026", "inspect"] as const;

describe("trials travel", () => {
  test("the 3-trial run's trials differ (the flaky model): the round trips below carry distinct verdicts per trial", async () => {
    const byTrial = await correctByTrial(runs.trials);
    expect(byTrial).toHaveLength(3);
    // The trials' verdicts are not one copy: their sets of correct tasks differ, and some trial fails some task.
    expect(new Set(byTrial.map((keys) => keys.join(","))).size).toBeGreaterThan(1);
    expect(byTrial.flat().length).toBeLessThan(36);
  });

  test.each(FORMATS)("the 3-trial run as %s comes back as one run of 3 trials with every trial's verdicts, calls and steps", async (format) => {
    const out = await exportTo(runs.trials, format, `trials-${format}`);
    const imported = await importBack(format, out);
    expect(imported.created).toBe(true);
    expect(await snapshot(imported.runId)).toEqual(await snapshot(runs.trials));
    const [before, after] = await Promise.all([runs.trials, imported.runId].map((id) => context.db.run.findUniqueOrThrow({ where: { id } })));
    expect(after).toMatchObject({ trials: 3, tasksDone: 36, correctCount: before!.correctCount });
  }, 300_000);

  test.each(["workbench-2024", "workbench-2026"] as const)("%s: a trial's folder imported after another's is a run of its own with its own verdicts; the same files twice are refused", async (format) => {
    const out = await exportTo(runs.trials, format, `trial-folders-${format}`);
    expect((await fs.readdir(out)).sort()).toEqual(["trial-1", "trial-2", "trial-3"]);
    const byTrial = await correctByTrial(runs.trials);
    // Same file names, other content (and each trial's files say which trial they hold): each trial's folder
    // is imported, scored as that trial was, never reported as an earlier trial's run.
    const imported = [];
    for (const trial of [1, 2, 3]) imported.push(await importBack(format, path.join(out, `trial-${trial}`)));
    expect(imported.map((run) => run.created)).toEqual([true, true, true]);
    expect(new Set(imported.map((run) => run.runId)).size).toBe(3);
    expect(imported.map((run) => run.correct)).toEqual(byTrial.map((keys) => keys.length));
    for (const [index, run] of imported.entries()) expect((await correctByTrial(run.runId))[0]).toEqual(byTrial[index]);
    // The same files again (copied elsewhere: recognised by content, not by place or name): nothing written.
    const copy = path.join(dir, `trial-copy-${format}`);
    await fs.cp(path.join(out, "trial-1"), copy, { recursive: true });
    const runsBefore = await context.db.run.count();
    expect(await importBack(format, copy)).toMatchObject({ created: false, runId: imported[0]!.runId, correct: byTrial[0]!.length });
    expect(await importBack(format, path.join(out, "trial-2"))).toMatchObject({ created: false, runId: imported[1]!.runId });
    expect(await context.db.run.count()).toBe(runsBefore);
  }, 300_000);

  test("a run imported before imports were hashed (no importHash) is still recognised by its file names: a start does not import it again", async () => {
    const out = await exportTo(runs.trials, "workbench-2024", "legacy-2024");
    // Bytes no other test imports (an empty last line, which the reader skips).
    for (const domain of await fs.readdir(path.join(out, "trial-3"))) {
      for (const name of await fs.readdir(path.join(out, "trial-3", domain))) await fs.appendFile(path.join(out, "trial-3", domain, name), "\n");
    }
    const first = await importBack("workbench-2024", path.join(out, "trial-3"));
    expect(first.created).toBe(true);
    await context.db.run.update({ where: { id: first.runId }, data: { importHash: null } });
    expect(await importBack("workbench-2024", path.join(out, "trial-3"))).toMatchObject({ created: false, runId: first.runId });
  }, 300_000);
});

describe("faults travel", () => {
  test("the faulted runs drew faults of every kind, and faults changed verdicts (what the round trips must keep)", async () => {
    const steps = await context.db.step.findMany({ where: { result: { runId: { in: [runs.faultedOracle, runs.faultedReact] } }, fault: { not: { equals: null } } }, select: { fault: true } });
    // A malformed answer is drawn on reads only (tools/faults.ts), and ground truths only write, so these
    // agents meet the other two kinds; a call that ran under a fault and one a fault stopped are both here.
    expect(new Set(steps.map((step) => (step.fault as { kind: string }).kind))).toEqual(new Set(["transient", "ambiguous"]));
    const oracle = await context.db.run.findUniqueOrThrow({ where: { id: runs.faultedOracle } });
    expect(oracle.correctCount).toBeLessThan(oracle.tasksDone);
  });

  test("a faulted run's Inspect log still validates as EvalLog, its faults in the tool events' and samples' metadata", async () => {
    const run = await loadRunOrThrow(context.db, runs.faultedReact);
    const log = buildEvalLog(run);
    expect(evalLogErrors(log)).toEqual([]);
    expect(log.eval.metadata.fault_settings).toMatchObject(FAULTS);
    // Recounted from the stored steps: every faulted call, and only those, carries its fault.
    const stored = run.results.flatMap((result) => result.steps.filter((step) => step.kind === "tool").map((step) => step.fault ?? null));
    const exported = log.samples.flatMap((sample) => sample.events.filter((event) => event.event === "tool").map((event) => (event.metadata as { fault?: unknown }).fault ?? null));
    expect(exported).toEqual(stored);
    expect(log.samples.flatMap((sample) => sample.metadata.injected_faults)).toEqual(stored.filter((fault) => fault !== null));
  });

  test.each(FORMATS.flatMap((format) => [["faultedOracle", format], ["faultedReact", format]] as const))("the %s run (p = 0.2) as %s comes back with the same verdicts, calls, steps and faults, and its fault settings", async (which, format) => {
    const runId = runs[which];
    const out = await exportTo(runId, format, `${which}-${format}`);
    const imported = await importBack(format, out);
    expect(imported.created).toBe(true);
    expect(await snapshot(imported.runId)).toEqual(await snapshot(runId));
    const [before, after] = await Promise.all([runId, imported.runId].map((id) => context.db.run.findUniqueOrThrow({ where: { id } })));
    expect(after!.correctCount).toBe(before!.correctCount);
    expect(after!.sideEffectCount).toBe(before!.sideEffectCount);
    // The results CSVs have no place for run settings; the Inspect log and the 2026 meta carry them.
    if (format !== "workbench-2024") expect(faultSettingsOf(after!.params)).toEqual(faultSettingsOf(before!.params));
    if (format !== "workbench-2024") expect(faultSettingsOf(after!.params)).toMatchObject(FAULTS);
  }, 300_000);
});
