import { describe, expect, test } from "vitest";
import { diagnose, functionNameOf, isExactMatch } from "./diagnostics";

const meeting = (time: string) => `calendar.create_event.func(event_name="x", participant_email="a@atlas.com", event_start="2023-12-01 ${time}", duration="30")`;
const plot = (end: string) => `analytics.create_plot.func(time_min="2023-11-01", time_max="${end}", value_to_plot="total_visits", plot_type="bar")`;

describe("diagnose (Fig. 6 flags)", () => {
  test.each([
    ["no actions", [], [plot("2023-11-29")], null, { noActions: true }],
    ["wrong email: only @example addresses", ['email.send_email.func(recipient="ana@example.com", subject="s", body="b")'], [], null, { wrongEmail: true }],
    ["an @atlas address clears the wrong-email flag", ['x.y.func(a="ana@example.com", b="ana.lopez@atlas.com")'], [], null, {}],
    ["end date one day late", [plot("2023-11-30")], [plot("2023-11-29")], null, { endDateOffByOne: true }],
    ["end date needs every ground-truth action", [plot("2023-11-30")], [plot("2023-11-29"), plot("2023-11-29").replace("bar", "line")], null, {}],
    ["meeting at a common wrong time", [meeting("15:30:00")], [meeting("13:00:00")], null, { meetingStartTime: true }],
    ["meeting at an uncommon wrong time", [meeting("14:00:00")], [meeting("13:00:00")], null, {}],
    ["empty ground truth never flags the meeting time", [meeting("09:00:00")], [], null, {}],
    ["context window", [], [plot("2023-11-29")], "Context window exceeded", { noActions: true, contextWindow: true }],
    ["other errors are not the context window", [], [], "Agent stopped due to iteration limit or time limit.", { noActions: true }],
  ])("%s", (_name, predicted, groundTruth, error, flags) => {
    const none = { noActions: false, wrongEmail: false, endDateOffByOne: false, meetingStartTime: false, contextWindow: false };
    expect(diagnose(predicted, groundTruth, error, false)).toEqual({ ...none, ...flags });
  });

  test("a correct answer has no flags", () => {
    expect(Object.values(diagnose([], [], null, true)).some(Boolean)).toBe(false);
  });
});

describe("exact match", () => {
  test.each([
    ["order and case do not matter", [plot("B"), plot("a")], [plot("A"), plot("b")], true],
    ["read-only calls are ignored", ['calendar.search_events.func(query="x")', plot("a")], [plot("a")], true],
    ["argument order matters", ['email.delete_email.func(email_id="1", x="2")'], ['email.delete_email.func(x="2", email_id="1")'], false],
    ["a missing action fails", [], [plot("a")], false],
    ["real newlines are compared as \\n", ['email.send_email.func(body="a\nb")'], ['email.send_email.func(body="a\\nb")'], true],
  ])("%s", (_name, predicted, groundTruth, expected) => {
    expect(isExactMatch(predicted, groundTruth)).toBe(expected);
  });

  test.each([
    ['calendar.create_event.func(a="b")', "calendar.create_event"],
    ['email.send_email(a="x.y")', "email.send_email"],
    ["nope", "nope"],
  ])("functionNameOf(%s)", (call, name) => {
    expect(functionNameOf(call)).toBe(name);
  });
});
