// Imported rows are sent to PostgreSQL as JSON arrays, chunked by row count and by size: every row is
// sent once, in order, and no array passes the size budget unless one row alone does.
import { describe, expect, test } from "vitest";
import { jsonChunks } from "./bulk-insert";

const rowsOf = (sizes: readonly number[]) => sizes.map((size, index) => ({ index, text: "x".repeat(size) }));

describe("jsonChunks", () => {
  test("every row once, in order, each array valid JSON", () => {
    const rows = rowsOf([10, 500, 3, 2000, 40, 40, 40, 900, 1]);
    const chunks = [...jsonChunks(rows, 100, 1000)];
    expect(chunks.flatMap((chunk) => JSON.parse(chunk) as unknown[])).toEqual(rows);
  });

  test("an array closes before the size budget; a row larger than it goes alone", () => {
    const rows = rowsOf([300, 300, 300, 5000, 300]);
    const chunks = [...jsonChunks(rows, 100, 1000)];
    const counts = chunks.map((chunk) => (JSON.parse(chunk) as unknown[]).length);
    expect(counts).toEqual([3, 1, 1]);
    for (const chunk of chunks) {
      const parsed = JSON.parse(chunk) as { text: string }[];
      if (parsed.length > 1) expect(chunk.length).toBeLessThanOrEqual(1000);
    }
  });

  test("row count still bounds an array of small rows", () => {
    const counts = [...jsonChunks(rowsOf(Array(25).fill(1)), 10, 1_000_000)].map((chunk) => (JSON.parse(chunk) as unknown[]).length);
    expect(counts).toEqual([10, 10, 5]);
  });

  test("no rows, no statement", () => {
    expect([...jsonChunks([], 10, 100)]).toEqual([]);
  });
});
