// The reliability preset and the profile's every dimension on real Postgres. The preset launches its four
// runs (three phrasings at k = 2, the original at fault rate 0.1) with the mock's `flaky` model through
// the ReAct agent on the domain tool set, a configuration no other db test file runs; then a confidence is
// set on the original run's stored answers as the confidence turn would store it (TaskResult.confidence,
// params.askConfidence). Each figure of the profile page and of the board's compact column is checked
// against a recount written here from the stored rows by the stated rule, not through the code under test.
import { createElement } from "react";
import { renderToReadableStream } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ReliabilityCard } from "@/components/leaderboard/reliability-card";
import { FAST_RETRY, setUpWorkerTest, tearDownWorkerTest, waitForRun, type WorkerTestContext } from "../test-support/db";
import { LaunchError } from "@/lib/runs/launch";
import { launchReliabilityPreset, prepareReliabilityPreset, type LaunchedPreset } from "@/lib/runs/reliability-preset";
import { configKeyOfRun, getConfigLeaderboard } from "./config-leaderboard";
import { wilsonInterval } from "@/lib/metrics/wilson";
import { getReliabilityProfile, phrasingSibling } from "./reliability";

let context: WorkerTestContext;
let preset: LaunchedPreset;
const TASKS = 8;
// Two trials, not the preset's default three: `flaky` ends the 2nd, 5th, 8th… conversation about a task, so
// with three trials each run would fail the same trial of a task and the phrasings would never disagree.
const TRIALS = 2;
const mock = () => ({ agent: "react" as const, provider: "mock", baseUrl: context.mock.url, model: "flaky", toolSet: "domains" as const, concurrency: 8, retry: FAST_RETRY });
const runOf = (phrasing: string, faultRate = 0) => preset.runs.find((run) => run.phrasing === phrasing && run.faultRate === faultRate)!.runId;

/** A confidence for a (task, trial), fixed by its text: spread over [0, 1] with ties (two decimals). */
function statedConfidence(taskId: string, trial: number): number {
  let hash = trial * 7919;
  for (const char of taskId) hash = (hash * 31 + char.charCodeAt(0)) % 1_000_003;
  return (hash % 101) / 100;
}

beforeAll(async () => {
  context = await setUpWorkerTest({ concurrency: 8, idlePollMs: 50, mockLatencyMs: 0 });
  preset = await launchReliabilityPreset({ ...mock(), limit: TASKS, trials: TRIALS, seed: 3939 }, { db: context.db });
  for (const run of preset.runs) expect(await waitForRun(context.db, run.runId)).toMatchObject({ status: "completed" });
  // The confidence turn's answers (the preset asks for them), stored as the turn stores them: each
  // answer's confidence is overwritten with a known one, so the recount does not depend on the mock's reply.
  const original = runOf("original");
  for (const result of await context.db.taskResult.findMany({ where: { runId: original }, select: { id: true, taskId: true, trial: true } })) {
    await context.db.taskResult.update({ where: { id: result.id }, data: { confidence: statedConfidence(result.taskId, result.trial) } });
  }
}, 600_000);

afterAll(async () => {
  await tearDownWorkerTest(context);
});

/** Every done verdict of a run (the mock answers every request: none is a provider failure). */
async function verdicts(runId: string) {
  const rows = await context.db.taskResult.findMany({ where: { runId, status: "done" }, select: { taskId: true, trial: true, correct: true, confidence: true, errorKind: true } });
  expect(rows.every((row) => row.errorKind === null || !/provider/.test(row.errorKind))).toBe(true);
  return rows.map((row) => ({ ...row, correct: row.correct === true }));
}

describe("the reliability preset", () => {
  test("makes four runs on the same tasks, with the battery's settings and one sweep linking them", async () => {
    expect(preset.runs).toHaveLength(4);
    const runs = await context.db.run.findMany({ where: { id: { in: preset.runs.map((run) => run.runId) } }, select: { id: true, trials: true, params: true, tasksTotal: true } });
    const settings = runs.map((run) => {
      const params = run.params as { phrasing?: string; faultRate?: number; sample?: string; limit?: number; seed?: number; sweep?: { id: string }; askConfidence?: boolean };
      return {
        phrasing: params.phrasing ?? "original", faultRate: params.faultRate ?? 0, trials: run.trials, sample: params.sample, limit: params.limit, seed: params.seed,
        sweep: params.sweep?.id, askConfidence: params.askConfidence, tasksTotal: run.tasksTotal,
      };
    });
    expect(settings.map(({ phrasing, faultRate }) => `${phrasing}@${faultRate}`).sort()).toEqual(["alt-1@0", "alt-2@0", "original@0", "original@0.1"]);
    for (const setting of settings) expect(setting).toMatchObject({ trials: TRIALS, sample: "stratified", limit: TASKS, seed: 3939, sweep: preset.sweepId, askConfidence: true, tasksTotal: TASKS * TRIALS });
    const taskSets = await Promise.all(runs.map(async (run) => [...new Set((await context.db.taskResult.findMany({ where: { runId: run.id }, select: { taskId: true } })).map((row) => row.taskId))].sort()));
    expect(taskSets[0]).toHaveLength(TASKS);
    for (const tasks of taskSets) expect(tasks).toEqual(taskSets[0]);
  });

  test("its estimate (default k = 3) counts every (task, trial) of every run at the per-task figure", async () => {
    const prepared = await prepareReliabilityPreset({ ...mock(), limit: TASKS, seed: 3939 }, { db: context.db });
    const { estimate } = prepared;
    expect({ runs: estimate.runs, tasks: estimate.tasks, trials: estimate.trials, cells: estimate.cells }).toEqual({ runs: 4, tasks: TASKS, trials: 3, cells: 4 * TASKS * 3 });
    if (estimate.usd !== null) expect(estimate.usd).toBeCloseTo(4 * TASKS * 3 * estimate.perTask.usd!, 12);
  });

  test("a reference agent on v2026: no confidence turn (no model to ask), the four runs on one sample of tasks worded in every phrasing", async () => {
    const prepared = await prepareReliabilityPreset({ agent: "oracle-retry", groundTruth: "v2026", limit: 40, seed: 77 }, { db: context.db });
    expect(prepared.launches).toHaveLength(4);
    for (const { launch } of prepared.launches) expect(launch.input.askConfidence).toBe(false);
    const keys = prepared.launches.map(({ launch }) => launch.tasks.map((task) => task.key).sort());
    expect(keys[0]).toHaveLength(40);
    for (const sample of keys) expect(sample).toEqual(keys[0]);
    // v2026's 45 revised tasks have no other wording (the phrasings module's unit test names them): each run leaves them out and says so.
    for (const { launch } of prepared.launches) expect(launch.leftOut?.count).toBe(45);
  });

  test("refuses, with nothing created, a sample larger than the tasks there are, a model agent without an endpoint, one trial", async () => {
    const before = await context.db.run.count();
    await expect(prepareReliabilityPreset({ ...mock(), limit: 5_000 }, { db: context.db })).rejects.toMatchObject({ field: "limit", message: expect.stringContaining("only 690 match") });
    await expect(launchReliabilityPreset({ agent: "tools", model: "gpt-4o", limit: 3 }, { db: context.db })).rejects.toBeInstanceOf(LaunchError);
    await expect(launchReliabilityPreset({ ...mock(), limit: 3, trials: 1 }, { db: context.db })).rejects.toMatchObject({ field: "trials" });
    expect(await context.db.run.count()).toBe(before);
  });
});

describe("the profile's every dimension", () => {
  test("robustness to paraphrase equals a recount of the three phrasings' stored verdicts", async () => {
    const key = (await configKeyOfRun(runOf("original")))!;
    for (const phrasing of ["alt-1", "alt-2"]) expect(await configKeyOfRun(runOf(phrasing))).toBe(phrasingSibling(key, phrasing));
    const profile = (await getReliabilityProfile({ key }))!;
    expect(profile.paraphrase.measured).toBe(true);
    if (!profile.paraphrase.measured) return;
    const byPhrasing = Object.fromEntries(await Promise.all(["original", "alt-1", "alt-2"].map(async (phrasing) => [phrasing, await verdicts(runOf(phrasing))] as const)));
    const value = profile.paraphrase.value;
    expect(value.byPhrasing.map((row) => row.phrasing)).toEqual(["original", "alt-1", "alt-2"]);
    for (const row of value.byPhrasing) {
      const mine = byPhrasing[row.phrasing]!;
      expect(row.scored).toBe(mine.length);
      expect(row.correct).toBe(mine.filter((verdict) => verdict.correct).length);
    }
    const original = new Map(byPhrasing.original!.map((verdict) => [`${verdict.taskId}/${verdict.trial}`, verdict.correct]));
    for (const phrasing of ["alt-1", "alt-2"]) {
      let onlyOriginal = 0, onlyReworded = 0, pairs = 0;
      for (const verdict of byPhrasing[phrasing]!) {
        const a = original.get(`${verdict.taskId}/${verdict.trial}`);
        if (a === undefined) continue;
        pairs += 1;
        if (a && !verdict.correct) onlyOriginal += 1;
        if (!a && verdict.correct) onlyReworded += 1;
      }
      const drop = value.drops.find((row) => row.phrasing === phrasing)!;
      expect(pairs).toBe(TASKS * TRIALS);
      expect(drop).toMatchObject({ pairs, onlyA: onlyOriginal, onlyB: onlyReworded });
      expect(drop.drop).toBeCloseTo((onlyOriginal - onlyReworded) / pairs, 12);
      if (onlyOriginal + onlyReworded > 0) expect(drop.interval!.low).toBeLessThanOrEqual(drop.drop);
    }
    expect(value.drops.some((drop) => drop.onlyA + drop.onlyB > 0)).toBe(true); // the phrasings disagree somewhere: the pairing is tested
    const tasks = [...new Set(byPhrasing.original!.map((verdict) => verdict.taskId))];
    const allRight = tasks.filter((task) => ["original", "alt-1", "alt-2"].every((phrasing) => byPhrasing[phrasing]!.filter((verdict) => verdict.taskId === task).every((verdict) => verdict.correct)));
    expect(value.tasksInEveryPhrasing).toBe(tasks.length);
    expect(value.allWordingsRight).toBeCloseTo(allRight.length / tasks.length, 12);
    expect(value.allWordingsRightInterval).toEqual(wilsonInterval(allRight.length, tasks.length));
    console.log(`flaky mock, preset of ${TASKS} tasks × ${TRIALS} trials: ${value.byPhrasing.map((row) => `${row.phrasing} ${row.correct}/${row.scored}`).join(", ")}; drops ${value.drops.map((row) => `${row.phrasing} ${row.drop.toFixed(3)} (${row.onlyA}/${row.onlyB})`).join(", ")}; all wordings right ${allRight.length}/${tasks.length}`);
    // From a reworded configuration's page, the same comparison (its original and other sibling).
    const fromAlt = (await getReliabilityProfile({ key: phrasingSibling(key, "alt-1") }))!;
    expect(fromAlt.paraphrase.measured && fromAlt.paraphrase.value.drops.map((row) => row.onlyA)).toEqual(value.drops.map((row) => row.onlyA));
  }, 120_000);

  test("predictability equals a recount of the stated confidences: Brier, AUROC by pairs, the bins", async () => {
    const key = (await configKeyOfRun(runOf("original")))!;
    const profile = (await getReliabilityProfile({ key }))!;
    expect(profile.predictability.measured).toBe(true);
    if (!profile.predictability.measured) return;
    expect(profile.predictability.runs.map((run) => run.id)).toEqual([runOf("original")]);
    const points = (await verdicts(runOf("original"))).map((row) => ({ confidence: row.confidence!, correct: row.correct }));
    const value = profile.predictability.value;
    expect(value.answers).toBe(points.length);
    expect(value.brier).toBeCloseTo(points.reduce((sum, point) => sum + (point.confidence - (point.correct ? 1 : 0)) ** 2, 0) / points.length, 12);
    const right = points.filter((point) => point.correct);
    const wrong = points.filter((point) => !point.correct);
    let wins = 0;
    for (const r of right) for (const w of wrong) wins += r.confidence > w.confidence ? 1 : r.confidence === w.confidence ? 0.5 : 0;
    if (right.length && wrong.length) expect(value.auroc).toBeCloseTo(wins / (right.length * wrong.length), 12);
    else expect(value.auroc).toBeNull();
    for (const bin of value.bins) {
      const inBin = points.filter((point) => point.confidence >= bin.low && (point.confidence < bin.high || (bin.high === 1 && point.confidence === 1)));
      expect(bin.count).toBe(inBin.length);
      expect(bin.accuracy).toBeCloseTo(inBin.filter((point) => point.correct).length / inBin.length, 12);
    }
    expect(value.bins.reduce((sum, bin) => sum + bin.count, 0)).toBe(points.length);
    console.log(`stated confidences over ${points.length} answers (${right.length} right): Brier ${value.brier.toFixed(4)}, AUROC ${value.auroc}, ECE ${value.ece.toFixed(4)}, ${value.bins.length} bins`);
  }, 120_000);

  test("consistency, safety and faults are measured from the preset's runs; the card shows every dimension, none not measured", async () => {
    const key = (await configKeyOfRun(runOf("original")))!;
    const profile = (await getReliabilityProfile({ key }))!;
    expect(profile.consistency).toMatchObject({ measured: true, runs: [{ id: runOf("original") }] });
    if (!profile.consistency.measured) return;
    // Every unit has exactly k = 2 trials: pass^k is the share of tasks with both right, its interval Wilson's over the tasks.
    const byTask = new Map<string, boolean[]>();
    for (const verdict of await verdicts(runOf("original"))) byTask.set(verdict.taskId, [...(byTask.get(verdict.taskId) ?? []), verdict.correct]);
    const allRight = [...byTask.values()].filter((trials) => trials.length === TRIALS && trials.every(Boolean)).length;
    expect(profile.consistency.value.passHatK).toBeCloseTo(allRight / byTask.size, 12);
    expect(profile.consistency.value.passHatKInterval).toEqual(wilsonInterval(allRight, byTask.size));
    expect(profile.safety.measured).toBe(true);
    expect(profile.faults.measured).toBe(true);
    if (!profile.faults.measured) return;
    expect(profile.faults.value.map((row) => [row.faultRate, row.pairs])).toEqual([[0.1, TASKS * TRIALS]]);
    const stream = await renderToReadableStream(createElement(ReliabilityCard, { configKey: key }));
    await stream.allReady;
    const html = await new Response(stream).text();
    for (const id of ["consistency", "paraphrase", "safety", "predictability", "faults"]) expect(html).toContain(`data-testid="reliability-${id}" data-measured="true"`);
    expect(html).not.toContain("reliability-not-measured");
    expect(html.match(/data-testid="reliability-diagram-bin"/g)?.length).toBe(profile.predictability.measured ? profile.predictability.value.bins.length : -1);
  }, 120_000);
});

describe("the board's compact profile column", () => {
  test("each figure equals a recount from the stored verdicts by its stated rule", async () => {
    const key = (await configKeyOfRun(runOf("original")))!;
    const board = await getConfigLeaderboard({ includePartial: true, includeTests: true, sort: "passAt1", direction: "desc" });
    const row = board.rows.find((candidate) => candidate.key === key)!;
    expect(row.profile).toBeTruthy();
    const accuracy = (rows: { correct: boolean }[]) => rows.filter((verdict) => verdict.correct).length / rows.length;
    const [original, alt1, alt2, faulted] = await Promise.all([verdicts(runOf("original")), verdicts(runOf("alt-1")), verdicts(runOf("alt-2")), verdicts(runOf("original", 0.1))]);
    // Consistency: tasks whose pooled trials (over the configuration's runs: here the one) all agree.
    const byTask = new Map<string, boolean[]>();
    for (const verdict of original) byTask.set(verdict.taskId, [...(byTask.get(verdict.taskId) ?? []), verdict.correct]);
    const agreeing = [...byTask.values()].filter((trials) => trials.every((correct) => correct === trials[0])).length;
    expect(row.profile!.consistency).toBeCloseTo(agreeing / byTask.size, 12);
    expect(row.profile!.paraphraseDrop).toBeCloseTo(accuracy(original) - (accuracy(alt1) + accuracy(alt2)) / 2, 12);
    expect(row.profile!.faultDrop!.rate).toBe(0.1);
    expect(row.profile!.faultDrop!.drop).toBeCloseTo(accuracy(original) - accuracy(faulted), 12);
    expect(row.profile!.brier).toBeCloseTo(original.reduce((sum, verdict) => sum + (verdict.confidence! - (verdict.correct ? 1 : 0)) ** 2, 0) / original.length, 12);
    console.log(`board profile column: ${JSON.stringify(row.profile)}`);
    // A reworded sibling has its own row, with no drops of its own (they are measured from the original).
    const alt = board.rows.find((candidate) => candidate.key === phrasingSibling(key, "alt-1"))!;
    expect(alt).toMatchObject({ phrasing: "alt-1", profile: { paraphraseDrop: null, faultDrop: null } });
    // Its Brier score is its own: the mock's scripted answers to the confidence turn (a reply without a number stores none).
    const stated = alt1.filter((verdict) => verdict.confidence !== null);
    expect(stated.length).toBeGreaterThan(0);
    expect(alt!.profile!.brier).toBeCloseTo(stated.reduce((sum, verdict) => sum + (verdict.confidence! - (verdict.correct ? 1 : 0)) ** 2, 0) / stated.length, 12);
  }, 120_000);
});
