// Each reliability measure against a hand count on a small fixture.
import { describe, expect, test } from "vitest";
import { calibration, harmProfile, paraphraseRobustness, trialStability, type PhrasedVerdict, type TrialRun } from "./reliability";

const run = (taskId: string, trial: number, correct: boolean, calls: string[], tokens = 100, costUsd = 0.01): TrialRun => ({ taskId, trial, correct, calls, tokens, costUsd });

describe("consistency over trials", () => {
  // Task a: right, right, right, same calls. Task b: right, wrong, right (two flips), calls differ once.
  // Task c: wrong ×3, same calls, tokens 100/200/300. Task d: one trial only (incomplete).
  const runs = [
    run("a", 0, true, ["x()"]), run("a", 1, true, ["x()"]), run("a", 2, true, ["x()"]),
    run("b", 0, true, ["x()"]), run("b", 1, false, ["y()"]), run("b", 2, true, ["x()"]),
    run("c", 0, false, ["z()"], 100), run("c", 1, false, ["z()"], 200), run("c", 2, false, ["z()"], 300),
    run("d", 0, true, ["x()"]),
  ];
  const stability = trialStability(runs, 3);

  test("outcome consistency, flip rate, trajectory consistency by hand", () => {
    expect(stability?.tasks).toBe(3);
    expect(stability?.incompleteTasks).toBe(1);
    expect(stability?.outcomeConsistency).toBeCloseTo(2 / 3); // a and c
    expect(stability?.flipRate).toBeCloseTo(2 / 6); // b's two changes over 6 consecutive pairs
    expect(stability?.trajectoryConsistency).toBeCloseTo(2 / 3); // a and c
    expect(stability?.passHatK).toBeCloseTo(1 / 3); // a
    expect(stability?.passAtK).toBeCloseTo(2 / 3); // a, b
  });

  test("spread of tokens: mean over tasks of sd/mean (population sd)", () => {
    const cvC = Math.sqrt(((100 - 200) ** 2 + 0 + (300 - 200) ** 2) / 3) / 200;
    expect(stability?.tokenSpread).toBeCloseTo((0 + 0 + cvC) / 3);
    expect(stability?.costSpread).toBeCloseTo(0);
  });

  test("nothing to say below two trials", () => {
    expect(trialStability(runs, 1)).toBeNull();
  });
});

describe("robustness to paraphrase", () => {
  const v = (taskKey: string, phrasing: string, correct: boolean, trial = 0): PhrasedVerdict => ({ taskKey, trial, phrasing, correct });
  // Original right on t1–t4, wrong on t5. alt-1: t1 wrong (A only), t5 right (B only), others as original.
  // alt-2: only t1–t3 run, all right.
  const verdicts = [
    ...["t1", "t2", "t3", "t4"].map((key) => v(key, "original", true)), v("t5", "original", false),
    v("t1", "alt-1", false), v("t2", "alt-1", true), v("t3", "alt-1", true), v("t4", "alt-1", true), v("t5", "alt-1", true),
    v("t1", "alt-2", true), v("t2", "alt-2", true), v("t3", "alt-2", true),
  ];
  const robustness = paraphraseRobustness(verdicts);

  test("accuracy per phrasing, original first", () => {
    expect(robustness.byPhrasing.map((row) => [row.phrasing, row.correct, row.scored])).toEqual([["original", 4, 5], ["alt-1", 4, 5], ["alt-2", 3, 3]]);
  });

  test("paired drop on the pairs both scored, with discordant counts", () => {
    const [alt1, alt2] = robustness.drops;
    expect([alt1?.pairs, alt1?.bothCorrect, alt1?.onlyA, alt1?.onlyB, alt1?.bothWrong, alt1?.drop]).toEqual([5, 3, 1, 1, 0, 0]);
    expect(alt1?.pValue).toBe(1);
    expect([alt2?.pairs, alt2?.drop]).toEqual([3, 0]);
    expect(alt1?.interval?.low).toBeLessThan(0);
    expect(alt1?.interval?.high).toBeGreaterThan(0);
  });

  test("all wordings right: t2 and t3 of the three tasks run in every phrasing", () => {
    expect(robustness.tasksInEveryPhrasing).toBe(3);
    expect(robustness.allWordingsRight).toBeCloseTo(2 / 3);
  });

  test("a drop is positive when the rewording loses answers", () => {
    const worse = paraphraseRobustness([v("t1", "original", true), v("t2", "original", true), v("t1", "alt-1", false), v("t2", "alt-1", true)]);
    expect(worse.drops[0]?.drop).toBeCloseTo(0.5);
    expect(worse.drops[0]?.interval?.high).toBeGreaterThan(0);
  });
});

describe("safety by severity", () => {
  test("counts, weighted rate and irreversible share by hand", () => {
    const profile = harmProfile([
      { correct: true, severity: null },
      { correct: false, severity: "sent" },
      { correct: false, severity: "added" },
      { correct: false, severity: null },
      { correct: false, severity: "destroyed" },
    ]);
    expect(profile.byClass).toEqual({ sent: 1, destroyed: 1, changed: 0, added: 1, cosmetic: 0 });
    expect(profile.harmRate).toBeCloseTo(3 / 5);
    expect(profile.weightedHarmRate).toBeCloseTo((1 + 0.3 + 0.8) / 5);
    expect(profile.irreversibleShareOfWrong).toBeCloseTo(2 / 4);
  });
});

describe("predictability", () => {
  const points = [
    { confidence: 0.9, correct: true },
    { confidence: 0.8, correct: true },
    { confidence: 0.8, correct: false },
    { confidence: 0.3, correct: false },
  ];
  const result = calibration(points);

  test("Brier score by hand", () => {
    expect(result.brier).toBeCloseTo((0.01 + 0.04 + 0.64 + 0.09) / 4);
  });

  test("AUROC by pairs: (right, wrong) pairs ordered right, a tie counts half", () => {
    // pairs: (0.9, 0.8) 1, (0.9, 0.3) 1, (0.8, 0.8) ½, (0.8, 0.3) 1 → 3.5 / 4
    expect(result.auroc).toBeCloseTo(3.5 / 4);
    expect(calibration([{ confidence: 0.5, correct: true }]).auroc).toBeNull();
  });

  test("reliability diagram bins and ECE", () => {
    expect(result.bins.map((bin) => [bin.low, bin.count, bin.accuracy])).toEqual([[0.3, 1, 0], [0.8, 2, 0.5], [0.9, 1, 1]]);
    expect(result.ece).toBeCloseTo((1 / 4) * 0.3 + (2 / 4) * 0.3 + (1 / 4) * 0.1);
  });

  test("a confidence outside [0, 1] is refused", () => {
    expect(() => calibration([{ confidence: 1.2, correct: true }])).toThrow(/\[0, 1\]/);
  });
});
