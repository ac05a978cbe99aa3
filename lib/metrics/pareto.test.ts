import { describe, expect, test } from "vitest";
import { paretoFrontier } from "./pareto";

describe("paretoFrontier", () => {
  test("keeps the points no other beats on both cost and accuracy, cheapest first", () => {
    const points = [
      { id: "cheap-weak", cost: 0.001, accuracy: 0.2 },
      { id: "dominated", cost: 0.01, accuracy: 0.15 },
      { id: "mid", cost: 0.01, accuracy: 0.5 },
      { id: "pricey-best", cost: 0.1, accuracy: 0.6 },
      { id: "pricey-worse", cost: 0.2, accuracy: 0.55 },
    ];
    expect(paretoFrontier(points)).toEqual(["cheap-weak", "mid", "pricey-best"]);
  });

  test("at equal cost only the most accurate; at equal accuracy only the cheapest", () => {
    const points = [
      { id: "a", cost: 1, accuracy: 0.5 },
      { id: "b", cost: 1, accuracy: 0.4 },
      { id: "c", cost: 2, accuracy: 0.5 },
    ];
    expect(paretoFrontier(points)).toEqual(["a"]);
  });

  test("unknown cost is never on the frontier", () => {
    const points = [
      { id: "unknown", cost: null, accuracy: 0.9 },
      { id: "known", cost: 0.5, accuracy: 0.3 },
    ];
    expect(paretoFrontier(points)).toEqual(["known"]);
    expect(paretoFrontier([])).toEqual([]);
  });
});
