import { binomialDistribution } from "simple-statistics";
import { describe, expect, test } from "vitest";
import { mcnemarExactP, mcnemarVerdict, pairedDifferenceInterval } from "./mcnemar";

describe("mcnemarExactP", () => {
  // Hand-computed: 2 · Σ_{i ≤ min(b,c)} C(b+c, i) / 2^(b+c).
  test.each([
    { b: 1, c: 9, p: (2 * (1 + 10)) / 1024 }, // 0.021484375
    { b: 3, c: 11, p: (2 * (1 + 14 + 91 + 364)) / 16384 }, // 0.0573730…
    { b: 0, c: 5, p: 2 / 32 }, // 0.0625: five discordant pairs can never reach 5 %
    { b: 0, c: 6, p: 2 / 64 }, // 0.03125
    { b: 4, c: 4, p: 1 },
    { b: 0, c: 0, p: 1 },
  ])("b=$b c=$c → $p", ({ b, c, p }) => {
    expect(mcnemarExactP(b, c)).toBeCloseTo(p, 12);
    expect(mcnemarExactP(c, b)).toBeCloseTo(p, 12);
  });

  test("agrees with the binomial distribution of simple-statistics", () => {
    for (const [b, c] of [[7, 19], [12, 30], [2, 3]] as const) {
      const pmf = binomialDistribution(b + c, 0.5) as number[];
      const tail = pmf.slice(0, Math.min(b, c) + 1).reduce((sum, value) => sum + value, 0);
      expect(mcnemarExactP(b, c)).toBeCloseTo(Math.min(1, 2 * tail), 6);
    }
  });

  test("stays finite for the full benchmark", () => {
    const p = mcnemarExactP(300, 390);
    expect(p).toBeGreaterThan(0);
    expect(p).toBeLessThan(0.001);
  });

  test("refuses negative or fractional counts", () => {
    expect(() => mcnemarExactP(-1, 2)).toThrow(RangeError);
    expect(() => mcnemarExactP(1.5, 2)).toThrow(RangeError);
  });
});

describe("mcnemarVerdict", () => {
  test("names the better run when significant", () => {
    const verdict = mcnemarVerdict({ bothCorrect: 10, onlyA: 1, onlyB: 9, bothWrong: 5 }, { a: "old", b: "new" });
    expect(verdict.significant).toBe(true);
    expect(verdict.sentence).toContain("B (new) is better than A beyond noise");
  });

  test("says not distinguishable otherwise", () => {
    const verdict = mcnemarVerdict({ bothCorrect: 10, onlyA: 3, onlyB: 4, bothWrong: 5 }, { a: "x", b: "y" });
    expect(verdict.significant).toBe(false);
    expect(verdict.sentence).toContain("not distinguishable");
  });
});

describe("pairedDifferenceInterval", () => {
  test("symmetric around 0 when both runs flip the same number of tasks", () => {
    const interval = pairedDifferenceInterval({ bothCorrect: 8, onlyA: 5, onlyB: 5, bothWrong: 9 });
    expect(interval?.low).toBeCloseTo(-(interval?.high ?? 0), 10);
    expect(interval?.high).toBeGreaterThan(0);
  });

  test("close to the Wald interval for a large sample", () => {
    const counts = { bothCorrect: 300, onlyA: 40, onlyB: 70, bothWrong: 280 };
    const n = 690;
    const delta = (70 - 40) / n;
    const se = Math.sqrt(70 + 40 - (70 - 40) ** 2 / n) / n;
    const interval = pairedDifferenceInterval(counts);
    expect(interval?.low).toBeCloseTo(delta - 1.96 * se, 2);
    expect(interval?.high).toBeCloseTo(delta + 1.96 * se, 2);
  });

  test("stays within [−1, 1] and contains the point estimate", () => {
    const interval = pairedDifferenceInterval({ bothCorrect: 0, onlyA: 0, onlyB: 20, bothWrong: 0 });
    expect(interval?.high).toBeLessThanOrEqual(1);
    expect(interval?.low).toBeGreaterThan(0);
  });

  test("null with no pairs", () => {
    expect(pairedDifferenceInterval({ bothCorrect: 0, onlyA: 0, onlyB: 0, bothWrong: 0 })).toBeNull();
  });
});
