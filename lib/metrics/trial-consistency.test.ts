import { describe, expect, test } from "vitest";
import fc from "fast-check";
import { passAtKEstimate, passHatKEstimate, trialConsistency, type TrialOutcome } from "./trial-consistency";

/** "10" = a task whose trial 0 is correct and trial 1 wrong; one string per task. */
function outcomesOf(patterns: readonly string[]): TrialOutcome[] {
  return patterns.flatMap((pattern, task) => [...pattern].map((bit) => ({ taskId: `t${task}`, correct: bit === "1" })));
}

describe("trialConsistency", () => {
  test.each([
    // patterns, k, tasks, incomplete, pass@1, pass^k, pass@k
    [["111", "000", "100"], 3, 3, 0, 4 / 9, 1 / 3, 2 / 3],
    [["111", "111"], 3, 2, 0, 1, 1, 1],
    [["000", "000"], 3, 2, 0, 0, 0, 0],
    [["110", "011", "101"], 3, 3, 0, 2 / 3, 0, 1],
    [["10", "01", "11", "00"], 2, 4, 0, 0.5, 0.25, 0.75],
    // A task with fewer than k scored trials (cancelled run) is left out of every figure.
    [["111", "10"], 3, 1, 1, 1, 1, 1],
    [["1", "0"], 3, 0, 2, 0, 0, 0],
  ])("%j with k=%i", (patterns, k, tasks, incomplete, passAt1, passHatK, passAtK) => {
    const figures = trialConsistency(outcomesOf(patterns), k);
    expect(figures).toMatchObject({ k, tasks, incompleteTasks: incomplete });
    expect(figures?.passAt1).toBeCloseTo(passAt1, 10);
    expect(figures?.passHatK).toBeCloseTo(passHatK, 10);
    expect(figures?.passAtK).toBeCloseTo(passAtK, 10);
  });

  test("groups by task, not by row order", () => {
    const interleaved: TrialOutcome[] = [
      { taskId: "a", correct: true }, { taskId: "b", correct: false },
      { taskId: "a", correct: true }, { taskId: "b", correct: true },
    ];
    expect(trialConsistency(interleaved, 2)).toMatchObject({ tasks: 2, passHatK: 0.5, passAtK: 1, passAt1: 0.75 });
  });

  test.each([1, 0])("has nothing to say for k=%i", (k) => {
    expect(trialConsistency(outcomesOf(["1", "0"]), k)).toBeNull();
  });

  test("orders pass^k ≤ pass@1 ≤ pass@k for any outcomes", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 5 }), fc.array(fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }), { minLength: 1, maxLength: 30 }), (k, tasks) => {
        const outcomes = tasks.flatMap((trials, task) => trials.slice(0, k).map((correct) => ({ taskId: String(task), correct })));
        const figures = trialConsistency(outcomes, k);
        expect(figures).not.toBeNull();
        if (!figures) return;
        expect(figures.passHatK).toBeLessThanOrEqual(figures.passAt1 + 1e-12);
        expect(figures.passAt1).toBeLessThanOrEqual(figures.passAtK + 1e-12);
      }),
    );
  });
});

describe("unbiased estimators with more trials than k", () => {
  test.each([
    // n, c, k, pass@k, pass^k
    [4, 2, 2, 5 / 6, 1 / 6],
    [5, 0, 3, 0, 0],
    [5, 5, 3, 1, 1],
    [3, 1, 3, 1, 0],
    [10, 3, 1, 0.3, 0.3],
  ])("n=%i c=%i k=%i", (n, c, k, passAtK, passHatK) => {
    expect(passAtKEstimate(n, c, k)).toBeCloseTo(passAtK, 10);
    expect(passHatKEstimate(n, c, k)).toBeCloseTo(passHatK, 10);
  });
});
