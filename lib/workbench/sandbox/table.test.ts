// A row array scanned more than once gets dense column arrays (columnCells); the first scan reads the
// rows themselves. Both paths must give the same answers and raise the same errors, so each check
// below runs three times on the same (immutable) rows: first scan, the one that builds the array, and
// one that reuses it, against the rule recomputed from the records.
import { describe, expect, test } from "vitest";
import { columnCells, deleteWhere, tableFromRecords, updateWhere } from "./table";
import type { Cell } from "./types";
import { rowsContaining } from "../tools/tool-helpers";
import { PythonError } from "../tools/python-error";
import { REMEMBERED_SCAN_MAX, SEARCH_BUDGET } from "../tools/python-regex";
import { searchCost } from "../tools/regex-cost";

const records = Array.from({ length: 40 }, (_, index) => ({
  task_id: String(index).padStart(8, "0"),
  task_name: `${["Fix", "Review", "Ship", "Audit"][index % 4]} item ${index}`,
  board: ["Back end", "Design", "Front end"][index % 3] as string,
}));
const table = tableFromRecords("project_tasks", ["task_id", "task_name", "board"], records);
const thrice = <T>(work: () => T): T[] => [work(), work(), work()];

describe("column arrays of a row array scanned more than once", () => {
  test("are built on the second request and hold the column's cells in row order", () => {
    const fresh = tableFromRecords("project_tasks", ["task_id", "task_name", "board"], records);
    expect(columnCells(fresh.rows, "board")).toBeNull();
    const cells = columnCells(fresh.rows, "board");
    expect(cells).toEqual(records.map((record) => record.board));
    expect(columnCells(fresh.rows, "board")).toBe(cells);
  });

  test("updateWhere changes the same rows on every call", () => {
    for (const updated of thrice(() => updateWhere(table, "board", "Design", "task_name", "Renamed"))) {
      expect(updated.rows.map((row) => row.values.task_name)).toEqual(records.map((record) => (record.board === "Design" ? "Renamed" : record.task_name)));
      expect(updated.rows.filter((row, index) => row !== table.rows[index])).toHaveLength(records.filter((record) => record.board === "Design").length);
    }
  });

  test("deleteWhere keeps the same rows on every call", () => {
    for (const kept of thrice(() => deleteWhere(table, "task_id", "00000007"))) {
      expect(kept.rows.map((row) => row.values.task_id)).toEqual(records.map((record) => record.task_id).filter((id) => id !== "00000007"));
    }
  });

  test("a text search finds the same rows whichever path scans, for every pattern", () => {
    // One row array for every pattern: the first pattern reads the rows, the second builds the column
    // array and the rest reuse it; a second round gets the remembered results.
    const rows = table.rows.slice();
    const patterns = [["review", true], ["Review", false], ["review", false], ["item 1", true], ["^(Fix|Ship) item [0-9]$", false], ["ITEM 3", true]] as const;
    for (let round = 0; round < 2; round++) {
      for (const [pattern, ignoreCase] of patterns) {
        const expected = records.filter((record) => new RegExp(pattern, ignoreCase ? "i" : "").test(record.task_name)).map((record) => record.task_id);
        expect(rowsContaining(rows, "task_name", pattern, ignoreCase).map((row) => row.values.task_id), pattern).toEqual(expected);
      }
    }
    expect(columnCells(rows, "task_name")).toEqual(records.map((record) => record.task_name));
  });

  test("a NaN cell in the searched column raises pandas' error on every call", () => {
    const withNaN = tableFromRecords("project_tasks", ["task_id", "task_name", "board"], records.map((record, index) => ({ ...record, board: (index === 30 ? null : record.board) as Cell })));
    for (const pattern of ["Design", "Front", "x"]) {
      for (let call = 0; call < 3; call++) {
        expect(() => rowsContaining(withNaN.rows, "board", pattern, true)).toThrow(new PythonError("ValueError", "Cannot mask with non-boolean array containing NA / NaN values"));
      }
    }
  });
});

describe("a scan longer than REMEMBERED_SCAN_MAX (no per-text memory of regex results)", () => {
  const many = Array.from({ length: REMEMBERED_SCAN_MAX + 2000 }, (_, index) => ({
    task_id: String(index).padStart(8, "0"),
    // 180 characters: "a.*b" (cost n(n+1) per cell) then spends the search budget over this many rows, not over 5,000.
    task_name: `${["Fix", "Review", "Ship"][index % 3]} item ${index} `.padEnd(180, "x"),
    board: "Design",
  }));
  const big = tableFromRecords("project_tasks", ["task_id", "task_name", "board"], many);

  test("finds the same rows as the rule recomputed, on the first scan and on repeated ones", () => {
    for (const pattern of ["review item 1", "Ship item 4\\d\\d ", "item 6999"]) {
      const expected = many.filter((record) => new RegExp(pattern, "i").test(record.task_name)).map((record) => record.task_id);
      for (const found of thrice(() => rowsContaining(big.rows.slice(), "task_name", pattern, true))) {
        expect(found.map((row) => row.values.task_id), pattern).toEqual(expected);
      }
    }
  });

  test("still spends the search budget per cell: a costly pattern raises over the long scan, not over a short one", () => {
    const perCell = searchCost("a.*b", 180);
    expect(perCell * many.length).toBeGreaterThan(SEARCH_BUDGET);
    expect(perCell * REMEMBERED_SCAN_MAX).toBeLessThan(SEARCH_BUDGET);
    expect(() => rowsContaining(big.rows, "task_name", "a.*b", true)).toThrow(expect.objectContaining({ errorType: "TimeoutError" }));
    expect(rowsContaining(big.rows.slice(0, REMEMBERED_SCAN_MAX), "task_name", "a.*b", true)).toEqual([]);
  });
});
