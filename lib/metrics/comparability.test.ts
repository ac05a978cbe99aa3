import { describe, expect, test } from "vitest";
import { comparability, pairIdenticalTasks, type RunIdentity } from "./comparability";

const official: RunIdentity = {
  datasetId: "d-official", datasetName: "WorkBench (workbench)", groundTruth: "v1", versionId: "v1-r1", versionRevision: 1, protocol: "2024", scoringRevision: "2024",
};

describe("comparability", () => {
  test("runs on different datasets are refused, naming both datasets", () => {
    const generated = { ...official, datasetId: "d-gen", datasetName: "Generated workplace (gen-s1-x1)" };
    const verdict = comparability(official, generated);
    expect(verdict.comparable).toBe(false);
    if (!verdict.comparable) expect(verdict.reason).toMatch(/different datasets.*WorkBench \(workbench\).*gen-s1-x1/);
  });

  test("same rules: no differences; each differing rule is named", () => {
    expect(comparability(official, { ...official })).toEqual({ comparable: true, differences: [] });
    const v2026 = { ...official, groundTruth: "v2026", versionId: "v2026-r1", protocol: "2026", scoringRevision: "2026-07" };
    expect(comparability(official, v2026)).toEqual({
      comparable: true,
      differences: ["ground truth v1 vs v2026", "protocol 2024 vs 2026", "scoring revision 2024 vs 2026-07"],
    });
    expect(comparability(official, { ...official, versionId: "v1-r2", versionRevision: 2 })).toEqual({
      comparable: true,
      differences: ["ground-truth revision r1 vs r2"],
    });
  });
});

describe("pairIdenticalTasks", () => {
  test("pairs by key only where the text is identical, and counts the rest", () => {
    const left = new Map([["a/1", { text: "x" }], ["a/2", { text: "y" }], ["a/3", { text: "z" }]]);
    const right = new Map([["a/1", { text: "x" }], ["a/2", { text: "y (revised)" }], ["a/4", { text: "w" }]]);
    const { pairs, textDiffers } = pairIdenticalTasks(left, right);
    expect(pairs.map((pair) => pair.key)).toEqual(["a/1"]);
    expect(textDiffers).toBe(1);
  });
});
