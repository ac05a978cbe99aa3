// Scores all 48 recorded results files of the paper with the v1 scorer and checks every count the
// original evaluator gives (WORKBENCH-REFERENCE.md, transcribed into fixtures/reference-counts.json).
// Needs the official data: it fails, not skips, when the data directory is missing.
import path from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { loadDataset, resolveDataDir, type Dataset } from "../datasets";
import { loadRecordedResultsDir } from "../results";
import reference from "./fixtures/reference-counts.json";
import { aggregate } from "./aggregate";
import { createEvaluator, matchResultsToTasks, scoreRecordedResults, type RecordedVerdict } from "./index";

const dataDir = resolveDataDir();
let verdicts: RecordedVerdict[] = [];
let v1: Dataset;
let v2026: Dataset;

beforeAll(async () => {
  [v1, v2026] = await Promise.all([loadDataset(dataDir, "v1"), loadDataset(dataDir, "v2026")]);
  const results = await loadRecordedResultsDir(path.join(dataDir, "v1", "data", "results"));
  verdicts = scoreRecordedResults(results, matchResultsToTasks(results, v1.tasks, v1), createEvaluator(v1, "v1"));
}, 120_000);

function countsOf(rows: readonly RecordedVerdict[]) {
  const a = aggregate(rows);
  const b = a.breakdown;
  return {
    n: a.overall.n,
    correct: a.overall.correct,
    sideEffects: a.overall.sideEffects,
    exactMatch: a.overall.exactMatch,
    zeroAction: [a.byActionCount.zero.correct, a.byActionCount.zero.n],
    onePlus: [a.byActionCount.onePlus.correct, a.byActionCount.onePlus.n],
    twoPlus: [a.byActionCount.twoPlus.correct, a.byActionCount.twoPlus.n],
    noActions: b.noActions,
    wrongEmail: [b.wrongEmailNoSideEffects, b.wrongEmailWithSideEffects],
    meetingStart: [b.meetingStartNoSideEffects, b.meetingStartWithSideEffects],
    endDate: b.endDateWithSideEffects,
    contextWindow: b.contextWindow,
  };
}

describe("v1 scorer on the paper's recorded results", () => {
  test("scores all 5,520 rows of the 48 files", () => {
    expect(verdicts).toHaveLength(5520);
    expect(new Set(verdicts.map((v) => v.result.file)).size).toBe(48);
  });

  test("skips the same 409 of 14,121 predicted actions the original could not run, by exception", () => {
    const failed = verdicts.flatMap((v) => v.verdict.failedCalls.map((f) => f.reason.split(":")[0]));
    const byType = Object.fromEntries([...new Set(failed)].map((type) => [type, failed.filter((t) => t === type).length]));
    expect(verdicts.reduce((sum, v) => sum + v.result.calls.length, 0)).toBe(14121);
    expect(byType).toEqual({ TypeError: 232, NameError: 82, AttributeError: 79, SyntaxError: 10, DateParseError: 6 });
  });

  test.each(reference.rows.map((row) => [`${row.model} ${row.toolSet} ${row.domain}`, row] as const))(
    "%s matches the original evaluator",
    (_name, expected) => {
      const rows = verdicts.filter(
        (v) => v.result.model === expected.model && v.result.toolSet === expected.toolSet && v.result.domain === expected.domain,
      );
      const { model: _m, toolSet: _t, domain: _d, ...counts } = expected;
      expect(countsOf(rows)).toEqual(counts);
    },
  );
});

describe.each(["v1", "v2026"] as const)("%s ground truth replayed on itself", (version) => {
  test("690/690 correct, no side effects, all exact matches", () => {
    const dataset = version === "v1" ? v1 : v2026;
    const evaluator = createEvaluator(dataset, version);
    const own = dataset.tasks.map((task) => evaluator.scoreTask(task, task.groundTruth, null));
    expect(own.filter((v) => v.correct)).toHaveLength(690);
    expect(own.filter((v) => v.sideEffects)).toHaveLength(0);
    expect(own.filter((v) => v.exactMatch)).toHaveLength(690);
    expect(own.flatMap((v) => v.failedCalls)).toEqual([]);
  });
});
