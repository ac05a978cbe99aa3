// The robustness board on real Postgres: a sweep (whose launcher adds the clean rate), a faulted run
// outside it and a second clean run on overlapping tasks. The paired figures are recounted here from the
// stored TaskResults by the stated rule (lib/metrics/robustness-board.ts): a faulted run pairs with its
// sweep's clean run, else with the clean run sharing the most scored (task, trial)s; a pair is a
// (task, trial) both scored; the pairs of a configuration's faulted runs at one rate are pooled.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { setUpWorkerTest, tearDownWorkerTest, waitForRun, type WorkerTestContext } from "../test-support/db";
import { launchRun } from "@/lib/runs/launch";
import { launchSweep } from "@/lib/runs/sweep";
import { pairedDifferenceInterval } from "@/lib/metrics/mcnemar";
import { getRobustnessBoard } from "./robustness-board";
import { getRunRobustness } from "./robustness";

let context: WorkerTestContext;

beforeAll(async () => {
  context = await setUpWorkerTest({ concurrency: 8, idlePollMs: 50, mockLatencyMs: 0 });
});

afterAll(async () => {
  await tearDownWorkerTest(context);
});

/** A run's scored verdicts keyed by "task/trial", read straight from TaskResult. */
async function verdictsOf(runId: string): Promise<Map<string, boolean>> {
  const rows = await context.db.taskResult.findMany({ where: { runId, status: "done" }, select: { taskId: true, trial: true, correct: true, errorKind: true } });
  // The oracle agents call no provider: no verdict is a provider failure, so every done one is scored.
  expect(rows.filter((row) => row.errorKind !== null)).toEqual([]);
  return new Map(rows.map((row) => [`${row.taskId}/${row.trial}`, row.correct === true]));
}

function shared(a: ReadonlyMap<string, boolean>, b: ReadonlyMap<string, boolean>): number {
  return [...a.keys()].filter((key) => b.has(key)).length;
}

describe("the robustness board, paired", () => {
  test("equals a recount from the stored verdicts; pooled measures equal the runs' own; test runs only with the filter", async () => {
    const sweep = await launchSweep(
      { name: "paired board", variants: [{ agent: "oracle" }], faultRates: [0.3] },
      // The domain tool set: a configuration no other test file runs (db test files share one database,
      // and the board pools and pairs every run of a configuration).
      { toolSet: "domains", limit: 24, sample: "stratified", seed: 4242, trials: 2, faultSeed: 7, concurrency: 8 },
      { db: context.db },
    );
    // The launcher added rate 0: the sweep has its clean run.
    expect(sweep.runs.map((run) => run.faultRate)).toEqual([0, 0.3]);
    const sweepClean = sweep.runs.find((run) => run.faultRate === 0)?.runId as string;
    const sweepFaulted = sweep.runs.find((run) => run.faultRate === 0.3)?.runId as string;
    // Outside the sweep: another clean run on a larger sample (overlapping the sweep's tasks), and a faulted
    // run on a third sample, which pairs with whichever clean run shares the most of its (task, trial)s.
    const { runId: otherClean } = await launchRun({ agent: "oracle", toolSet: "domains", limit: 60, sample: "stratified", seed: 777, concurrency: 8 }, context);
    const { runId: loneFaulted } = await launchRun({ agent: "oracle", toolSet: "domains", limit: 60, sample: "stratified", seed: 31, faultRate: 0.3, faultSeed: 7, concurrency: 8 }, context);
    for (const runId of [sweepClean, sweepFaulted, otherClean, loneFaulted]) expect(await waitForRun(context.db, runId)).toMatchObject({ status: "completed" });
    // A faulted run stores its fault settings, shares included; a clean run stores none.
    expect((await context.db.run.findUniqueOrThrow({ where: { id: loneFaulted } })).params).toMatchObject({ faultRate: 0.3, faultSeed: 7, faultShares: { transient: 1, ambiguous: 1, malformed: 1 } });
    expect((await context.db.run.findUniqueOrThrow({ where: { id: sweepClean } })).params).not.toHaveProperty("faultShares");

    // The recount.
    const verdicts = new Map(await Promise.all([sweepClean, sweepFaulted, otherClean, loneFaulted].map(async (id) => [id, await verdictsOf(id)] as const)));
    const get = (id: string) => verdicts.get(id) as Map<string, boolean>;
    const loneShares = [sweepClean, otherClean].map((id) => ({ id, shared: shared(get(loneFaulted), get(id)) }));
    expect(loneShares.every((candidate) => candidate.shared > 0)).toBe(true);
    // Ties go to the newer run: otherClean was launched after the sweep.
    const lonePair = loneShares[0]!.shared > loneShares[1]!.shared ? sweepClean : otherClean;
    const expectedPairing = [
      { faulted: sweepFaulted, clean: sweepClean },
      { faulted: loneFaulted, clean: lonePair },
    ];
    const counts = { bothCorrect: 0, onlyA: 0, onlyB: 0, bothWrong: 0 };
    for (const { faulted, clean } of expectedPairing) {
      for (const [key, faultedCorrect] of get(faulted)) {
        const cleanCorrect = get(clean).get(key);
        if (cleanCorrect === undefined) continue;
        if (cleanCorrect && faultedCorrect) counts.bothCorrect++;
        else if (cleanCorrect) counts.onlyA++;
        else if (faultedCorrect) counts.onlyB++;
        else counts.bothWrong++;
      }
    }
    const pairs = counts.bothCorrect + counts.onlyA + counts.onlyB + counts.bothWrong;
    // The sweep's 24 tasks × 2 trials all pair; at p = 0.3 the oracle loses some tasks it gets right clean.
    expect(pairs).toBeGreaterThan(48);
    expect(counts.onlyA).toBeGreaterThan(0);

    const board = await getRobustnessBoard();
    const row = board.find((candidate) => candidate.runs.some((pairing) => pairing.faulted.id === sweepFaulted));
    expect(row).toBeDefined();
    expect(row?.faultRate).toBe(0.3);
    expect(row?.runs.map((pairing) => ({ faulted: pairing.faulted.id, clean: pairing.clean?.id }))).toEqual(expectedPairing);
    expect(row).toMatchObject({ ...counts, pairs, test: false, counterparts: [] });
    expect(row?.difference).toBeCloseTo((counts.onlyB - counts.onlyA) / pairs, 12);
    expect(row?.differenceInterval).toEqual(pairedDifferenceInterval(counts));

    // Recovery, blind retry and give-up pooled over the two faulted runs: the sums of each run's own counts.
    const own = await Promise.all([sweepFaulted, loneFaulted].map((runId) => getRunRobustness({ runId })));
    for (const measure of ["recovery", "blindRetry", "giveUp"] as const) {
      expect(row?.measures[measure].count).toBe(own.reduce((sum, run) => sum + (run?.measures[measure].count ?? 0), 0));
      expect(row?.measures[measure].of).toBe(own.reduce((sum, run) => sum + (run?.measures[measure].of ?? 0), 0));
    }

    // Marked as a test run, the lone faulted run leaves the board; with the filter it is back, labelled,
    // in a test configuration of its own that no clean test run covers: its clean counterpart is offered.
    await context.db.run.update({ where: { id: loneFaulted }, data: { testRun: true } });
    const withoutTests = await getRobustnessBoard();
    expect(withoutTests.flatMap((candidate) => candidate.runs.map((pairing) => pairing.faulted.id))).not.toContain(loneFaulted);
    expect(withoutTests.find((candidate) => candidate.runs.some((pairing) => pairing.faulted.id === sweepFaulted))?.pairs).toBe(48);
    const withTests = await getRobustnessBoard({ includeTests: true });
    const testRow = withTests.find((candidate) => candidate.runs.some((pairing) => pairing.faulted.id === loneFaulted));
    expect(testRow).toMatchObject({ test: true, pairs: 0, difference: null, runs: [{ clean: null, pairs: 0 }] });
    expect(testRow?.counterparts).toEqual([
      { runId: loneFaulted, command: expect.stringMatching(/^npm run workbench -- run --agent oracle .*--limit 60 --sample stratified --seed 31 --trials 1 --fault-rate 0$/) },
    ]);
  });
});
