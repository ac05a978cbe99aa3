import { describe, expect, test } from "vitest";
import { tallyBy, tallyByActionCount, tallyResults, type ScoredResult } from "./summarize-results";

function makeResult(overrides: Partial<ScoredResult> = {}): ScoredResult {
  return {
    domain: "email",
    template: "Delete my last email from {name}",
    actionCount: 1,
    correct: false,
    sideEffects: false,
    exactMatch: false,
    error: null,
    ...overrides,
  };
}

describe("tallyResults", () => {
  test("counts each verdict and derives rates", () => {
    const tally = tallyResults([
      makeResult({ correct: true, exactMatch: true }),
      makeResult({ sideEffects: true }),
      makeResult({ error: "Context window exceeded" }),
      makeResult(),
    ]);
    expect(tally).toMatchObject({ n: 4, correct: 1, sideEffects: 1, exactMatch: 1, errors: 1 });
    expect(tally.accuracy).toBe(0.25);
    expect(tally.sideEffectRate).toBe(0.25);
    expect(tally.accuracyInterval?.low).toBeLessThan(0.25);
    expect(tally.accuracyInterval?.high).toBeGreaterThan(0.25);
  });

  test("an empty subset has zero rates and no interval", () => {
    expect(tallyResults([])).toMatchObject({ n: 0, accuracy: 0, accuracyInterval: null });
  });
});

test("tallyBy groups and sorts by key", () => {
  const groups = tallyBy(
    [
      makeResult({ domain: "email", correct: true }),
      makeResult({ domain: "calendar" }),
      makeResult({ domain: "email" }),
    ],
    (result) => result.domain,
  );
  expect(groups.map((group) => [group.key, group.n, group.correct])).toEqual([
    ["calendar", 1, 0],
    ["email", 2, 1],
  ]);
});

describe("tallyByActionCount", () => {
  const results = [
    makeResult({ actionCount: 0, correct: true }),
    makeResult({ actionCount: 1, correct: true }),
    makeResult({ actionCount: 2 }),
    makeResult({ actionCount: 3, correct: true }),
  ];
  test.each([
    ["0", 1, 1],
    ["1+", 3, 2],
    ["2+", 2, 1],
  ] as const)("bucket %s has %i results, %i correct", (bucket, n, correct) => {
    expect(tallyByActionCount(results)[bucket]).toMatchObject({ n, correct });
  });
});
