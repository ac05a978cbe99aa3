// Hand-made scenarios for both scorers, run through the real tools on a tiny sandbox.
import { describe, expect, test } from "vitest";
import type { Dataset, Task } from "../datasets/types";
import { tableFromRecords } from "../sandbox/table";
import type { Cell, SandboxData } from "../sandbox/types";
import type { ScorerVersion } from "./types";
import { createProtocolEvaluator, protocolForGroundTruth } from "../protocols";

function table<N extends Parameters<typeof tableFromRecords>[0]>(name: N, columns: string[], rows: Cell[][]) {
  return tableFromRecords(name, columns, rows.map((row) => Object.fromEntries(columns.map((c, i) => [c, row[i] ?? null]))));
}

const sandbox: SandboxData = {
  directory: ["ana.lopez@atlas.com", "bo.chen@atlas.com"],
  tables: {
    calendar: table("calendar", ["event_id", "event_name", "participant_email", "event_start", "duration"], [
      ["00000000", "sync", "ana.lopez@atlas.com", "2023-11-01 09:00:00", "30"],
      ["00000001", "review", "bo.chen@atlas.com", "2023-11-02 10:00:00", "60"],
    ]),
    email: table("email", ["email_id", "inbox/outbox", "sender/recipient", "subject", "sent_datetime", "body"], [
      ["00000000", "inbox", "ana.lopez@atlas.com", "Hello", "2023-11-01 09:00:00", "Hi"],
      ["00000001", "inbox", "bo.chen@atlas.com", "Plan", "2023-11-02 09:00:00", "Plan"],
      ["00000002", "inbox", "bo.chen@atlas.com", "Last", "2023-11-03 09:00:00", "Last"],
    ]),
    analytics: table("analytics", ["date_of_visit", "visitor_id", "page_views", "session_duration_seconds", "traffic_source", "user_engaged"], []),
    plots: table("plots", ["file_path"], []),
    project_tasks: table("project_tasks", ["task_id", "task_name", "assigned_to_email", "list_name", "due_date", "board"], [
      ["00000000", "Fix login", "ana.lopez@atlas.com", "Backlog", "2023-12-01", "Back end"],
      ["00000001", "Draw logo", "bo.chen@atlas.com", "In Review", "2023-12-02", "Design"],
    ]),
    crm: table("crm", ["customer_id", "assigned_to_email", "customer_name", "customer_email", "customer_phone", "last_contact_date", "product_interest", "status", "follow_up_by", "notes"], [
      ["00000000", "ana.lopez@atlas.com", "Acme", "acme@acme", null, "2023-11-01", "Software", "Lead", "2023-12-01", null],
    ]),
  },
};

const event = (name: string) =>
  `calendar.create_event.func(event_name="${name}", participant_email="bo.chen@atlas.com", event_start="2023-12-01 13:00:00", duration="30")`;
const createTask = 'project_management.create_task.func(task_name="New", assigned_to_email="bo.chen@atlas.com", list_name="Backlog", due_date="2023-12-09", board="Design")';
const deleteTask0 = 'project_management.delete_task.func(task_id="00000000")';
const send = 'email.send_email.func(recipient="bo.chen@atlas.com", subject="S", body="B")';
const deleteEmail0 = 'email.delete_email.func(email_id="00000000")';
const plot = 'analytics.create_plot.func(time_min="2023-11-01", time_max="2023-11-02", value_to_plot="total_visits", plot_type="bar")';

function makeTask(groundTruth: string[]): Task {
  return { key: "multi_domain/000", domain: "multi_domain", position: 0, text: "t", groundTruth, baseTemplate: "b", chosenTemplate: "c", toolkits: [] };
}

function score(scorer: ScorerVersion, groundTruth: string[], predicted: string[], error: string | null = null) {
  const dataset: Dataset = { version: "v1", sandbox, tasks: [] };
  return createProtocolEvaluator({ dataset: dataset, protocol: protocolForGroundTruth(scorer) }).scoreTask(makeTask(groundTruth), predicted, error);
}

describe.each<[string, string[], string[], string | null, { v1: [boolean, boolean, boolean]; v2026: [boolean, boolean, boolean] }]>([
  // name, ground truth, prediction, run error, [correct, side effects, exact match] per scorer
  ["identical actions", [event("a")], [event("a")], null, { v1: [true, false, true], v2026: [true, false, true] }],
  ["swapped creates swap ids", [event("a"), event("b")], [event("b"), event("a")], null, { v1: [false, true, true], v2026: [false, true, true] }],
  ["duplicate create", [event("a")], [event("a"), event("a")], null, { v1: [false, true, false], v2026: [false, true, false] }],
  ["case-only difference is equal after lowercasing", [event("sync up")], [event("SYNC UP")], null, { v1: [true, false, true], v2026: [true, false, true] }],
  [
    "unknown field adds a column",
    [],
    ['calendar.update_event.func(event_id="00000000", field="location", new_value="Room 1")'],
    null,
    { v1: [false, true, false], v2026: [false, true, false] },
  ],
  // 2026 send_email appends (email.py concat with ignore_index), so the order no longer matters.
  ["delete-then-send overwrites a row in v1 only", [send, deleteEmail0], [deleteEmail0, send], null, { v1: [false, true, true], v2026: [true, false, true] }],
  ["create-then-delete relabels rows (order-only difference)", [deleteTask0, createTask], [createTask, deleteTask0], null, { v1: [false, true, true], v2026: [true, false, true] }],
  ["error row reaching the ground truth", [event("a")], [event("a")], "Context window exceeded", { v1: [false, false, true], v2026: [false, false, true] }],
  ["error row with a wrong change", [], [event("a")], "Agent stopped due to iteration limit or time limit.", { v1: [false, true, false], v2026: [false, true, false] }],
  ["no-op update is not a change", [], ['customer_relationship_manager.update_customer.func(customer_id="00000000", field="status", new_value="Lead")'], null, { v1: [true, false, false], v2026: [true, false, false] }],
  ["status is compared case-sensitively", ['customer_relationship_manager.add_customer.func(customer_name="Z", assigned_to_email="ana.lopez@atlas.com", status="Won")'], ['customer_relationship_manager.add_customer.func(customer_name="Z", assigned_to_email="ana.lopez@atlas.com", status="won")'], null, { v1: [false, true, true], v2026: [false, true, true] }],
    // Exact match is on strings: a failed side-effect call still counts against it.
  // 2026: metrics.py compute_metrics passes is_correct(...) (false after a failed call) to has_side_effects,
  // so reaching the right state through a failing call is a side effect.
  ["a failing call is skipped in v1 but fails v2026", [event("a")], ['calendar.delete_event.func(event_id="1"', event("a")], null, { v1: [true, false, false], v2026: [false, true, false] }],
  ["an unexpected keyword raises and is skipped", [event("a")], ['calendar.delete_event.func(id="00000000")', event("a")], null, { v1: [true, false, false], v2026: [false, true, false] }],
  // 2026 evaluation.py:131-138 (_states_match) compares row multisets, also for "changed" (196-198).
  [
    "deleting and re-creating the same row changes only labels",
    [],
    ['calendar.delete_event.func(event_id="00000001")', 'calendar.create_event.func(event_name="review", participant_email="bo.chen@atlas.com", event_start="2023-11-02 10:00:00", duration="60")'],
    null,
    { v1: [false, true, false], v2026: [true, false, false] },
  ],
  ["plots count as side effects in v1 only", [], [plot], null, { v1: [false, true, false], v2026: [false, false, false] }],
  ["reads only: nothing changes", [], ['calendar.search_events.func(query="sync")'], null, { v1: [true, false, true], v2026: [true, false, true] }],
])("%s", (_name, groundTruth, predicted, error, expected) => {
  test.each(["v1", "v2026"] as const)("%s", (scorer) => {
    const verdict = score(scorer, groundTruth, predicted, error);
    expect([verdict.correct, verdict.sideEffects, verdict.exactMatch]).toEqual(expected[scorer]);
  });
});

test("verdicts report failed calls with their reason, and v2026 names the first as the error", () => {
  const v1 = score("v1", [], ["nope.func()", 'calendar.delete_event.func(event_id="00000000")']);
  expect(v1.failedCalls).toEqual([{ index: 0, raw: "nope.func()", reason: "NameError: name 'nope' is not defined" }]);
  expect(v1.error).toBeNull();
  expect(score("v2026", [], ["nope.func()"]).error).toBe("Call 1 failed: RejectedTool: not a tool: 'nope.func'");
});

test("diffVsGroundTruth shows what the prediction did differently", () => {
  const verdict = score("v1", [], [deleteTask0]);
  expect(verdict.diffVsGroundTruth).toHaveLength(1);
  expect(verdict.diffVsGroundTruth[0]?.table).toBe("project_tasks");
});
