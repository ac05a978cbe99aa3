import { describe, expect, test } from "vitest";
import type { TaskVerdictPair } from "./agreement";
import { domainDeltas, regressionsFirst } from "./paired-comparison";

const pair = (key: string, a: boolean, b: boolean): TaskVerdictPair => ({
  key, domain: key.split("/")[0] ?? "", text: key, a: { resultId: `a-${key}`, correct: a }, b: { resultId: `b-${key}`, correct: b },
});

describe("domainDeltas", () => {
  test("per-domain accuracy, delta B − A, interval and McNemar p", () => {
    const pairs = [
      ...Array.from({ length: 9 }, (_, i) => pair(`email/${i}`, false, true)),
      pair("email/9", true, false),
      pair("crm/1", true, true),
      pair("crm/2", false, false),
    ];
    const { domains, overall } = domainDeltas(pairs);
    expect(domains.map((row) => row.domain)).toEqual(["crm", "email"]);
    const email = domains[1];
    expect(email).toMatchObject({ shared: 10, onlyA: 1, onlyB: 9, accuracyA: 0.1, accuracyB: 0.9 });
    expect(email?.delta).toBeCloseTo(0.8, 10);
    expect(email?.pValue).toBeCloseTo(0.021484375, 12);
    expect(email?.interval?.low).toBeGreaterThan(0);
    expect(domains[0]).toMatchObject({ delta: 0, pValue: 1 });
    expect(overall).toMatchObject({ domain: "all", shared: 12, onlyA: 1, onlyB: 9 });
  });
});

test("regressions (right in A only) come first", () => {
  const ordered = regressionsFirst([pair("email/1", false, true), pair("email/3", true, false), pair("email/2", true, false)]);
  expect(ordered.map((row) => row.key)).toEqual(["email/2", "email/3", "email/1"]);
});
