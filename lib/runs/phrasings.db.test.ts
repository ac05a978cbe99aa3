// Reworded runs on real Postgres, through the launch and the worker (issue 39, "Done when"): the oracle
// scores 100 % on every phrasing of the official tasks; a replay of GPT-4's recorded calls scores the same
// verdict on every phrasing as on the original, so its paired drop is exactly 0; a model agent on the
// scripted oracle model is right in every phrasing; results, exports and external claims carry the wording.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DATA_DIR, setUpWorkerTest, tearDownWorkerTest, waitForRun, type WorkerTestContext } from "../test-support/db";
import { paraphraseRobustness, type PhrasedVerdict } from "@/lib/metrics/reliability";
import { runSettingsFrom } from "@/lib/settings/run-settings";
import { PHRASINGS, phraseTasks, templateWordings, type Phrasing } from "@/lib/workbench/datasets/phrasings";
import { loadDatasetFromDbOrThrow } from "@/lib/datasets/load-from-db";
import { launchAllPhrasings, launchSweep, type LaunchedSweep } from "./sweep";
import { launchRun, LaunchError } from "./launch";
import { generateAndImport } from "@/lib/datasets/import-generated";
import { loadRunForExport } from "@/lib/interop/run-export";
import { buildEvalLog } from "@/lib/interop/inspect/eval-log";
import { getResultWithTrace } from "@/lib/queries/results";
import { claimNextTask } from "@/lib/external-runs/claim";
import { createSqlPool } from "./sql";
import { cancelRun } from "./cancel";
import { resolveParams } from "@/lib/workbench/generate";

let context: WorkerTestContext;
const launched: string[] = [];
let generatedSlug: string | null = null;

beforeAll(async () => {
  context = await setUpWorkerTest({ concurrency: 64, idlePollMs: 20, mockLatencyMs: 0 });
});

afterAll(async () => {
  // Other files' boards count the official runs they see: these go.
  if (context && launched.length > 0) await context.db.run.deleteMany({ where: { id: { in: launched } } });
  if (context && generatedSlug) await context.db.dataset.deleteMany({ where: { slug: generatedSlug } });
  await tearDownWorkerTest(context);
});

const keep = (sweep: LaunchedSweep) => {
  launched.push(...sweep.runs.map((run) => run.runId));
  return sweep;
};

/** Every done result of the runs, as the stored rows say: (task key, trial, verdict) under its run's phrasing. */
async function storedVerdicts(runIds: readonly string[]): Promise<PhrasedVerdict[]> {
  const runs = await context.db.run.findMany({ where: { id: { in: [...runIds] } }, select: { id: true, params: true } });
  const phrasingOf = new Map(runs.map((run) => [run.id, runSettingsFrom(run.params).phrasing]));
  const rows = await context.db.taskResult.findMany({ where: { runId: { in: [...runIds] }, status: "done" }, select: { runId: true, trial: true, correct: true, task: { select: { key: true } } } });
  return rows.map((row) => ({ taskKey: row.task.key, trial: row.trial, phrasing: phrasingOf.get(row.runId) ?? "?", correct: row.correct === true }));
}

async function finish(sweep: LaunchedSweep, tasks: number) {
  for (const run of sweep.runs) expect(await waitForRun(context.db, run.runId, 600_000)).toMatchObject({ status: "completed", tasksDone: tasks });
}

describe("every phrasing of the official tasks", () => {
  test("v1: the oracle, launched with --phrasing all, is right on all 690 tasks in each of the three runs", async () => {
    const sweep = keep(await launchAllPhrasings({ agent: "oracle", name: "phrasings db test · oracle v1", concurrency: 64 }, { db: context.db }));
    expect(sweep.runs.map((run) => run.phrasing)).toEqual([...PHRASINGS]);
    for (const run of sweep.runs) expect(run.leftOut).toBeUndefined();
    await finish(sweep, 690);
    const verdicts = await storedVerdicts(sweep.runs.map((run) => run.runId));
    for (const phrasing of PHRASINGS) {
      const mine = verdicts.filter((verdict) => verdict.phrasing === phrasing);
      expect(new Set(mine.map((verdict) => verdict.taskKey)).size).toBe(690);
      expect(mine.filter((verdict) => verdict.correct).length).toBe(mine.length);
    }
    // The runs are linked (one sweep) and say their phrasing; the original one stores no phrasing at all.
    const params = await context.db.run.findMany({ where: { id: { in: sweep.runs.map((run) => run.runId) } }, select: { params: true } });
    expect(params.map(({ params: stored }) => String((stored as Record<string, unknown>).phrasing ?? "(none)")).sort()).toEqual(["(none)", "alt-1", "alt-2"]);
    for (const { params: stored } of params) expect(stored).toMatchObject({ sweep: { id: sweep.sweepId } });
  });

  test("v2026: the three runs keep the tasks worded in every phrasing, say how many were left out and why, and the oracle is right on each", async () => {
    const v1 = await loadDatasetFromDbOrThrow(context.db, "v1");
    const v2026 = await loadDatasetFromDbOrThrow(context.db, "v2026");
    // Independent of the launch: the engine's own wording of v2026 with v1's phrasings.
    const wordings = templateWordings(v1.tasks);
    const wordedEverywhere = v2026.tasks.filter((task) =>
      PHRASINGS.every((phrasing) => phraseTasks(v2026.tasks, phrasing, wordings).tasks.some((worded) => worded.key === task.key)),
    );
    expect(wordedEverywhere.length).toBeGreaterThan(0);
    expect(wordedEverywhere.length).toBeLessThan(v2026.tasks.length);

    const sweep = keep(await launchAllPhrasings({ agent: "oracle", name: "phrasings db test · oracle v2026", groundTruth: "v2026", concurrency: 64 }, { db: context.db }));
    for (const run of sweep.runs) {
      expect(run.tasksTotal).toBe(wordedEverywhere.length);
      expect(run.leftOut?.count).toBe(v2026.tasks.length - wordedEverywhere.length);
      expect(run.leftOut?.reasons.map((reason) => reason.reason).join(" ")).toMatch(/matches none of its template's known wordings/);
    }
    await finish(sweep, wordedEverywhere.length);
    const verdicts = await storedVerdicts(sweep.runs.map((run) => run.runId));
    expect(verdicts.every((verdict) => verdict.correct)).toBe(true);
    for (const phrasing of PHRASINGS) {
      expect(new Set(verdicts.filter((verdict) => verdict.phrasing === phrasing).map((verdict) => verdict.taskKey))).toEqual(new Set(wordedEverywhere.map((task) => task.key)));
    }

    // One domain: the left-out count is that domain's.
    for (const domain of ["email", "customer_relationship_manager"] as const) {
      const unworded = phraseTasks(v2026.tasks, "alt-1", wordings).unphrased.filter((task) => task.key.startsWith(`${domain}/`));
      const one = await launchRun({ agent: "oracle", groundTruth: "v2026", phrasing: "alt-1", domains: [domain], name: `phrasings db test · v2026 ${domain}` }, { db: context.db });
      launched.push(one.runId);
      expect(one.leftOut?.count ?? 0).toBe(unworded.length);
      expect(one.tasksTotal).toBe(v2026.tasks.filter((task) => task.domain === domain).length - unworded.length);
      expect(await waitForRun(context.db, one.runId, 600_000)).toMatchObject({ status: "completed", correctCount: one.tasksTotal });
    }
  });
});

describe("a replay of GPT-4's recorded calls", () => {
  test("scores the same verdict on every phrasing as on the original: the paired drop is exactly 0", async () => {
    const folder = path.join(DATA_DIR, "v1/data/results");
    const files = ["analytics/gpt-4_all_2024-03-23_21-56-59.csv", "calendar/gpt-4_all_2024-03-21_14-57-26.csv", "customer_relationship_manager/gpt-4_all_2024-03-19_11-18-10.csv", "email/gpt-4_all_2024-03-21_15-21-12.csv"];
    const multi = (await fs.readdir(path.join(folder, "multi_domain"))).filter((name) => name.startsWith("gpt-4_all_"));
    const projects = (await fs.readdir(path.join(folder, "project_management"))).filter((name) => name.startsWith("gpt-4_all_"));
    const all = [...files, ...multi.map((name) => `multi_domain/${name}`), ...projects.map((name) => `project_management/${name}`)];
    expect(all).toHaveLength(6);
    const sweeps: LaunchedSweep[] = [];
    for (const file of all) {
      sweeps.push(keep(await launchAllPhrasings({ agent: "replay", resultsFile: path.join(folder, file), name: `phrasings db test · replay ${file.split("/")[0]}`, concurrency: 64 }, { db: context.db })));
    }
    for (const sweep of sweeps) {
      const [original] = sweep.runs;
      for (const run of sweep.runs) expect(await waitForRun(context.db, run.runId, 600_000)).toMatchObject({ status: "completed", tasksDone: original?.tasksTotal });
    }
    const verdicts = await storedVerdicts(sweeps.flatMap((sweep) => sweep.runs.map((run) => run.runId)));
    // The recount: each task's verdict in each phrasing, from the stored rows.
    const byTask = new Map<string, Map<string, boolean>>();
    for (const verdict of verdicts) byTask.set(verdict.taskKey, (byTask.get(verdict.taskKey) ?? new Map()).set(verdict.phrasing, verdict.correct));
    expect(byTask.size).toBeGreaterThan(600);
    for (const [, seen] of byTask) {
      expect([...seen.keys()].sort()).toEqual([...PHRASINGS].sort());
      expect(seen.get("alt-1")).toBe(seen.get("original"));
      expect(seen.get("alt-2")).toBe(seen.get("original"));
    }
    const originalRight = [...byTask.values()].filter((seen) => seen.get("original")).length;
    // A real replay: GPT-4 is neither always right nor always wrong.
    expect(originalRight).toBeGreaterThan(0);
    expect(originalRight).toBeLessThan(byTask.size);

    const robustness = paraphraseRobustness(verdicts);
    for (const row of robustness.byPhrasing) expect([row.scored, row.correct]).toEqual([byTask.size, originalRight]);
    expect(robustness.drops.map((drop) => [drop.phrasing, drop.drop, drop.onlyA, drop.onlyB, drop.pairs])).toEqual([
      ["alt-1", 0, 0, 0, byTask.size],
      ["alt-2", 0, 0, 0, byTask.size],
    ]);
    expect(robustness.allWordingsRight).toBe(originalRight / byTask.size);
  });
});

describe("a model agent in every phrasing", () => {
  test("tools on the scripted oracle model is right on a sample in every phrasing, and the results report the wording sent", async () => {
    const sweep = keep(
      await launchSweep(
        { name: "phrasings db test · tools mock", variants: [{ agent: "tools", endpoint: "mock", model: "oracle" }], faultRates: [0], phrasings: ["alt-2", "original", "alt-1"] },
        { limit: 40, sample: "stratified", seed: 7, concurrency: 16 },
        { db: context.db },
      ),
    );
    expect(sweep.runs.map((run) => run.phrasing)).toEqual([...PHRASINGS]);
    await finish(sweep, 40);
    const verdicts = await storedVerdicts(sweep.runs.map((run) => run.runId));
    expect(verdicts.filter((verdict) => verdict.correct)).toHaveLength(120);
    const keys = (phrasing: Phrasing) => verdicts.filter((verdict) => verdict.phrasing === phrasing).map((verdict) => verdict.taskKey).sort();
    expect(keys("alt-1")).toEqual(keys("original"));
    expect(keys("alt-2")).toEqual(keys("original"));

    // What the results report: the export and the trace page carry the wording sent and its name; the
    // original run's export has no phrasing field at all. The wordings, independently: the engine's own.
    const v1 = await loadDatasetFromDbOrThrow(context.db, "v1");
    const written = new Map(v1.tasks.map((task) => [task.key, task.text]));
    for (const run of sweep.runs) {
      const wording = new Map(phraseTasks(v1.tasks, run.phrasing, templateWordings(v1.tasks)).tasks.map((task) => [task.key, task.text]));
      const exported = await loadRunForExport(context.db, run.runId);
      const log = buildEvalLog(exported!);
      expect(log.samples).toHaveLength(40);
      for (const sample of log.samples) {
        expect(sample.input).toBe(wording.get(sample.id));
        const metadata = sample.metadata as Record<string, unknown>;
        if (run.phrasing === "original") expect("phrasing" in metadata || "original_input" in metadata).toBe(false);
        else expect([metadata.phrasing, metadata.original_input]).toEqual([run.phrasing, written.get(sample.id)]);
      }
      const [first] = exported!.results;
      const trace = await getResultWithTrace({ runId: run.runId, resultId: first!.id });
      expect(trace?.task.text).toBe(wording.get(first!.taskKey));
      expect(trace?.phrasing).toEqual(run.phrasing === "original" ? null : { name: run.phrasing, originalText: written.get(first!.taskKey) });
    }
  });

  test("an external agent claims its task in the run's wording", async () => {
    const sql = createSqlPool(context.databaseUrl, { max: 2 });
    try {
      const { runId } = await launchRun({ agent: "external", phrasing: "alt-2", domains: ["calendar"], limit: 3, concurrency: 3, name: "phrasings db test · external" }, { db: context.db });
      launched.push(runId);
      const v1 = await loadDatasetFromDbOrThrow(context.db, "v1");
      const wording = new Map(phraseTasks(v1.tasks, "alt-2", templateWordings(v1.tasks)).tasks.map((task) => [task.key, task.text]));
      for (let claimed = 0; claimed < 3; claimed++) {
        const outcome = await claimNextTask({ db: context.db, sql }, runId);
        if (outcome.kind !== "task") throw new Error(`no task: ${outcome.kind}`);
        expect(outcome.session.taskText).toBe(wording.get(outcome.session.taskKey));
        expect(outcome.session.taskText).not.toBe(v1.tasks.find((task) => task.key === outcome.session.taskKey)?.text);
      }
      await cancelRun(context.db, runId);
    } finally {
      await sql.end();
    }
  });
});

describe("refusals", () => {
  test("a reworded run of a dataset no task of which can be reworded is refused, and creates nothing", async () => {
    // A generated dataset's tasks have no paraphrases (one of this file's own, removed at the end).
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "wb-phrasings-"));
    const { slug } = await generateAndImport(context.db, resolveParams({ seed: 3939, scale: 1, tasksPerTemplate: 1 }), dir);
    generatedSlug = slug;
    await fs.rm(dir, { recursive: true, force: true });
    const before = await context.db.run.count();
    const launch = launchRun({ agent: "oracle", dataset: slug, phrasing: "alt-1", limit: 3 }, { db: context.db });
    await expect(launch).rejects.toBeInstanceOf(LaunchError);
    await expect(launch).rejects.toThrow(/No task of this dataset can be worded alt-1: a generated dataset's tasks have no paraphrases/);
    expect(await context.db.run.count()).toBe(before);
  });
});
