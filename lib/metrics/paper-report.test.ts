import { describe, expect, test } from "vitest";
import { buildPaperReport, paperCells, percentCell, roundingOf, type PaperResult } from "./paper-report";

const NO_FLAGS = { noActions: false, wrongEmail: false, endDateOffByOne: false, meetingStartTime: false, contextWindow: false };
const result = (overrides: Partial<PaperResult> = {}): PaperResult => ({
  domain: "email", template: "t1", actionCount: 1, correct: true, sideEffects: false, diagnostics: NO_FLAGS, ...overrides,
});

describe("roundingOf: the printed value against Studio's value rounded once", () => {
  test.each([
    [(100 * 340) / 690, 49, "once"], // 49.28
    [22.5, 23, "once"], // a half rounds up, as printed
    [(100 * 93) / 690, 14, "twice"], // GPT-3.5: 13.478… → 13.48 → 13.5 → 14
    [(100 * 169) / 690, 26, "no"], // 24.49
    [(100 * 16) / 690, 3, "no"], // 2.32
    [(100 * 132) / 690, 20, "no"], // 19.13
    [13.4951, 14, "twice"], // shown as 13.50, which rounds to 14; the value itself rounds to 13
  ])("%d vs the paper's %d: %s", (exact, paper, kind) => {
    expect(roundingOf(exact, paper).kind).toBe(kind);
  });
});

describe("the note on a cell the paper printed by rounding twice", () => {
  test("GPT-3.5's 93/690 = 13.48 % against the printed 14 %: flagged as double rounding, named as such", () => {
    const cell = percentCell("t5:gpt-3.5:domains", 14, 93, 690);
    expect(cell).toMatchObject({ status: "rounded-twice", studio: 13.48, difference: -0.52 });
    expect(cell.note).toBe("13.48 % rounds to 13 %, not 14 %; 14 % comes from rounding twice (13.48 → 13.5 → 14).");
  });

  test("a value that rounds once to the printed one is a plain match without a note", () => {
    expect(percentCell("t5:gpt-4:domains", 49, 340, 690)).toMatchObject({ status: "match", studio: 49.28, note: null });
    expect(percentCell("t5:gpt-3.5:domains", 13, 93, 690)).toMatchObject({ status: "match", note: null });
  });

  test("in a whole report, every cell whose printed value is not its share rounded once carries a note", () => {
    const results = Array.from({ length: 690 }, (_, i) => result({ correct: i < 93 }));
    const report = buildPaperReport({ runs: [{ runId: "r", name: "gpt-3.5 · domains", model: "gpt-3.5", toolSet: "domains", results }], groundTruthActionCounts: [] });
    for (const cell of paperCells(report)) {
      if (cell.unit !== "%" || cell.count === null) continue;
      const once = Math.round((100 * cell.count.part) / cell.count.n) === cell.paper;
      expect(cell.note === null).toBe(once);
    }
    expect(report.table5[0]!.cells.find((cell) => cell.id === "t5:gpt-3.5:domains")!.status).toBe("rounded-twice");
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
