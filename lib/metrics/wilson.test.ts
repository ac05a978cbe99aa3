import { describe, expect, test } from "vitest";
import fc from "fast-check";
import { ratio, wilsonInterval } from "./wilson";

describe("wilsonInterval", () => {
  test.each([
    // successes, n, low, high (reference values from the closed form, computed independently)
    [294, 690, 0.3896988, 0.4632936],
    [0, 10, 0, 0.2775328],
    [10, 10, 0.7224672, 1],
    [5, 10, 0.2365931, 0.7634069],
  ])("%i of %i", (successes, n, low, high) => {
    const interval = wilsonInterval(successes, n);
    expect(interval?.low).toBeCloseTo(low, 6);
    expect(interval?.high).toBeCloseTo(high, 6);
  });

  test("has no interval for an empty sample", () => {
    expect(wilsonInterval(0, 0)).toBeNull();
  });

  test("rejects impossible counts", () => {
    expect(() => wilsonInterval(11, 10)).toThrow(RangeError);
  });

  test("always contains the observed proportion and stays in [0, 1]", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.double({ min: 0, max: 1, noNaN: true }), (n, share) => {
        const successes = Math.round(share * n);
        const interval = wilsonInterval(successes, n);
        const p = successes / n;
        expect(interval).not.toBeNull();
        expect(interval!.low).toBeGreaterThanOrEqual(0);
        expect(interval!.high).toBeLessThanOrEqual(1);
        expect(interval!.low).toBeLessThanOrEqual(p + 1e-12);
        expect(interval!.high).toBeGreaterThanOrEqual(p - 1e-12);
      }),
    );
  });
});

test.each([
  [1, 2, 0.5],
  [0, 0, 0],
  [3, 3, 1],
])("ratio(%i, %i) = %d", (part, whole, expected) => {
  expect(ratio(part, whole)).toBe(expected);
});
