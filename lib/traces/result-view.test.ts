import { describe, expect, test } from "vitest";
import { activeDiagnostics, buildCallViews } from "./result-view";

describe("buildCallViews", () => {
  const calls = ['email.delete_email.func(email_id="1")', 'email.nope.func(x="2")'];

  test("marks the failed calls by index", () => {
    expect(buildCallViews(calls, [{ index: 1, raw: calls[1], reason: "AttributeError: no tool email.nope" }])).toEqual([
      { index: 0, raw: calls[0], failure: null },
      { index: 1, raw: calls[1], failure: "AttributeError: no tool email.nope" },
    ]);
  });

  test.each([null, "bad", [{ index: "1" }]])("unreadable failedCalls %j mark nothing", (stored) => {
    expect(buildCallViews(calls, stored).every((call) => call.failure === null)).toBe(true);
  });
});

test.each([
  [null, []],
  [{ noActions: true, contextWindow: true }, ["No actions", "Context window exceeded"]],
  [{ wrongEmail: true, meetingStartTime: true, endDateOffByOne: false }, ["Wrong email address", "Meeting start time"]],
])("activeDiagnostics(%j)", (stored, labels) => {
  expect(activeDiagnostics(stored)).toEqual(labels);
});
