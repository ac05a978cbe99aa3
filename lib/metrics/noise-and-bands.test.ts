// Rank bands on constructed boards, the noise figures by hand, and the planner against McNemar's power.
import { describe, expect, test } from "vitest";
import { binomialDistribution } from "simple-statistics";
import { seededRandom } from "@/lib/seeded-random";
import { holmAdjust, rankBands, type BoardEntry } from "./rank-bands";
import { iccOne, noiseFigures } from "./noise";
import { normalQuantile, plan } from "./planner";
import { mcnemarExactP } from "./mcnemar";

/** A configuration right on each of 690 cells with probability p, from its own seed (independent draws). */
function simulated(id: string, p: number, seed: number): BoardEntry {
  const random = seededRandom(seed);
  return { id, verdicts: new Map(Array.from({ length: 690 }, (_, i) => [`t${i}#0`, random() < p] as const)) };
}

describe("rank bands", () => {
  test("identical configurations share a band; a 20-point gap does not", () => {
    const top = simulated("top", 0.8, 1);
    const twin = { id: "twin", verdicts: new Map(top.verdicts) };
    const low = simulated("low", 0.6, 2);
    const bands = rankBands([low, twin, top]);
    const byId = new Map(bands.map((band) => [band.id, band] as const));
    expect([byId.get("top")?.best, byId.get("top")?.worst]).toEqual([1, 2]);
    expect([byId.get("twin")?.best, byId.get("twin")?.worst]).toEqual([1, 2]);
    expect([byId.get("low")?.best, byId.get("low")?.worst]).toEqual([3, 3]);
    expect(byId.get("top")?.label).toMatch(/^#1–2, indistinguishable/);
    expect(byId.get("low")?.label).toMatch(/^#3, distinguishable/);
  });

  test("too few shared tasks are not tested, and the band says so", () => {
    const a = simulated("a", 0.9, 3);
    const b: BoardEntry = { id: "b", verdicts: new Map([...simulated("b", 0.1, 4).verdicts].slice(0, 10).map(([cell, v]) => [cell.replace("t", "u"), v] as const)) };
    const bands = rankBands([a, b]);
    expect(bands.every((band) => band.best === 1 && band.worst === 2)).toBe(true);
    expect(bands[0]?.label).toMatch(/too few shared tasks/);
  });

  test("Holm's adjustment by hand", () => {
    expect(holmAdjust([0.01, 0.04, 0.03])).toEqual([0.03, 0.06, 0.06]);
    expect(holmAdjust([0.5, 0.001])).toEqual([0.5, 0.002]);
  });
});

describe("noise", () => {
  test("ICC(1) at its bounds by hand", () => {
    expect(iccOne([[true, true], [false, false]])).toBeCloseTo(1);
    expect(iccOne([[true, false], [true, false]])).toBeCloseTo(-1);
  });

  test("spread, flip rate and repeats on a small fixture", () => {
    const figures = noiseFigures(new Map([
      ["a", [true, true, true]],
      ["b", [true, false, true]],
      ["c", [false, false, false]],
      ["d", [true, false, false]],
    ]));
    expect(figures?.repeats).toBe(3);
    expect(figures?.flipRate).toBeCloseTo(2 / 4);
    // accuracies per repeat: 3/4, 1/4, 2/4 → mean 0.5, sample sd 0.25
    expect(figures?.accuracySd).toBeCloseTo(0.25);
    expect(noiseFigures(new Map([["a", [true]]]))).toBeNull();
  });
});

describe("the planner", () => {
  test("the normal quantiles of the textbook", () => {
    expect(normalQuantile(0.975)).toBeCloseTo(1.959964, 5);
    expect(normalQuantile(0.8)).toBeCloseTo(0.841621, 5);
    expect(normalQuantile(0.005)).toBeCloseTo(-2.575829, 5);
  });

  /** The exact power of the exact McNemar test at n pairs: over the discordant count D ~ Bin(n, ψ), then B ~ Bin(D, p₀₁/ψ). */
  function exactPower(n: number, p10: number, p01: number, alpha = 0.05): number {
    const psi = p10 + p01;
    const discordant = binomialDistribution(n, psi) ?? [];
    let power = 0;
    discordant.forEach((pD, d) => {
      if (pD < 1e-12 || d === 0) return;
      (binomialDistribution(d, p01 / psi) ?? []).forEach((pB, b) => { if (mcnemarExactP(d - b, b) < alpha) power += pD * pB; });
    });
    return power;
  }

  test("the paired size reaches about the stated power under the exact test (and half of it does not)", () => {
    const result = plan({ difference: 0.1, discordance: 0.2, baseAccuracy: 0.6 });
    // Connor's formula: (1.96 √0.2 + 0.8416 √0.19)² / 0.01 = 154.6
    expect(result.pairedPairs).toBe(155);
    const power = exactPower(result.pairedPairs, 0.05, 0.15);
    expect(power).toBeGreaterThan(0.74);
    expect(power).toBeLessThan(0.88);
    expect(exactPower(Math.round(result.pairedPairs / 2), 0.05, 0.15)).toBeLessThan(0.6);
  });

  test("unpaired needs more than paired when the two agree on most tasks; trials follow the design effect", () => {
    const result = plan({ difference: 0.02, discordance: 0.06, baseAccuracy: 0.9, icc: 0.5 });
    expect(result.unpairedPerConfiguration).toBeGreaterThan(result.pairedPairs);
    const k = result.pairedTrials!;
    expect((690 * k) / (1 + (k - 1) * 0.5)).toBeGreaterThanOrEqual(result.pairedPairs);
    expect(k === 1 || (690 * (k - 1)) / (1 + (k - 2) * 0.5) < result.pairedPairs).toBe(true);
    expect(result.working.join("\n")).toMatch(/paired: n = /);
  });

  test("a discordance below the difference is refused: configurations differ only where they disagree", () => {
    expect(() => plan({ difference: 0.1, discordance: 0.05, baseAccuracy: 0.5 })).toThrow(/discordance/);
  });
});
