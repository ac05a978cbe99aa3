import { describe, expect, test } from "vitest";
import { createSandbox } from "./sandbox";
import { diffStates } from "./diff";
import { fixtureSandboxData } from "../test-support/fixture-sandbox";
import { executeCall } from "../tools";

function diffAfter(calls: [string, Record<string, string>][]) {
  const sandbox = createSandbox(fixtureSandboxData());
  const before = sandbox.snapshot();
  for (const [tool, args] of calls) executeCall(sandbox, { tool, args, raw: tool });
  return diffStates(before, sandbox.snapshot());
}

describe("diffStates", () => {
  test("identical states have no differences (and reference-equal tables are skipped)", () => {
    const data = fixtureSandboxData();
    expect(diffStates(data.tables, data.tables)).toEqual([]);
  });

  test("a read-only call changes nothing", () => {
    expect(diffAfter([["calendar.search_events", { query: "sync" }]])).toEqual([]);
  });

  test("inserted, deleted and changed rows by key column", () => {
    const diff = diffAfter([
      ["calendar.create_event", { event_name: "x", participant_email: "A@b.com", event_start: "2023-12-01 10:00:00", duration: "30" }],
      ["calendar.delete_event", { event_id: "00000013" }],
      ["calendar.update_event", { event_id: "00000002", field: "duration", new_value: "45" }],
    ]);
    expect(diff).toHaveLength(1);
    const calendar = diff[0]!;
    expect(calendar.table).toBe("calendar");
    expect(calendar.inserted.map((row) => row.event_id)).toEqual(["00000276"]);
    expect(calendar.deleted.map((row) => row.event_id)).toEqual(["00000013"]);
    expect(calendar.changed).toEqual([
      expect.objectContaining({ key: "00000002", columns: ["duration"], after: expect.objectContaining({ duration: "45" }) }),
    ]);
  });

  test("plots are compared by position", () => {
    const diff = diffAfter([
      ["analytics.create_plot", { time_min: "2023-11-01", time_max: "2023-11-02", value_to_plot: "total_visits", plot_type: "bar" }],
    ]);
    expect(diff).toEqual([
      { table: "plots", inserted: [{ file_path: "plots/2023-11-01_2023-11-02_total_visits_bar.png" }], deleted: [], changed: [] },
    ]);
  });

  test("an unknown-field update shows the new column as changed", () => {
    const diff = diffAfter([["calendar.update_event", { event_id: "00000002", field: "location", new_value: "Room 1" }]]);
    expect(diff[0]?.changed[0]?.columns).toEqual(["location"]);
  });

  test("tables touched but equal in content report nothing", () => {
    const diff = diffAfter([["calendar.update_event", { event_id: "00000002", field: "duration", new_value: "30" }]]);
    expect(diff).toEqual([]);
  });
});
