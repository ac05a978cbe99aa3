import { describe, expect, test } from "vitest";
import { errorBreakdown, parseDiagnostics, type DiagnosedResult, type ErrorBreakdown } from "./error-breakdown";

function makeDiagnosed(
  overrides: { correct?: boolean; sideEffects?: boolean } & Partial<DiagnosedResult["diagnostics"]> = {},
): DiagnosedResult {
  const { correct = false, sideEffects = false, ...flags } = overrides;
  return { correct, sideEffects, diagnostics: { ...parseDiagnostics(null), ...flags } };
}

describe("parseDiagnostics", () => {
  test.each([
    [null, false],
    ["garbage", false],
    [{ noActions: true }, true],
    [{ noActions: "yes" }, false],
  ])("reads %j", (stored, noActions) => {
    expect(parseDiagnostics(stored).noActions).toBe(noActions);
  });
});

describe("errorBreakdown follows calculate_metrics", () => {
  test.each<[string, DiagnosedResult, Partial<ErrorBreakdown>]>([
    ["no actions without side effects", makeDiagnosed({ noActions: true }), { withoutSideEffects: 1, noActions: 1 }],
    ["correct results are never errors", makeDiagnosed({ correct: true, wrongEmail: true }), { withoutSideEffects: 0, wrongEmailNoSideEffects: 0 }],
    ["wrong email with side effects", makeDiagnosed({ sideEffects: true, wrongEmail: true }), { withSideEffects: 1, wrongEmailWithSideEffects: 1 }],
    [
      "wrong email + end date on the side-effect branch is neither",
      makeDiagnosed({ sideEffects: true, wrongEmail: true, endDateOffByOne: true }),
      { wrongEmailWithSideEffects: 0, endDateWithSideEffects: 0 },
    ],
    ["end date with side effects", makeDiagnosed({ sideEffects: true, endDateOffByOne: true }), { endDateWithSideEffects: 1 }],
    [
      "meeting start wins over wrong email with side effects",
      makeDiagnosed({ sideEffects: true, meetingStartTime: true, wrongEmail: true }),
      { meetingStartWithSideEffects: 1, wrongEmailWithSideEffects: 0 },
    ],
    ["meeting start without side effects", makeDiagnosed({ meetingStartTime: true }), { meetingStartNoSideEffects: 1 }],
    ["context window counted whatever the verdict", makeDiagnosed({ contextWindow: true }), { contextWindow: 1 }],
  ])("%s", (_name, result, expected) => {
    expect(errorBreakdown([result])).toMatchObject(expected);
  });
});
