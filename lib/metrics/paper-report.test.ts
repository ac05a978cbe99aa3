import { describe, expect, test } from "vitest";
import { buildPaperReport, paperCells, percentCell, withinRounding, type PaperResult } from "./paper-report";

const NO_FLAGS = { noActions: false, wrongEmail: false, endDateOffByOne: false, meetingStartTime: false, contextWindow: false };
const result = (overrides: Partial<PaperResult> = {}): PaperResult => ({
  domain: "email", template: "t1", actionCount: 1, correct: true, sideEffects: false, diagnostics: NO_FLAGS, ...overrides,
});

describe("withinRounding", () => {
  test.each([
    [49.28, 49, true],
    [13.48, 14, true], // through 13.5, as the paper prints GPT-3.5
    [22.5, 23, true],
    [24.49, 26, false],
    [2.32, 3, false],
    [19.13, 20, false],
  ])("%d vs the paper's %d: %s", (studio, paper, expected) => {
    expect(withinRounding(studio, paper)).toBe(expected);
  });
});

describe("buildPaperReport", () => {
  test("without runs: nothing counted, the context-window settings still show as the paper's 0 %", () => {
    const report = buildPaperReport({ runs: [], groundTruthActionCounts: [] });
    expect(report.figure4.bins).toEqual([]);
    const t5 = report.table5.flatMap((row) => row.cells);
    expect(t5.filter((cell) => cell.status === "context-window").map((cell) => cell.id)).toEqual(["t5:gpt-3.5:all", "t5:llama2-70b:all"]);
    expect(t5.filter((cell) => cell.status === "missing")).toHaveLength(8);
  });

  test("a difference beyond rounding without a known reason says it is unexplained", () => {
    const cell = percentCell("t5:gpt-4:domains", 49, 1, 2);
    expect(cell).toMatchObject({ status: "differs", studio: 50, difference: 1 });
    expect(cell.note).toMatch(/Unexplained/);
  });

  test("Figure 4 bins every count from 0 to the largest; Figure 7 sorts templates and counts the extremes", () => {
    const runs = [{
      runId: "r", name: "gpt-4 · all", model: "gpt-4", toolSet: "all",
      results: [result({ template: "b" }), result({ template: "a", correct: false }), result({ template: "c" }), result({ template: "c", correct: false })],
    }];
    const report = buildPaperReport({ runs, groundTruthActionCounts: [0, 0, 2] });
    expect(report.figure4.bins).toEqual([{ actions: 0, tasks: 2 }, { actions: 1, tasks: 0 }, { actions: 2, tasks: 1 }]);
    expect(report.figure7.templates.map((t) => [t.template, t.accuracy])).toEqual([["a", 0], ["c", 50], ["b", 100]]);
    expect(report.figure7).toMatchObject({ atZero: 1, atHundred: 1, extremes: { studio: 2, paper: 15, status: "differs" } });
    expect(paperCells(report).length).toBeGreaterThan(60);
  });
});
