import { describe, expect, test } from "vitest";
import { sweepCurves, type SweepRun } from "./sweep-curves";

const run = (agent: string, faultRate: number, correct: number, scored = 10, model: string | null = null): SweepRun => ({
  id: `${agent}-${faultRate}`, name: "", agent, model, status: "completed", faultRate, scored, total: 10, correct, sideEffects: 1,
});

describe("sweepCurves", () => {
  test("one curve per agent and model, points ordered by fault rate, accuracy with its interval", () => {
    const curves = sweepCurves([run("oracle", 0.2, 6), run("oracle", 0, 10), run("tools", 0.1, 5, 10, "gpt-4o"), run("oracle", 0.1, 8)]);
    expect(curves.map((curve) => curve.label)).toEqual(["oracle", "tools · gpt-4o"]);
    expect(curves[0]?.points.map((point) => [point.faultRate, point.accuracy])).toEqual([[0, 1], [0.1, 0.8], [0.2, 0.6]]);
    expect(curves[0]?.points[2]?.interval?.low).toBeLessThan(0.6);
    expect(curves[0]?.points[2]?.sideEffectRate).toBe(0.1);
  });

  test("a reworded run is a curve of its own; the original wording keeps the plain label", () => {
    const curves = sweepCurves([{ ...run("oracle", 0, 10), phrasing: "original" }, { ...run("oracle", 0, 9), id: "a1", phrasing: "alt-1" }, { ...run("oracle", 0.1, 7), phrasing: "alt-1" }]);
    expect(curves.map((curve) => [curve.label, curve.points.map((point) => point.accuracy)])).toEqual([["oracle", [1]], ["oracle · alt-1", [0.9, 0.7]]]);
  });

  test("a run without verdicts yet has no accuracy", () => {
    expect(sweepCurves([run("noop", 0.1, 0, 0)])[0]?.points[0]).toMatchObject({ accuracy: null, interval: null, scored: 0 });
  });
});
