import { describe, expect, test } from "vitest";
import { boardHasNoRuns, defaultBoardDataset, orderBoardDatasets } from "./board-dataset";

const official = { slug: "workbench", kind: "official", runs: 0 };
const gen1 = { slug: "gen-s1-x1", kind: "generated", runs: 0 };
const gen2 = { slug: "gen-s2-x1", kind: "generated", runs: 0 };

describe("the dataset a board opens on", () => {
  test("the official one when it has runs, whatever else has some", () => {
    expect(defaultBoardDataset([{ ...gen1, runs: 3 }, { ...official, runs: 1 }])).toBe("workbench");
  });

  test("else the first dataset with runs: the offline first start's workplace, not the empty official tab", () => {
    expect(defaultBoardDataset([official, gen2, { ...gen1, runs: 1 }])).toBe("gen-s1-x1");
    expect(defaultBoardDataset([gen1, { ...gen2, runs: 2 }])).toBe("gen-s2-x1");
  });

  test("with no runs anywhere: the official one if imported, else the first generated; none without datasets", () => {
    expect(defaultBoardDataset([gen2, official, gen1])).toBe("workbench");
    expect(defaultBoardDataset([gen2, gen1])).toBe("gen-s1-x1");
    expect(defaultBoardDataset([])).toBeUndefined();
  });

  test("tabs: the official one first, then generated workplaces by slug", () => {
    expect(orderBoardDatasets([gen2, gen1, official]).map((dataset) => dataset.slug)).toEqual(["workbench", "gen-s1-x1", "gen-s2-x1"]);
  });
});

describe("a board with nothing to show", () => {
  test("no counted run: empty, unless test runs are asked for and there are some", () => {
    expect(boardHasNoRuns({ runs: 0, testRuns: 2 }, false)).toBe(true);
    expect(boardHasNoRuns({ runs: 0, testRuns: 2 }, true)).toBe(false);
    expect(boardHasNoRuns({ runs: 0, testRuns: 0 }, true)).toBe(true);
    expect(boardHasNoRuns({ runs: 1, testRuns: 0 }, false)).toBe(false);
  });
});
