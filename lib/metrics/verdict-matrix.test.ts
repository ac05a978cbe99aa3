import { describe, expect, test } from "vitest";
import { flipsAgainst, taskRows, templateRows, type RunVerdict } from "./verdict-matrix";

const runs = ["a", "b", "c", "d"];
// Per task, the verdicts of a, b, c, d ("1" right, "0" wrong, "-" not scored).
const table: Record<string, [string, string]> = {
  "email/000": ["send", "1111"],
  "email/001": ["send", "1100"],
  "email/002": ["reply", "0001"],
  "calendar/000": ["delete", "10-0"],
  "calendar/001": ["delete", "0000"],
};
const verdicts: RunVerdict[] = Object.entries(table).flatMap(([key, [template, marks]]) =>
  [...marks].flatMap((mark, index): RunVerdict[] =>
    mark === "-" ? [] : [{ runId: runs[index] ?? "", key, domain: key.split("/")[0] ?? "", template, resultId: `${key}-${index}`, correct: mark === "1" }],
  ),
);

describe("task rows", () => {
  test("disagreement is the minority's size; most disagreed first, then by key", () => {
    const rows = taskRows(runs, verdicts);
    expect(rows.map((row) => [row.key, row.disagreement])).toEqual([
      ["email/001", 2],
      ["calendar/000", 1],
      ["email/002", 1],
      ["calendar/001", 0],
      ["email/000", 0],
    ]);
    expect(rows[1]?.cells.map((cell) => cell?.correct ?? null)).toEqual([true, false, null, false]);
  });

  test("by key, ignoring disagreement", () => {
    expect(taskRows(runs, verdicts, "key").map((row) => row.key)).toEqual(["calendar/000", "calendar/001", "email/000", "email/001", "email/002"]);
  });

  test("verdicts of runs not asked for are left out", () => {
    expect(taskRows(["a", "b"], verdicts).every((row) => row.cells.length === 2)).toBe(true);
  });
});

test("template rows pool their tasks per run; the spread of accuracies sorts them", () => {
  const rows = templateRows(runs, taskRows(runs, verdicts));
  const send = rows.find((row) => row.template === "send");
  expect(send?.cells).toEqual([{ correct: 2, n: 2 }, { correct: 2, n: 2 }, { correct: 1, n: 2 }, { correct: 1, n: 2 }]);
  expect(send?.disagreement).toBeCloseTo(0.5);
  const remove = rows.find((row) => row.template === "delete");
  expect(remove?.cells).toEqual([{ correct: 1, n: 2 }, { correct: 0, n: 2 }, { correct: 0, n: 1 }, { correct: 0, n: 2 }]);
  expect(rows.map((row) => row.template)).toEqual(["reply", "delete", "send"]);
});

test("flips against the baseline count only the tasks both runs scored", () => {
  const flips = flipsAgainst(runs, taskRows(runs, verdicts), 0);
  expect(flips).toEqual([
    { runId: "b", gained: 0, lost: 1, shared: 5 },
    { runId: "c", gained: 0, lost: 1, shared: 4 },
    { runId: "d", gained: 1, lost: 2, shared: 5 },
  ]);
});
