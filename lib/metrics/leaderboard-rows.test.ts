import { describe, expect, test } from "vitest";
import { sortLeaderboard, toLeaderboardRow, type LeaderboardCounts, type LeaderboardSort } from "./leaderboard-rows";

function makeCounts(overrides: Partial<LeaderboardCounts> = {}): LeaderboardCounts {
  return {
    id: "run",
    name: "run",
    agent: "recorded",
    provider: null,
    model: "gpt-4",
    toolSet: "all",
    dataset: "workbench",
    groundTruth: "v1",
    versionRevision: 1,
    protocol: "2024",
    scoringRevision: "2024",
    source: "imported",
    createdAt: new Date("2024-03-21T00:00:00Z"),
    tokens: 0,
    costUsd: 0,
    n: 690,
    correct: 294,
    sideEffects: 177,
    exactMatch: 265,
    zeroN: 122,
    zeroCorrect: 92,
    onePlusN: 568,
    onePlusCorrect: 202,
    twoPlusN: 152,
    twoPlusCorrect: 28,
    ...overrides,
  };
}

describe("toLeaderboardRow", () => {
  test("provider failures stay out of the rates and are reported with their share of the verdicts", () => {
    const row = toLeaderboardRow(makeCounts({ source: "launched", done: 700, providerFailures: 10, n: 690 }));
    expect(row).toMatchObject({ done: 700, providerFailures: 10, n: 690 });
    expect(row.providerShare).toBeCloseTo(10 / 700, 12);
    expect(row.accuracy).toBeCloseTo(294 / 690, 12);
    expect(toLeaderboardRow(makeCounts())).toMatchObject({ done: 690, providerFailures: 0, providerShare: 0 });
  });

  test("derives the paper's rates from counts (GPT-4, all tools, v1)", () => {
    const row = toLeaderboardRow(makeCounts());
    expect(row.accuracy).toBeCloseTo(0.4261, 4);
    expect(row.sideEffectRate).toBeCloseTo(0.2565, 4);
    expect(row.zeroAction).toBeCloseTo(0.7541, 4);
    expect(row.onePlus).toBeCloseTo(0.3556, 4);
    expect(row.twoPlus).toBeCloseTo(0.1842, 4);
    expect(row.accuracyInterval?.low).toBeCloseTo(0.3897, 4);
  });

  test("labels model-less agents by agent and survives empty buckets", () => {
    const row = toLeaderboardRow(makeCounts({ model: null, agent: "oracle", zeroN: 0, zeroCorrect: 0 }));
    expect(row.label).toBe("oracle");
    expect(row.zeroAction).toBe(0);
  });
});

describe("sortLeaderboard", () => {
  const rows = [
    toLeaderboardRow(makeCounts({ id: "a", model: "claude-2", correct: 169, tokens: 10 })),
    toLeaderboardRow(makeCounts({ id: "b", model: "gpt-4", correct: 294, tokens: 5 })),
    toLeaderboardRow(makeCounts({ id: "c", model: "mistral-8x7B", correct: 108, tokens: 20 })),
  ];
  test.each<[LeaderboardSort, "asc" | "desc", string[]]>([
    ["accuracy", "desc", ["b", "a", "c"]],
    ["accuracy", "asc", ["c", "a", "b"]],
    ["tokens", "desc", ["c", "a", "b"]],
    ["model", "asc", ["a", "b", "c"]],
  ])("by %s %s", (sort, direction, ids) => {
    expect(sortLeaderboard(rows, sort, direction).map((row) => row.id)).toEqual(ids);
  });

  test("ties fall back to the label", () => {
    const tied = [toLeaderboardRow(makeCounts({ id: "z", model: "zeta" })), toLeaderboardRow(makeCounts({ id: "y", model: "alpha" }))];
    expect(sortLeaderboard(tied, "accuracy", "desc").map((row) => row.id)).toEqual(["y", "z"]);
  });
});
