import path from "node:path";
import { describe, expect, test } from "vitest";
import { loadSandboxData } from "@/lib/workbench/datasets";
import type { SandboxData } from "@/lib/workbench/sandbox/types";
import { tableFromRecords } from "@/lib/workbench/sandbox/table";
import { DIRECTORY_TABLE, rowsToSandbox, sandboxToRows } from "./sandbox-rows";

const shared = path.resolve(process.cwd(), "..", "shared", "workbench");

/** JSON round trip with jsonb's key reordering, as the database gives rows back. */
function throughJsonb<T>(value: T): T {
  const sortKeys = (input: unknown): unknown =>
    Array.isArray(input)
      ? input.map(sortKeys)
      : input && typeof input === "object"
        ? Object.fromEntries(Object.entries(input).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, sortKeys(v)]))
        : input;
  return sortKeys(JSON.parse(JSON.stringify(value))) as T;
}

function tinySandbox(): SandboxData {
  const empty = (name: "calendar" | "email" | "project_tasks" | "crm" | "analytics") => tableFromRecords(name, ["b_col", "a_col"], []);
  return {
    tables: {
      calendar: tableFromRecords("calendar", ["z", "a"], [{ z: "1", a: null }, { z: null, a: "x" }]),
      email: tableFromRecords("email", ["email_id", "sent_datetime"], [{ email_id: "00000001", sent_datetime: { timestamp: "2023-11-30 00:00:00" } }]),
      plots: tableFromRecords("plots", ["file_path"], []),
      project_tasks: empty("project_tasks"),
      crm: empty("crm"),
      analytics: empty("analytics"),
    },
    directory: ["a@atlas.com", "b@atlas.com"],
  };
}

describe("sandboxToRows / rowsToSandbox", () => {
  test.each([
    ["a tiny sandbox (nulls, timestamp cells, empty tables, column order)", async () => tinySandbox()],
    ["the v1 sandbox", () => loadSandboxData(shared, "v1")],
    ["the v2026 sandbox", () => loadSandboxData(shared, "v2026")],
  ])("%s survives a jsonb round trip unchanged", async (_label, load) => {
    const sandbox = await load();
    const { rows, columns } = sandboxToRows(sandbox);
    const stored = throughJsonb(rows).reverse(); // the database returns rows in any order
    expect(rowsToSandbox(stored, throughJsonb(columns))).toEqual(sandbox);
  });

  test("stores the directory as table 'directory', one address per row, in order", () => {
    const { rows } = sandboxToRows(tinySandbox());
    expect(rows.filter((row) => row.table === DIRECTORY_TABLE)).toEqual([
      { table: DIRECTORY_TABLE, position: 0, data: { address: "a@atlas.com" } },
      { table: DIRECTORY_TABLE, position: 1, data: { address: "b@atlas.com" } },
    ]);
  });

  test.each([
    ["a missing column list", [], {}, /no column list for table calendar/],
    ["a non-cell value", [{ table: "calendar", position: 0, data: { z: 5 } }], sandboxToRows(tinySandbox()).columns, /calendar#0, column z/],
  ])("rejects %s", (_label, rows, columns, message) => {
    expect(() => rowsToSandbox(rows, columns)).toThrow(message);
  });
});
