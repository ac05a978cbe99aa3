// The board's bands on constructed configuration rows (grouping, reference agents, the label on hover and in
// the CSV), and the noise figures from tallies against the same figures from each repeat's verdicts by hand.
import { describe, expect, test } from "vitest";
import { seededRandom } from "@/lib/seeded-random";
import { bandExplanation, boardBands } from "./board-bands";
import { configCsvRows } from "./config-csv";
import { configLeaderboard, summaryOfRun, type ConfigRow, type ConfigRunInput } from "./config-leaderboard";
import { iccOfTallies, iccOne, noiseOfTallies, type TaskTally } from "./noise";
import { mcnemarExactP } from "./mcnemar";
import { rankBands } from "./rank-bands";

const makeRun = (overrides: Partial<ConfigRunInput>): ConfigRunInput => ({
  id: "r1", name: "run", dataset: "workbench", groundTruth: "v1", versionRevision: 1, protocol: "2024", revision: "2024", model: "m", agent: "react",
  provider: "openai", toolSet: "all", source: "launched", createdAt: new Date("2026-01-01"), versionTasks: 200, costUsd: null, tokens: null,
  domains: [{ domain: "email", results: 200, tasks: 200, correct: 100, sideEffects: 0 }],
  ...overrides,
});

/** 200 tasks, each right with probability p (own seed), as one-trial tallies; and its board row with that pass@1. */
function configuration(model: string, p: number, seed: number, overrides: Partial<ConfigRunInput> = {}) {
  const random = seededRandom(seed);
  const tallies = new Map(Array.from({ length: 200 }, (_, i) => [`t${i}`, { trials: 1, correct: random() < p ? 1 : 0 }] as const));
  const correct = [...tallies.values()].filter((tally) => tally.correct).length;
  const run = makeRun({ id: model, model, domains: [{ domain: "email", results: 200, tasks: 200, correct, sideEffects: 0 }], ...overrides });
  return { run, tallies };
}

function board(configurations: readonly ReturnType<typeof configuration>[]): { rows: ConfigRow[]; tallies: Map<string, Map<string, TaskTally>> } {
  const rows = configLeaderboard(configurations.map((c) => summaryOfRun(c.run)), [], { includePartial: true });
  const tallies = new Map(rows.map((row) => [row.key, configurations.find((c) => (c.run.model ?? c.run.agent) === row.label)!.tallies] as const));
  return { rows, tallies };
}

describe("bands on the board's rows", () => {
  test("a twin shares the band, a 20-point gap does not; the reference agent is not ranked", () => {
    const top = configuration("top", 0.8, 1);
    const twin = { ...configuration("twin", 0.8, 1) }; // the same draws: the same verdict on every task
    const low = configuration("low", 0.6, 2);
    const oracle = configuration("oracle", 1, 3, { agent: "oracle", model: null });
    const { rows, tallies } = board([top, twin, low, oracle]);
    const bands = boardBands(rows, tallies);
    const byLabel = new Map(rows.map((row) => [row.label, bands.get(row.key)] as const));
    expect(byLabel.get("oracle")).toBeUndefined();
    expect([byLabel.get("top")?.best, byLabel.get("top")?.worst, byLabel.get("twin")?.best, byLabel.get("twin")?.worst]).toEqual([1, 2, 1, 2]);
    expect([byLabel.get("low")?.best, byLabel.get("low")?.worst]).toEqual([3, 3]);
    expect(byLabel.get("top")?.peers).toEqual(["twin · react · all tools"]);
    expect(byLabel.get("low")?.comparisons).toBe(3);
    expect(bandExplanation(byLabel.get("top")!)).toBe("#1 by pass@1 of 3, could be #1–#2: not told apart from twin · react · all tools (Holm over 3 tests).");
    expect(bandExplanation(byLabel.get("low")!)).toBe("#3 by pass@1 of 3: told apart from every other (Holm over 3 tests).");
  });

  test("another scoring revision is another group: never compared, ranked on its own", () => {
    const a = configuration("a", 0.8, 1);
    const b = configuration("b", 0.4, 2, { revision: "2024-11" });
    const { rows, tallies } = board([a, b]);
    const bands = [...boardBands(rows, tallies).values()];
    expect(bands.map((band) => [band.best, band.worst, band.of, band.comparisons])).toEqual([[1, 1, 1, 0], [1, 1, 1, 0]]);
    expect(bands[0]?.label).toBe("#1, alone in its group");
  });

  test("the band and its label are CSV columns; empty for a reference agent", () => {
    const { rows, tallies } = board([configuration("top", 0.8, 1), configuration("low", 0.3, 2), configuration("noop", 0, 3, { agent: "noop", model: null })]);
    const bands = boardBands(rows, tallies);
    const [header = [], ...body] = configCsvRows(rows.map((row) => ({ ...row, band: bands.get(row.key) ?? null })), []);
    const cell = (row: readonly string[], name: string) => row[header.indexOf(name)];
    const rowOf = (model: string) => body.find((row) => cell(row, "model") === model || cell(row, "agent") === model) ?? [];
    expect([cell(rowOf("top"), "rank_best"), cell(rowOf("top"), "rank_worst"), cell(rowOf("top"), "rank_band")]).toEqual(["1", "1", "#1, distinguishable from every other"]);
    expect([cell(rowOf("noop"), "rank_best"), cell(rowOf("noop"), "rank_band")]).toEqual(["", ""]);
  });
});

describe("repeated verdicts in a paired test", () => {
  test("a task counts for the configuration right more often on it; equal shares are concordant", () => {
    // 40 shared tasks: a right on 2 of 3 trials where b is right on 1 of 3 (12 tasks), b better on 2, equal on the rest.
    const a = new Map<string, number>(), b = new Map<string, number>();
    for (let i = 0; i < 40; i++) {
      a.set(`t${i}`, i < 12 ? 2 / 3 : i < 14 ? 0 : 0.5);
      b.set(`t${i}`, i < 12 ? 1 / 3 : i < 14 ? 1 : 0.5);
    }
    const [first, second] = rankBands([{ id: "a", verdicts: a }, { id: "b", verdicts: b }]);
    expect(mcnemarExactP(12, 2)).toBeLessThan(0.05);
    expect([first?.id, first?.best, first?.worst, second?.best, second?.worst]).toEqual(["a", 1, 1, 2, 2]);
  });
});

describe("noise from tallies", () => {
  test("ICC from tallies equals ICC from the verdicts, also with unequal group sizes", () => {
    const groups = [[true, true, false], [false, false], [true, true, true, true], [true, false]];
    const tallies = groups.map((group) => ({ trials: group.length, correct: group.filter(Boolean).length }));
    expect(iccOfTallies(tallies)).toBeCloseTo(iccOne(groups) as number, 12);
    // By hand: n = 11, grand mean 7/11; MSB = SSB / 3, MSW = SSW / 7, k0 = (11 − 33/11) / 3 = 8/3.
    const grand = 7 / 11;
    const ssb = 3 * (2 / 3 - grand) ** 2 + 2 * grand ** 2 + 4 * (1 - grand) ** 2 + 2 * (0.5 - grand) ** 2;
    const ssw = 2 / 3 + 0 + 0 + 0.5;
    const msb = ssb / 3, msw = ssw / 7, k0 = 8 / 3;
    expect(iccOfTallies(tallies)).toBeCloseTo((msb - msw) / (msb + (k0 - 1) * msw), 12);
  });

  test("flip rate over tasks with two verdicts or more, the spread of the repeats' accuracies, what it rests on", () => {
    const noise = noiseOfTallies(
      [{ trials: 2, correct: 1 }, { trials: 2, correct: 2 }, { trials: 2, correct: 0 }, { trials: 1, correct: 1 }],
      { runs: 2, kind: "runs", accuracies: [0.5, 0.75] },
    );
    expect(noise).toMatchObject({ runs: 2, repeats: 2, repeatKind: "runs", tasks: 3, flipRate: 1 / 3 });
    expect(noise?.accuracySd).toBeCloseTo(Math.SQRT1_2 * 0.25, 12); // sd of {0.5, 0.75}
    expect(noiseOfTallies([{ trials: 1, correct: 1 }], { runs: 1, kind: "trials", accuracies: [1] })).toBeNull();
  });
});

describe("a configuration with too few shared tasks", () => {
  test("is not tested, widens the band, and its explanation says so", () => {
    const full = configuration("full", 0.9, 5);
    const partial = configuration("partial", 0.1, 6);
    partial.tallies = new Map([...partial.tallies].slice(0, 10)); // 10 tasks shared: under the 30 a test needs
    const { rows, tallies } = board([full, partial]);
    const bands = [...boardBands(rows, tallies).values()];
    expect(bands.map((band) => [band.best, band.worst, band.untested, band.comparisons])).toEqual([[1, 2, 1, 0], [1, 2, 1, 0]]);
    expect(bands[0]?.label).toBe("#1–2, indistinguishable (1 with too few shared tasks to test)");
    expect(bandExplanation(bands[0]!)).toContain("1 of them with too few shared tasks to test");
  });
});
