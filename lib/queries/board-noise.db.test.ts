// Rank bands and noise on the configuration board, each against a recount written here from the stored
// TaskResults by the stated rule (not through the tallies the board reads):
//   bands  per pair of configurations, the tasks both scored; a task counts for the one right on a larger
//          share of its verdicts there; two-sided exact binomial (½) on those tasks, Holm over every pair the
//          board compares; a configuration ranks from 1 + (significantly better) to N − (significantly worse);
//   noise  the sample SD of each run's accuracy (a one-run configuration: each trial's), the share of tasks
//          with two verdicts or more that have both a right and a wrong one, and ICC(1) by one-way ANOVA.
// Four configurations of recorded runs over the 690 v1 tasks, written as the paper's CSVs and imported by
// import-results' code (unique model names and a tag: db test files share one database): A twice (two runs,
// tasks easy or hard), B = A's first run with 8 tasks changed, C at about 45 %, D one run of 3 trials.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { binomialDistribution } from "simple-statistics";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { loadDatasetFromDbOrThrow } from "@/lib/datasets/load-from-db";
import { seededRandom } from "@/lib/seeded-random";
import { setUpRunsTest, tearDownRunsTest, type RunsTestContext } from "@/lib/test-support/db";
import { createProtocolEvaluator } from "@/lib/workbench/protocols";
import { importRecordedResults } from "@/lib/runs/import/import-results";
import { simulatedAnswers, writeRecordedRun, type Answers, type SimulatedTask } from "@/lib/runs/import/simulated-population";
import { forgetDeletedImports, listDeletedImports } from "@/lib/runs/import/deleted-imports";
import { deleteRuns } from "@/lib/runs/manage";
import { configKeyOfRun, getConfigLeaderboard, getConfiguration } from "./config-leaderboard";

const SUFFIX = Math.random().toString(36).slice(2, 8);
const TAG = `bands-noise-${SUFFIX}`;
const model = (name: string) => `bands${SUFFIX}-${name}`;

let context: RunsTestContext;
let outDir: string;
const runIds: string[] = [];
/** Run ids by configuration letter. */
const runsOf: Record<"a" | "b" | "c" | "d", string[]> = { a: [], b: [], c: [], d: [] };

beforeAll(async () => {
  context = await setUpRunsTest();
  outDir = await mkdtemp(path.join(os.tmpdir(), "bands-noise-"));
  const dataset = await loadDatasetFromDbOrThrow(context.db, "v1");
  const evaluator = createProtocolEvaluator({ dataset });
  const answers: Map<string, Answers> = simulatedAnswers(dataset.tasks, (task, calls) => evaluator.scoreTask(task, calls, null).correct);
  const tasks: SimulatedTask[] = [...dataset.tasks].sort((x, y) => x.key.localeCompare(y.key));
  const random = seededRandom(40);
  // 70 % of the tasks easy (right with probability 0.95), the rest hard (0.3): repeats agree more within a task.
  const propensity = tasks.map(() => (random() < 0.7 ? 0.95 : 0.3));
  const draw = (p: readonly number[]) => p.map((value) => random() < value);
  const a1 = draw(propensity);
  const b = a1.map((right, i) => (i < 8 * 40 && i % 40 === 0 ? !right : right)); // 8 tasks changed
  const runs: { letter: keyof typeof runsOf; name: string; trials: boolean[][] }[] = [
    { letter: "a", name: "a", trials: [a1] },
    { letter: "a", name: "a", trials: [draw(propensity)] },
    { letter: "b", name: "b", trials: [b] },
    { letter: "c", name: "c", trials: [draw(tasks.map(() => 0.45))] },
    { letter: "d", name: "d", trials: [draw(propensity), draw(propensity), draw(propensity)] },
  ];
  for (const [index, run] of runs.entries()) {
    const dir = path.join(outDir, String(index));
    for (const [trial, verdicts] of run.trials.entries()) {
      await writeRecordedRun(run.trials.length > 1 ? path.join(dir, `trial-${trial + 1}`) : dir, model(run.name), tasks.map((task, i) => ({ task, right: verdicts[i] === true })), answers);
    }
    const [imported] = await importRecordedResults(context.db, { resultsPath: dir, groundTruth: "v1" });
    runsOf[run.letter].push(imported!.runId);
    runIds.push(imported!.runId);
  }
  await context.db.run.updateMany({ where: { id: { in: runIds } }, data: { testRun: true, tags: [TAG] } });
}, 600_000);

afterAll(async () => {
  if (context && runIds.length) {
    await deleteRuns(context.db, { userId: null, label: "board-noise test" }, runIds);
    const names = new Set(["a", "b", "c", "d"].map((name) => model(name)));
    await forgetDeletedImports(context.db, (await listDeletedImports(context.db)).filter((row) => [...names].some((name) => row.runName.startsWith(name))).map((row) => row.id));
  }
  if (outDir) await rm(outDir, { recursive: true, force: true });
  await tearDownRunsTest(context);
}, 300_000);

// ── The stated rule, written again ─────────────────────────────────────────────────────────────────

/** Per configuration: each task's verdicts (every trial of every run), and each repeat's accuracy. */
async function recount(letter: keyof typeof runsOf) {
  const results = await context.db.taskResult.findMany({ where: { runId: { in: runsOf[letter] }, status: "done" }, select: { runId: true, taskId: true, trial: true, correct: true } });
  const byTask = new Map<string, boolean[]>();
  for (const result of results) byTask.set(result.taskId, [...(byTask.get(result.taskId) ?? []), result.correct === true]);
  const repeatOf = (result: (typeof results)[number]) => (runsOf[letter].length > 1 ? result.runId : `trial ${result.trial}`);
  const repeats = new Map<string, boolean[]>();
  for (const result of results) repeats.set(repeatOf(result), [...(repeats.get(repeatOf(result)) ?? []), result.correct === true]);
  return { byTask, results, repeats: [...repeats.values()].map((verdicts) => verdicts.filter(Boolean).length / verdicts.length) };
}

function twoSidedBinomialP(x: number, y: number): number {
  const n = x + y;
  if (n === 0) return 1;
  const pmf = binomialDistribution(n, 0.5) ?? [];
  return Math.min(1, 2 * pmf.slice(0, Math.min(x, y) + 1).reduce((sum, value) => sum + value, 0));
}

function holm(p: readonly number[]): number[] {
  const order = p.map((value, index) => [value, index] as const).sort((x, y) => x[0] - y[0]);
  const adjusted = new Array<number>(p.length);
  let running = 0;
  order.forEach(([value, index], k) => {
    running = Math.max(running, Math.min(1, value * (p.length - k)));
    adjusted[index] = running;
  });
  return adjusted;
}

function anovaIcc(groups: readonly boolean[][]): number {
  const values = groups.map((group) => group.map(Number));
  const n = values.flat().length, g = values.length;
  const grand = values.flat().reduce((sum, value) => sum + value, 0) / n;
  const means = values.map((group) => group.reduce((sum, value) => sum + value, 0) / group.length);
  const msb = values.reduce((sum, group, i) => sum + group.length * (means[i]! - grand) ** 2, 0) / (g - 1);
  const msw = values.reduce((sum, group, i) => sum + group.reduce((inner, value) => inner + (value - means[i]!) ** 2, 0), 0) / (n - g);
  const k0 = (n - values.reduce((sum, group) => sum + group.length ** 2, 0) / n) / (g - 1);
  return (msb - msw) / (msb + (k0 - 1) * msw);
}

const sd = (values: readonly number[]) => {
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  return Math.sqrt(values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (values.length - 1));
};

async function board() {
  const { rows } = await getConfigLeaderboard({ tag: TAG, includeTests: true, sort: "passAt1", direction: "desc" });
  const keyOf = new Map(await Promise.all((["a", "b", "c", "d"] as const).map(async (letter) => [letter, await configKeyOfRun(runsOf[letter][0]!)] as const)));
  const rowOf = (letter: keyof typeof runsOf) => rows.find((row) => row.key === keyOf.get(letter));
  return { rows, rowOf };
}

describe("rank bands", () => {
  test("equal a recount from the stored verdicts: paired on shared tasks, exact, Holm over the board's comparisons", async () => {
    const { rows, rowOf } = await board();
    expect(rows).toHaveLength(4);
    const letters = ["a", "b", "c", "d"] as const;
    const counted = new Map(await Promise.all(letters.map(async (letter) => [letter, await recount(letter)] as const)));
    const share = (verdicts: readonly boolean[]) => verdicts.filter(Boolean).length / verdicts.length;
    const accuracy = (letter: (typeof letters)[number]) => share(counted.get(letter)!.results.map((result) => result.correct === true));
    const pairs: { x: (typeof letters)[number]; y: (typeof letters)[number]; onlyX: number; onlyY: number; shared: number; p: number }[] = [];
    for (let i = 0; i < letters.length; i++) {
      for (let j = i + 1; j < letters.length; j++) {
        const [x, y] = [letters[i]!, letters[j]!];
        let onlyX = 0, onlyY = 0, shared = 0;
        for (const [task, verdicts] of counted.get(x)!.byTask) {
          const other = counted.get(y)!.byTask.get(task);
          if (!other) continue;
          shared += 1;
          if (share(verdicts) > share(other)) onlyX += 1;
          else if (share(other) > share(verdicts)) onlyY += 1;
        }
        pairs.push({ x, y, onlyX, onlyY, shared, p: twoSidedBinomialP(onlyX, onlyY) });
      }
    }
    const adjusted = holm(pairs.map((pair) => pair.p));
    for (const letter of letters) {
      let better = 0, worse = 0;
      pairs.forEach((pair, k) => {
        if ((pair.x !== letter && pair.y !== letter) || adjusted[k]! >= 0.05) return;
        const [mine, theirs] = pair.x === letter ? [pair.onlyX, pair.onlyY] : [pair.onlyY, pair.onlyX];
        if (theirs > mine) better += 1;
        else worse += 1;
      });
      const row = rowOf(letter);
      expect(row?.passAt1, letter).toBeCloseTo(accuracy(letter), 12);
      expect({ best: row?.band?.best, worst: row?.band?.worst, comparisons: row?.band?.comparisons, untested: row?.band?.untested }, letter).toEqual({ best: 1 + better, worst: 4 - worse, comparisons: 6, untested: 0 });
      const rank = [...letters].sort((x, y) => accuracy(y) - accuracy(x)).indexOf(letter) + 1;
      expect(row?.band?.rank, letter).toBe(rank);
    }
    // What the fixture was built to show: A and its near copy B share a band, C (about 45 %) is apart from both.
    const [a, b, c] = [rowOf("a")!.band!, rowOf("b")!.band!, rowOf("c")!.band!];
    expect(a.peers.some((peer) => peer.startsWith(model("b")))).toBe(true);
    expect(b.peers.some((peer) => peer.startsWith(model("a")))).toBe(true);
    expect([c.best, c.worst]).toEqual([4, 4]);
    expect(pairs.every((pair) => pair.shared === 690)).toBe(true);
    console.log(`bands: ${letters.map((letter) => `${letter} ${(accuracy(letter) * 100).toFixed(1)} % ${rowOf(letter)!.band!.label}`).join(" | ")}`);
  });
});

describe("noise", () => {
  test("on the board and the configuration page equal a recount: spread over runs (or one run's trials), flip rate, ICC(1)", async () => {
    const { rowOf } = await board();
    for (const letter of ["a", "b", "c", "d"] as const) {
      const { byTask, repeats } = await recount(letter);
      const repeated = [...byTask.values()].filter((verdicts) => verdicts.length >= 2);
      const row = rowOf(letter);
      const page = (await getConfiguration(row!.key))?.row;
      if (repeated.length === 0) {
        expect(row?.noise, letter).toBeNull();
        expect(page?.noise, letter).toBeNull();
        continue;
      }
      const expected = {
        runs: runsOf[letter].length,
        repeats: repeats.length,
        repeatKind: runsOf[letter].length > 1 ? "runs" : "trials",
        tasks: repeated.length,
      };
      const flipRate = repeated.filter((verdicts) => verdicts.some(Boolean) && verdicts.some((value) => !value)).length / repeated.length;
      for (const shown of [row?.noise, page?.noise]) {
        expect(shown, letter).toMatchObject(expected);
        expect(shown?.accuracySd, letter).toBeCloseTo(sd(repeats), 12);
        expect(shown?.flipRate, letter).toBeCloseTo(flipRate, 12);
        expect(shown?.icc, letter).toBeCloseTo(anovaIcc(repeated), 10);
      }
      console.log(`noise ${letter}: ${JSON.stringify(row?.noise)}`);
    }
    // The fixture's repeats: A over its 2 runs, D over its 3 trials; B and C (one run, one trial) have none.
    expect([rowOf("a")?.noise?.repeats, rowOf("d")?.noise?.repeats, rowOf("b")?.noise, rowOf("c")?.noise]).toEqual([2, 3, null, null]);
    // The configuration page has no ranking of its own: no band there.
    expect((await getConfiguration(rowOf("a")!.key))?.row.band).toBeNull();
  });

  test("a domain filter: bands and noise over that domain's tasks", async () => {
    const { rows } = await getConfigLeaderboard({ tag: TAG, includeTests: true, domain: "email", sort: "passAt1", direction: "desc" });
    const key = await configKeyOfRun(runsOf.a[0]!);
    const row = rows.find((candidate) => candidate.key === key);
    const results = await context.db.taskResult.findMany({ where: { runId: { in: runsOf.a }, status: "done", task: { domain: "email" } }, select: { runId: true, correct: true } });
    const perRun = runsOf.a.map((id) => results.filter((result) => result.runId === id)).map((list) => list.filter((result) => result.correct).length / list.length);
    expect(row?.noise?.accuracySd).toBeCloseTo(sd(perRun), 12);
    expect(row?.noise?.tasks).toBe(results.length / 2);
    expect(rows.every((candidate) => candidate.band?.comparisons === 6)).toBe(true);
  });
});
