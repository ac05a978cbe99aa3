import { describe, expect, test } from "vitest";
import { pairedDifferenceInterval } from "./mcnemar";
import { cleanCounterpartCommand, cleanPairOf, pairedRobustness, type BoardRun, type BoardVerdict } from "./robustness-board";

const at = (day: number) => new Date(Date.UTC(2026, 10, day));
const run = (id: string, faultRate: number | null, extra: Partial<BoardRun> = {}): BoardRun => ({
  id, name: id, configuration: "oracle", faultRate, sweepId: null, createdAt: at(1), ...extra,
});
/** Verdicts of `runId` on tasks t0.. in order: "1" right, "0" wrong, "." not scored. */
const verdicts = (runId: string, pattern: string, trial = 0): BoardVerdict[] =>
  [...pattern].flatMap((mark, index) => (mark === "." ? [] : [{ runId, taskId: `t${index}`, trial, correct: mark === "1", sideEffects: false }]));

describe("cleanPairOf", () => {
  const byRun = (list: readonly BoardVerdict[]) => {
    const map = new Map<string, Map<string, BoardVerdict>>();
    for (const v of list) map.set(v.runId, (map.get(v.runId) ?? new Map()).set(`${v.taskId}\u0000${v.trial}`, v));
    return map;
  };

  test("the clean run of the faulted run's sweep first, even when another shares more tasks", () => {
    const faulted = run("f", 0.2, { sweepId: "s1" });
    const sweepClean = run("c-sweep", null, { sweepId: "s1" });
    const bigger = run("c-big", null);
    const list = [...verdicts("f", "1111"), ...verdicts("c-sweep", "11.."), ...verdicts("c-big", "1111")];
    expect(cleanPairOf(faulted, [bigger, sweepClean], byRun(list))?.id).toBe("c-sweep");
  });

  test("otherwise the clean run sharing the most (task, trial)s, ties to the newest; none when nothing is shared", () => {
    const faulted = run("f", 0.2);
    const list = [...verdicts("f", "111."), ...verdicts("a", "11.."), ...verdicts("b", "1.1."), ...verdicts("c", "...1")];
    expect(cleanPairOf(faulted, [run("a", null), run("b", null, { createdAt: at(2) })], byRun(list))?.id).toBe("b");
    expect(cleanPairOf(faulted, [run("c", null)], byRun(list))).toBeNull();
    // A clean run of another trial shares nothing: trials pair only with the same trial.
    expect(cleanPairOf(faulted, [run("d", null)], byRun([...list, ...verdicts("d", "1111", 1)]))).toBeNull();
  });
});

describe("pairedRobustness", () => {
  test("pools the pairs of every faulted run at a rate; counts, difference and Newcombe's paired interval", () => {
    const runs = [run("clean", null), run("f1", 0.2), run("f2", 0.2, { createdAt: at(2) }), run("f3", 0.4)];
    const list = [
      ...verdicts("clean", "11110000.."),
      ...verdicts("f1", "1100110..."),
      ...verdicts("f2", "....0000.1"), // t9 has no clean verdict: not a pair
      ...verdicts("f3", ".........1"),
    ];
    const [at20, at40] = pairedRobustness(runs, list);
    // f1: t0..t6 → (1,1)(1,1)(1,0)(1,0)(0,1)(0,1)(0,0); f2: t4..t7 → (0,0)×4.
    expect(at20).toMatchObject({ faultRate: 0.2, pairs: 11, bothCorrect: 2, onlyA: 2, onlyB: 2, bothWrong: 5, difference: 0 });
    expect(at20?.runs).toEqual([
      { faulted: { id: "f1", name: "f1" }, clean: { id: "clean", name: "clean" }, pairs: 7, results: 7 },
      { faulted: { id: "f2", name: "f2" }, clean: { id: "clean", name: "clean" }, pairs: 4, results: 5 },
    ]);
    expect(at20?.pValue).toBe(1);
    expect(at20?.differenceInterval?.low).toBeLessThan(0);
    expect(at20?.differenceInterval?.high).toBeGreaterThan(0);
    // f3 scored only a task the clean run did not: no pairs, said as such.
    expect(at40).toMatchObject({ faultRate: 0.4, pairs: 0, difference: null, differenceInterval: null, runs: [{ clean: null, pairs: 0, results: 1 }] });
  });

  test("the interval is the run comparison's paired one (Newcombe method 10) on clean as A and faulted as B", () => {
    // 36 pairs: 12 both right, 9 right only clean, 2 right only faulted, 13 both wrong.
    const runs = [run("clean", null), run("f", 0.1)];
    const clean = "1".repeat(21) + "0".repeat(15);
    const faulted = "1".repeat(12) + "0".repeat(9) + "1".repeat(2) + "0".repeat(13);
    const [cell] = pairedRobustness(runs, [...verdicts("clean", clean), ...verdicts("f", faulted)]);
    expect(cell).toMatchObject({ pairs: 36, bothCorrect: 12, onlyA: 9, onlyB: 2, bothWrong: 13, cleanAccuracy: 21 / 36, faultedAccuracy: 14 / 36 });
    expect(cell?.difference).toBeCloseTo(-7 / 36, 12);
    expect(cell?.differenceInterval).toEqual(pairedDifferenceInterval({ bothCorrect: 12, onlyA: 9, onlyB: 2, bothWrong: 13 }));
    expect(cell?.differenceInterval?.high).toBeLessThan(0);
  });
});

describe("cleanCounterpartCommand", () => {
  test("the same agent, model, dataset, scoring, sample and trials at fault rate 0", () => {
    expect(
      cleanCounterpartCommand({
        agent: "tools", endpoint: "openai", model: "gpt-4o", dataset: "workbench", groundTruth: "v1", protocol: "2024", scoringRevision: "2024",
        toolSet: "all", trials: 2, limit: 60, sample: "stratified", seed: 42, domains: ["email", "calendar"],
      }),
    ).toBe(
      "npm run workbench -- run --agent tools --endpoint openai --model gpt-4o --dataset workbench --gt v1 --protocol 2024 --revision 2024 --tool-set all --domains email,calendar --limit 60 --sample stratified --seed 42 --trials 2 --fault-rate 0",
    );
    expect(
      cleanCounterpartCommand({ agent: "oracle", endpoint: null, model: null, dataset: "workbench", groundTruth: "v1", protocol: "2024", scoringRevision: null, toolSet: "all", trials: 1, limit: null, sample: null, seed: 3, domains: [] }),
    ).toBe("npm run workbench -- run --agent oracle --dataset workbench --gt v1 --protocol 2024 --tool-set all --trials 1 --fault-rate 0");
  });
});
