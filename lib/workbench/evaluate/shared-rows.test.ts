// The scorer's shortcuts over shared (copy-on-write) rows must give what the plain rules give:
// the unordered comparison against sorting every row's key, a maximum carried over an append against a
// scan of the same rows, a remembered search against the search itself (a raising one raises again).
import { describe, expect, test } from "vitest";
import { tablesEqualUnordered } from "./compare-tables";
import { concatRow, deleteWhere, maxString, setRowAtLabel, tableFromRecords, updateWhere } from "../sandbox/table";
import type { Row, Table } from "../sandbox/types";
import { rememberedFilter } from "../tools/remembered-filter";
import { compilePythonRegex, regexSearch, SEARCH_BUDGET } from "../tools/python-regex";
import { PythonError } from "../tools/python-error";

const base = tableFromRecords("calendar", ["event_id", "event_name"], [
  { event_id: "1", event_name: "Sync" },
  { event_id: "2", event_name: "Review" },
  { event_id: "3", event_name: "sync" },
  { event_id: "4", event_name: "Lunch" },
]);

/** The 2026 rule by its definition: same columns, equal sorted lists of every row's (lowercased) cells. */
function multisetsEqual(a: Table, b: Table): boolean {
  if (a.columns.join("\u0000") !== b.columns.join("\u0000") || a.rows.length !== b.rows.length) return false;
  const keys = (t: Table) => t.rows.map((row) => JSON.stringify(t.columns.map((c) => (typeof row.values[c] === "string" ? (row.values[c] as string).toLowerCase() : null)))).sort();
  return JSON.stringify(keys(a)) === JSON.stringify(keys(b));
}

/** The same rows in new objects, so no row is shared with any other table. */
const copied = (t: Table): Table => ({ ...t, rows: t.rows.map((row): Row => ({ label: row.label, values: { ...row.values } })) });

describe("unordered comparison over shared rows", () => {
  const edits: [string, Table, Table][] = [
    ["unchanged", base, base],
    ["delete then re-add the same values at the end", base, concatRow(deleteWhere(base, "event_id", "2"), { event_id: "2", event_name: "Review" }, true)],
    ["delete shifts the shared rows", base, concatRow(deleteWhere(base, "event_id", "1"), { event_id: "9", event_name: "x" }, true)],
    ["a case-only edit", base, updateWhere(base, "event_id", "3", "event_name", "SYNC")],
    ["a real edit", base, updateWhere(base, "event_id", "4", "event_name", "Dinner")],
    ["two deletes and two appends, swapped", concatRow(concatRow(deleteWhere(deleteWhere(base, "event_id", "1"), "event_id", "2"), { event_id: "1", event_name: "Sync" }, true), { event_id: "2", event_name: "Review" }, true), base],
    ["an overwrite at a label", base, setRowAtLabel(base, 1, { event_id: "2", event_name: "review" })],
  ];
  test.each(edits)("%s", (_name, a, b) => {
    const expected = multisetsEqual(a, b);
    expect(tablesEqualUnordered(a, b, true)).toBe(expected);
    expect(tablesEqualUnordered(copied(a), copied(b), true)).toBe(expected); // nothing shared: every row keyed
  });
});

describe("maxima carried over appends", () => {
  test.each([
    ["concat", (t: Table) => concatRow(t, { event_id: "7", event_name: "x" }, true)],
    ["concat of a smaller id", (t: Table) => concatRow(t, { event_id: "0", event_name: "x" }, false)],
    ["concat without the column", (t: Table) => concatRow(t, { event_name: "x" }, true)],
    ["append at a new label", (t: Table) => setRowAtLabel(t, 10, { event_id: "5", event_name: "x" })],
  ])("%s", (_name, append) => {
    const table = tableFromRecords("calendar", base.columns, base.rows.map((row) => row.values));
    maxString(table, "event_id"); // known for the parent, so the child inherits it
    const next = append(table);
    expect(maxString(next, "event_id")).toBe(maxString(copied(next), "event_id"));
  });
});

describe("remembered searches", () => {
  test("a filter that raised is run again, one that returned is not", () => {
    const rows = [...base.rows];
    let runs = 0;
    const raising = () => {
      runs += 1;
      throw new PythonError("ValueError", "bad");
    };
    expect(() => rememberedFilter(rows, "k", raising)).toThrow(PythonError);
    expect(() => rememberedFilter(rows, "k", raising)).toThrow(PythonError);
    expect(runs).toBe(2);
    const found = rememberedFilter(rows, "k", () => rows.slice(0, 1));
    expect(rememberedFilter(rows, "k", () => [])).toBe(found);
  });

  test("a remembered regex result still spends the search budget, so the search raises as before", () => {
    const text = "a".repeat(40);
    const search = () => {
      const pattern = compilePythonRegex("a.*a.*a.*b", true); // a fresh budget, shared results
      for (let i = 0; i < 10_000; i += 1) regexSearch(pattern, text);
    };
    const cost = (() => {
      const pattern = compilePythonRegex("a.*a.*a.*b", true);
      regexSearch(pattern, text);
      return pattern.spent;
    })();
    expect(cost * 10_000).toBeGreaterThan(SEARCH_BUDGET); // the loop must exceed the budget
    expect(search).toThrow(/backtrack/);
    expect(search).toThrow(/backtrack/); // every result remembered by now: still raises
  });
});
