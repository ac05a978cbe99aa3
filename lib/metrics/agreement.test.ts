import { expect, test } from "vitest";
import { compareVerdicts, type TaskVerdictPair } from "./agreement";

function makePair(key: string, a: boolean, b: boolean): TaskVerdictPair {
  return { key, domain: "email", text: key, a: { resultId: `a-${key}`, correct: a }, b: { resultId: `b-${key}`, correct: b } };
}

test("counts the 2×2 matrix and lists flips in key order", () => {
  const agreement = compareVerdicts([
    makePair("email/002", true, false),
    makePair("email/001", false, true),
    makePair("email/003", true, true),
    makePair("email/004", false, false),
    makePair("email/005", false, false),
  ]);
  expect(agreement).toMatchObject({ shared: 5, bothCorrect: 1, bothWrong: 2, onlyA: 1, onlyB: 1, agreementRate: 0.6 });
  expect(agreement.flipped.map((pair) => pair.key)).toEqual(["email/001", "email/002"]);
});

test("no shared tasks gives an empty comparison", () => {
  expect(compareVerdicts([])).toMatchObject({ shared: 0, agreementRate: 0, flipped: [] });
});
