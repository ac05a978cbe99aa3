// Property tests over random tool-call sequences on the fixture sandbox: the trace diff agrees with
// the scorer's raw comparison, v2026 forgives reordering independent writes (v1 does not always),
// and copy-on-write never touches the shared initial tables.
import { describe, expect, test } from "vitest";
import fc from "fast-check";
import { createSandbox } from "../sandbox/sandbox";
import { diffStates } from "../sandbox/diff";
import type { SandboxData, SandboxState } from "../sandbox/types";
import { fixtureSandboxData } from "../test-support/fixture-sandbox";
import { executeCall } from "../tools";
import { formatCall, parseCall } from "../calls";
import type { Dataset, Task } from "../datasets/types";
import { statesEqual } from "./compare-tables";
import { createProtocolEvaluator } from "../protocols";

type Args = Record<string, string>;
const text = fc.oneof(fc.constantFrom("", "Sync", "sync", "x@atlas.com", "Backlog", "Design", "Lead", "30"), fc.string({ maxLength: 6 }));
const id = fc.constantFrom("00000013", "00000275", "00000002", "00000373", "00000499", "00000436", "00000149", "00000299", "00000189", "00000107", "500", "13");
const field = fc.constantFrom("event_name", "duration", "participant_email", "subject", "task_name", "list_name", "board", "status", "notes", "unknown");

/** Side-effect calls (and a read) with plausible and odd arguments. */
const callArb: fc.Arbitrary<[string, Args]> = fc.oneof(
  fc.record({ event_id: id, field, new_value: text }).map((a) => ["calendar.update_event", a] as [string, Args]),
  fc.record({ event_id: id }).map((a) => ["calendar.delete_event", a] as [string, Args]),
  fc.record({ event_name: text, participant_email: text, event_start: fc.constantFrom("2023-12-01 10:00:00", "x"), duration: text }).map((a) => ["calendar.create_event", a] as [string, Args]),
  fc.record({ recipient: fc.constantFrom("a@b.com", "bad", "X@Y.org"), subject: text, body: text }).map((a) => ["email.send_email", a] as [string, Args]),
  fc.record({ email_id: id }).map((a) => ["email.delete_email", a] as [string, Args]),
  fc.record({ email_id: id, body: text }).map((a) => ["email.reply_email", a] as [string, Args]),
  fc.record({ time_min: text, time_max: text, value_to_plot: fc.constantFrom("total_visits", "user_engaged", "direct"), plot_type: fc.constantFrom("bar", "line", "pie") }).map((a) => ["analytics.create_plot", a] as [string, Args]),
  fc.record({ task_id: id, field, new_value: text }).map((a) => ["project_management.update_task", a] as [string, Args]),
  fc.record({ task_id: id }).map((a) => ["project_management.delete_task", a] as [string, Args]),
  fc.record({ customer_id: id, field, new_value: text }).map((a) => ["customer_relationship_manager.update_customer", a] as [string, Args]),
  fc.record({ customer_name: text, assigned_to_email: text, status: text }).map((a) => ["customer_relationship_manager.add_customer", a] as [string, Args]),
  fc.record({ customer_id: id }).map((a) => ["customer_relationship_manager.delete_customer", a] as [string, Args]),
  fc.record({ query: text }).map((a) => ["calendar.search_events", a] as [string, Args]),
);

function run(data: SandboxData, calls: readonly [string, Args][]): SandboxState {
  const sandbox = createSandbox(data);
  for (const [tool, args] of calls) executeCall(sandbox, { tool, args, raw: "" });
  return sandbox.snapshot();
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

describe("state properties over random call sequences", () => {
  test("(b) diffStates is empty iff the states are equal under the raw ordered comparison", () => {
    const data = fixtureSandboxData();
    fc.assert(
      fc.property(fc.array(callArb, { maxLength: 6 }), fc.array(callArb, { maxLength: 6 }), (first, second) => {
        const a = run(data, first);
        const b = run(data, [...first, ...second]);
        expect(diffStates(a, b).length === 0).toBe(statesEqual(a, b, "ordered-raw"));
      }),
      { numRuns: 400 },
    );
  });

  test("(d) copy-on-write never mutates the (deep-frozen) initial tables", () => {
    const data = deepFreeze(fixtureSandboxData());
    const pristine = JSON.stringify(fixtureSandboxData());
    fc.assert(
      fc.property(fc.array(callArb, { maxLength: 10 }), (calls) => {
        run(data, calls);
        expect(JSON.stringify(data)).toBe(pristine);
      }),
      { numRuns: 300 },
    );
  });
});

describe("(c) v2026 forgives reordering independent writes; v1 compares order", () => {
  const data = fixtureSandboxData();
  const dataset: Dataset = { version: "v2026", sandbox: data, tasks: [] };
  const v1 = createProtocolEvaluator({ dataset: dataset, protocol: "2024", execute: executeCall });
  const v2026 = createProtocolEvaluator({ dataset: dataset, protocol: "2026", execute: executeCall });
  // Independent writes: updates of distinct rows (one per id) and plots, which only append.
  const updates = [
    ["calendar.update_event", { event_id: "00000013", field: "event_name", new_value: "Renamed" }],
    ["calendar.update_event", { event_id: "00000100", field: "duration", new_value: "45" }],
    ["project_management.update_task", { task_id: "00000149", field: "list_name", new_value: "Completed" }],
    ["customer_relationship_manager.update_customer", { customer_id: "00000107", field: "status", new_value: "Won" }],
    ["analytics.create_plot", { time_min: "2023-11-01", time_max: "2023-11-02", value_to_plot: "total_visits", plot_type: "bar" }],
    ["analytics.create_plot", { time_min: "2023-11-01", time_max: "2023-11-03", value_to_plot: "user_engaged", plot_type: "line" }],
    ["email.delete_email", { email_id: "00000373" }],
  ] as const;
  const calls = updates.map(([tool, args]) => formatCall(tool, args));
  const task: Task = { key: "x/000", domain: "multi_domain", position: 0, text: "", groundTruth: calls, baseTemplate: "", chosenTemplate: "", toolkits: [] };
  const plotsOf = (list: readonly string[]) => list.filter((call) => call.startsWith("analytics.create_plot"));

  test("every permutation is v2026-correct; v1-correct exactly when the plots keep their order", () => {
    fc.assert(
      fc.property(fc.shuffledSubarray(calls, { minLength: calls.length, maxLength: calls.length }), (permuted) => {
        expect(v2026.scoreTask(task, permuted, null).correct).toBe(true);
        expect(v1.scoreTask(task, permuted, null).correct).toBe(plotsOf(permuted).join() === plotsOf(calls).join());
      }),
      { numRuns: 200 },
    );
  });

  test("every call in the set parses back to what was formatted", () => {
    for (const [index, raw] of calls.entries()) {
      const parsed = parseCall(raw);
      expect(parsed.ok && parsed.call.args).toEqual(updates[index]?.[1]);
    }
  });
});
