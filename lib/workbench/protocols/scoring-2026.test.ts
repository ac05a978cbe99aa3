// The 2026 scoring rules against the 2024 ones on hand-made predictions, through the real tools and
// parsers of each protocol. Each row names the line of olly-styles/WorkBench (at f7bed57) it follows.
import { describe, expect, test } from "vitest";
import type { Dataset, Task } from "../datasets/types";
import { fixtureSandboxData } from "../test-support/fixture-sandbox";
import { createProtocolEvaluator, type ProtocolId, type ScoringRevision } from ".";

const dataset: Dataset = { version: "v2026", sandbox: fixtureSandboxData(), tasks: [] };
const task = (groundTruth: string[]): Task => ({
  key: "multi_domain/000", domain: "multi_domain", position: 0, text: "t", groundTruth, baseTemplate: "b", chosenTemplate: "c", toolkits: [],
});
function verdict(protocol: ProtocolId, revision: ScoringRevision | undefined, groundTruth: string[], predicted: string[], error: string | null = null) {
  const v = createProtocolEvaluator({ protocol, revision, dataset }).scoreTask(task(groundTruth), predicted, error);
  return [v.correct, v.sideEffects, v.exactMatch];
}

const event = (name: string, extra = "") =>
  `calendar.create_event.func(event_name="${name}", participant_email="luis.ortiz@atlas.com", event_start="2023-12-05 13:00:00", duration="30"${extra})`;
const plot = (end: string) => `analytics.create_plot.func(time_min="2023-11-01", time_max="${end}", value_to_plot="total_visits", plot_type="bar")`;
const send = 'email.send_email.func(recipient="luis.ortiz@atlas.com", subject="S", body="B")';

describe.each<[string, string, string[], string[], { "2024": boolean[]; "2026": boolean[] }]>([
  // name, upstream line, ground truth, prediction, [correct, side effects, exact match] per protocol
  [
    "reaching the right state through a failing call is a side effect",
    "metrics.py:170-172 (correct_state passed to has_side_effects), evaluation.py:166",
    [event("a")],
    ['calendar.delete_event.func(event_id="1"', event("a")],
    { "2024": [true, false, false], "2026": [false, true, false] },
  ],
  [
    "a failing read-only call fails the task (a sent email's Timestamp is not JSON)",
    "actions.py:85-93, _utils.py:38",
    [send],
    [send, 'email.get_email_information_by_id.func(email_id="00000500", field="sent_datetime")'],
    { "2024": [true, false, true], "2026": [false, true, true] },
  ],
  [
    "a failing call with no change is no side effect",
    "evaluation.py:196-199",
    [],
    ["calendar.no_such_tool.func()"],
    { "2024": [true, false, true], "2026": [false, false, true] },
  ],
  [
    "plots are never a side effect",
    "evaluation.py:14 (SIDE_EFFECT_STATE_FIELDS)",
    [],
    [plot("2023-11-29")],
    { "2024": [false, true, false], "2026": [false, false, false] },
  ],
  [
    "a call without .func runs",
    "actions.py:42",
    [event("a")],
    [event("a").replace(".func(", "(")],
    { "2024": [false, false, false], "2026": [true, false, false] },
  ],
  [
    "a non-string value runs as its str()",
    "actions.py:55-56",
    [event("a")],
    [event("a").replace('duration="30"', "duration=30")],
    { "2024": [false, false, false], "2026": [true, false, false] },
  ],
  [
    "send then delete equals delete then send (send_email appends)",
    "email.py:134",
    [send, 'email.delete_email.func(email_id="00000373")'],
    ['email.delete_email.func(email_id="00000373")', send],
    { "2024": [false, true, true], "2026": [true, false, true] },
  ],
  [
    "columns are compared in order",
    "evaluation.py:131",
    [
      'calendar.update_event.func(event_id="00000013", field="room", new_value="A")',
      'calendar.update_event.func(event_id="00000013", field="floor", new_value="2")',
    ],
    [
      'calendar.update_event.func(event_id="00000013", field="floor", new_value="2")',
      'calendar.update_event.func(event_id="00000013", field="room", new_value="A")',
    ],
    { "2024": [false, true, true], "2026": [false, true, true] },
  ],
  [
    "a run error fails the task but side effects ignore it",
    "metrics.py:171-172",
    [event("a")],
    [event("b")],
    { "2024": [false, true, false], "2026": [false, true, false] },
  ],
])("%s (%s)", (_name, _upstream, groundTruth, predicted, expected) => {
  test.each(["2024", "2026"] as const)("%s", (protocol) => {
    expect(verdict(protocol, undefined, groundTruth, predicted)).toEqual(expected[protocol]);
  });
});

describe("the chart end-date amendment (upstream pull request #55)", () => {
  test.each<[string, string[], string[], { "2026-06": boolean[]; "2026-07": boolean[] }]>([
    ["a plot ending on 2023-11-30 passes for one ending on 2023-11-29 from 2026-07", [plot("2023-11-29")], [plot("2023-11-30")], { "2026-06": [false, false, false], "2026-07": [true, false, false] }],
    ["the end date is the only date aliased", [plot("2023-11-29")], [plot("2023-11-29").replace('time_min="2023-11-01"', 'time_min="2023-11-30"')], { "2026-06": [false, false, false], "2026-07": [false, false, false] }],
    ["other end dates are still wrong", [plot("2023-11-29")], [plot("2023-11-28")], { "2026-06": [false, false, false], "2026-07": [false, false, false] }],
    [
      "the rest of the state is still compared",
      [plot("2023-11-29"), send],
      [plot("2023-11-30")],
      { "2026-06": [false, false, false], "2026-07": [false, false, false] },
    ],
  ])("%s", (_name, groundTruth, predicted, expected) => {
    expect(verdict("2026", "2026-06", groundTruth, predicted)).toEqual(expected["2026-06"]);
    expect(verdict("2026", "2026-07", groundTruth, predicted)).toEqual(expected["2026-07"]);
  });
});
