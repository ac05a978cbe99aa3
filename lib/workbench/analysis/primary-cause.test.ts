import { describe, expect, test } from "vitest";
import { CONTEXT_WINDOW_MESSAGE, ITERATION_LIMIT_MESSAGE } from "../core/v1-error-wording";
import { countPrimaryCauses, PRIMARY_CAUSE_RULES, primaryCause, primaryCauseWith, type WrongAnswer } from "./primary-cause";

const send = (to: string) => `email.send_email.func(recipient="${to}", subject="Hi", body="Hello")`;
const del = (id: string) => `calendar.delete_event.func(event_id="${id}")`;
const search = `calendar.search_events.func(query="nadia")`;
const plot = (end: string) => `analytics.create_plot.func(time_min="2023-11-01", time_max="${end}", value_to_plot="total_visits", plot_type="bar")`;

function wrong(overrides: Partial<WrongAnswer>): WrongAnswer {
  return { correct: false, error: null, errorKind: null, predicted: [search], groundTruth: [del("00000035")], ...overrides };
}

// One planted wrong answer per rule, each also meeting the conditions of later rules where it can,
// so the order is what decides.
const planted: Record<string, WrongAnswer> = {
  context_window: wrong({ error: CONTEXT_WINDOW_MESSAGE, predicted: [] }),
  step_limit: wrong({ error: ITERATION_LIMIT_MESSAGE, predicted: [search, del("00000196")] }),
  react_format: wrong({ error: "An output parsing error occurred. In order to pass this error back to the agent…", predicted: [] }),
  run_error: wrong({ error: "'<' not supported between instances of 'str' and 'Timestamp'", predicted: [search] }),
  // A faulted task that then made no call (it gave up): the fault comes first.
  after_injected_fault: wrong({ predicted: [], injectedFaults: 1 }),
  no_action: wrong({ predicted: [] }),
  end_date_off_by_one: wrong({
    predicted: [plot("2023-11-30")],
    groundTruth: [plot("2023-11-29")],
    diagnostics: { endDateOffByOne: true },
  }),
  wrong_target: wrong({ predicted: [search, del("00000196")] }),
  wrong_value: wrong({
    predicted: [send("fatima@example.com")],
    groundTruth: [send("fatima.khan@atlas.com")],
    diagnostics: { wrongEmail: true },
  }),
  extra_write: wrong({ predicted: [del("00000035"), del("00000036")] }),
  missing_write: wrong({ predicted: [search], groundTruth: [del("00000035"), send("sam@atlas.com")] }),
  other: wrong({ predicted: [del("00000035")] }),
};

describe("primaryCause", () => {
  test("every rule has a planted answer, and 'other' is the last rule", () => {
    expect(Object.keys(planted)).toEqual(PRIMARY_CAUSE_RULES.map((rule) => rule.id));
    expect(PRIMARY_CAUSE_RULES.at(-1)?.id).toBe("other");
  });

  test.each(Object.entries(planted))("a planted %s answer gets that cause", (id, answer) => {
    expect(primaryCause(answer)).toBe(id);
  });

  test("a correct answer has no cause", () => {
    expect(primaryCause({ ...planted.other!, correct: true })).toBeNull();
  });

  test("a wrong value without Fig. 6 tag: same tool, same record, another value", () => {
    const update = (value: string) => `project_management.update_task.func(task_id="00000010", field="board", new_value="${value}")`;
    expect(primaryCause(wrong({ predicted: [update("Design")], groundTruth: [update("Back end")] }))).toBe("wrong_value");
  });

  // Near misses: an answer that looks like the rule's case but is not what its description says.
  const searchEmails = (query: string) => `email.search_emails.func(query="${query}")`;
  const update = (id: string, value: string) => `project_management.update_task.func(task_id="${id}", field="board", new_value="${value}")`;
  test.each<[string, WrongAnswer, string]>([
    // The Fig. 6 wrong-email tag fires on a guessed @example address in any call: a search writes nothing.
    ["a guessed @example address in a search, no write: the write is missing", wrong({ predicted: [searchEmails("fatima@example.com")], groundTruth: [send("fatima.khan@atlas.com")], diagnostics: { wrongEmail: true } }), "missing_write"],
    ["the meeting-time tag without a write made (the call raised)", wrong({ predicted: [send("fatima@example.com")], groundTruth: [send("fatima.khan@atlas.com")], diagnostics: { wrongEmail: true, meetingStartTime: true }, failedCallIndexes: [0] }), "missing_write"],
    ["a write of another tool than the ground truth's", wrong({ predicted: [del("00000035")], groundTruth: [send("sam@atlas.com")] }), "extra_write"],
    ["the end-date tag stored, but no 2023-11-30 call made", wrong({ predicted: [search], groundTruth: [plot("2023-11-29")], diagnostics: { endDateOffByOne: true } }), "missing_write"],
    ["the 2023-11-30 call raised: not written", wrong({ predicted: [plot("2023-11-30")], groundTruth: [plot("2023-11-29")], failedCallIndexes: [0] }), "missing_write"],
    // Two missing updates; the extra addresses one of their records with another value: not another record.
    ["a write to one of the expected records with another value", wrong({ predicted: [update("00000010", "Design")], groundTruth: [update("00000005", "Back end"), update("00000010", "Back end")] }), "wrong_value"],
  ])("%s", (_, answer, cause) => {
    expect(primaryCause(answer)).toBe(cause);
  });

  test("a 'wrong value' answer always made a write of a ground-truth tool that the ground truth lacks", () => {
    // Every planted answer and near miss above, re-checked by the description directly.
    const tool = (call: string) => call.slice(0, call.indexOf(".func("));
    for (const answer of Object.values(planted)) {
      if (primaryCause(answer) !== "wrong_value") continue;
      const skipped = new Set(answer.failedCallIndexes ?? []);
      const made = answer.predicted.filter((call, index) => !skipped.has(index) && !answer.groundTruth.includes(call));
      expect(made.some((call) => answer.groundTruth.some((truth) => tool(truth) === tool(call)))).toBe(true);
    }
  });

  test("calls the scorer skipped (raised) are not writes: the write is missing", () => {
    expect(primaryCause(wrong({ predicted: [del("00000035")], failedCallIndexes: [0] }))).toBe("missing_write");
  });

  test("counts sum to the wrong answers, every rule listed in order", () => {
    const answers = [...Object.values(planted), { ...planted.other!, correct: true }];
    const counts = countPrimaryCauses(answers);
    expect(counts.map((c) => c.id)).toEqual(PRIMARY_CAUSE_RULES.map((rule) => rule.id));
    expect(counts.every((c) => c.count === 1)).toBe(true);
    expect(counts.reduce((sum, c) => sum + c.count, 0)).toBe(answers.length - 1);
  });

  test("a clean run's answers never get the injected-fault cause (no faults: the rule never holds)", () => {
    for (const [id, answer] of Object.entries(planted)) if (id !== "after_injected_fault") expect(primaryCause({ ...answer, injectedFaults: 0 })).toBe(id);
  });

  test("a rule added in front takes precedence (rules are data)", () => {
    const injected = { id: "after_fault", label: "After an injected fault", description: "", holds: () => true };
    expect(primaryCauseWith([injected, ...PRIMARY_CAUSE_RULES], planted.no_action!)).toBe("after_fault");
  });
});
