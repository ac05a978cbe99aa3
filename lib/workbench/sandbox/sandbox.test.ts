import { describe, expect, test } from "vitest";
import { createSandbox } from "./sandbox";
import { concatRow, deleteWhere, setRowAtLabel, tableFromRecords, updateWhere, maxString, cellFromCsv } from "./table";
import { fixtureSandboxData } from "../test-support/fixture-sandbox";
import { realSandboxData } from "../test-support/real-sandbox";
import { executeCall } from "../tools";

const call = (tool: string, args: Record<string, string>) => ({ tool, args, raw: tool });

describe("copy-on-write sandbox", () => {
  test("a fresh sandbox shares every table with the initial data", () => {
    const data = realSandboxData();
    const sandbox = createSandbox(data);
    for (const name of Object.keys(data.tables) as (keyof typeof data.tables)[]) {
      expect(sandbox.state[name]).toBe(data.tables[name]);
    }
  });

  test("a write replaces only that table and never leaks into another sandbox or the data", () => {
    const data = realSandboxData();
    const a = createSandbox(data);
    const b = createSandbox(data);
    const before = a.snapshot();
    expect(executeCall(a, call("calendar.delete_event", { event_id: "00000013" })).ok).toBe(true);
    expect(a.state.calendar).not.toBe(data.tables.calendar);
    expect(a.state.calendar.rows).toHaveLength(299);
    expect(a.state.email).toBe(data.tables.email);
    expect(b.state.calendar).toBe(data.tables.calendar);
    expect(data.tables.calendar.rows).toHaveLength(300);
    expect(before.calendar.rows).toHaveLength(300); // snapshots are immutable values
  });

  test("untouched rows are shared between the old and new table", () => {
    const data = fixtureSandboxData();
    const sandbox = createSandbox(data);
    executeCall(sandbox, call("calendar.update_event", { event_id: "00000002", field: "duration", new_value: "45" }));
    expect(sandbox.state.calendar.rows[0]).toBe(data.tables.calendar.rows[0]);
    expect(sandbox.state.calendar.rows[2]).not.toBe(data.tables.calendar.rows[2]);
  });
});

describe("generic table operations", () => {
  const base = tableFromRecords("project_tasks", ["id", "v"], [
    { id: "1", v: "a" },
    { id: "2", v: "b" },
    { id: "3", v: "c" },
  ]);
  const labels = (t: typeof base) => t.rows.map((row) => row.label);

  test.each([
    ["delete keeps labels", () => deleteWhere(base, "id", "2"), [0, 2]],
    ["concat without ignore_index labels the new row 0", () => concatRow(base, { id: "4", v: "d" }, false), [0, 1, 2, 0]],
    ["concat with ignore_index relabels 0..n", () => concatRow(deleteWhere(base, "id", "1"), { id: "4", v: "d" }, true), [0, 1, 2]],
    ["setRowAtLabel appends a missing label", () => setRowAtLabel(base, 3, { id: "4", v: "d" }), [0, 1, 2, 3]],
    ["setRowAtLabel overwrites an existing label in place", () => setRowAtLabel(deleteWhere(base, "id", "1"), 2, { id: "4", v: "d" }), [1, 2]],
  ])("%s", (_name, make, expected) => {
    expect(labels(make())).toEqual(expected);
  });

  test("overwriting a label replaces that row's values", () => {
    const table = setRowAtLabel(deleteWhere(base, "id", "1"), 2, { id: "4", v: "d" });
    expect(table.rows.map((row) => row.values.id)).toEqual(["2", "4"]);
  });

  test("updating an unknown field appends a column, null elsewhere", () => {
    const table = updateWhere(base, "id", "2", "colour", "red");
    expect(table.columns).toEqual(["id", "v", "colour"]);
    expect(table.rows.map((row) => row.values.colour ?? null)).toEqual([null, "red", null]);
  });

  test.each([
    [["00000499", "500"], "500"],
    [["00000001", "00000300"], "00000300"],
    [[], null],
  ])("maxString(%j) is the greatest string", (ids, expected) => {
    const table = tableFromRecords("email", ["email_id"], ids.map((email_id) => ({ email_id })));
    expect(maxString(table, "email_id")).toBe(expected);
  });

  test.each([
    ["", null],
    ["NaN", null],
    ["None", null],
    ["0860", "0860"],
    ["False", "False"],
  ])("cellFromCsv(%j) follows pandas' NA strings", (raw, expected) => {
    expect(cellFromCsv(raw)).toBe(expected);
  });
});
