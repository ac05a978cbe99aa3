// Scores all 48 recorded results files of the paper with the v1 scorer and checks every count the
// original evaluator gives (WORKBENCH-REFERENCE.md, transcribed into fixtures/reference-counts.json).
// Needs the official data: it fails, not skips, when the data directory is missing.
import path from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { loadDataset, type Dataset } from "../datasets";
import { loadRecordedResultsDir } from "../results";
import reference from "./fixtures/reference-counts.json";
import reference2026 from "./fixtures/reference-counts-2026.json";
import { aggregate } from "./aggregate";
import { matchResultsToTasks, scoreRecordedResults, type RecordedVerdict } from "./index";
import { protocolForGroundTruth, createProtocolEvaluator } from "../protocols";
import type { RecordedResult } from "../results/types";
import { testDataDir } from "../test-support/data-dir";

const dataDir = testDataDir();
let verdicts: RecordedVerdict[] = [];
let results: RecordedResult[] = [];
let v1: Dataset;
let v2026: Dataset;

beforeAll(async () => {
  [v1, v2026] = await Promise.all([loadDataset(dataDir, "v1"), loadDataset(dataDir, "v2026")]);
  results = await loadRecordedResultsDir(path.join(dataDir, "v1", "data", "results"));
  verdicts = scoreRecordedResults(results, matchResultsToTasks(results, v1.tasks, v1), createProtocolEvaluator({ dataset: v1, protocol: "2024" }));
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
    const evaluator = createProtocolEvaluator({ dataset: dataset, protocol: protocolForGroundTruth(version) });
    const own = dataset.tasks.map((task) => evaluator.scoreTask(task, task.groundTruth, null));
    expect(own.filter((v) => v.correct)).toHaveLength(690);
    expect(own.filter((v) => v.sideEffects)).toHaveLength(0);
    expect(own.filter((v) => v.exactMatch)).toHaveLength(690);
    expect(own.flatMap((v) => v.failedCalls)).toEqual([]);
  });
});

describe("2026 protocol on the paper's recorded results (v2026 ground truth)", () => {
  let june: RecordedVerdict[] = [];
  let july: RecordedVerdict[] = [];
  beforeAll(() => {
    const tasks = matchResultsToTasks(results, v1.tasks, v2026);
    june = scoreRecordedResults(results, tasks, createProtocolEvaluator({ protocol: "2026", revision: "2026-06", dataset: v2026 }));
    july = scoreRecordedResults(results, tasks, createProtocolEvaluator({ protocol: "2026", revision: "2026-07", dataset: v2026 }));
  }, 120_000);

  test.each(reference2026.rows.map((row) => [`${row.revision} ${row.model} ${row.toolSet} ${row.domain}`, row] as const))(
    "%s matches the upstream 2026 evaluator's counts",
    (_name, expected) => {
      const rows = (expected.revision === "2026-06" ? june : july).filter(
        (v) => v.result.model === expected.model && v.result.toolSet === expected.toolSet && v.result.domain === expected.domain,
      );
      const tally = aggregate(rows).overall;
      expect({ n: tally.n, correct: tally.correct, sideEffects: tally.sideEffects, exactMatch: tally.exactMatch }).toEqual({
        n: expected.n,
        correct: expected.correct,
        sideEffects: expected.sideEffects,
        exactMatch: expected.exactMatch,
      });
    },
  );

  test("the side-effect rule (metrics.py:170-172) flips exactly 8 rows: right state, a failed call, a change", () => {
    const flipped = june.filter((v) => v.verdict.sideEffects && v.verdict.diffVsGroundTruth.length === 0);
    expect(flipped).toHaveLength(8);
    for (const v of flipped) expect(v.verdict.failedCalls.length).toBeGreaterThan(0);
  });

  test("a result is correct only when every predicted call ran (evaluation.py:166)", () => {
    expect(june.filter((v) => v.verdict.correct && v.verdict.failedCalls.length > 0)).toEqual([]);
  });

  test("the July amendment changes correctness only, and only where a plot ends on 2023-11-30 instead of 2023-11-29", () => {
    const changed = july.filter((v, i) => v.verdict.correct !== june[i]?.verdict.correct);
    expect(changed.length).toBeGreaterThan(0);
    for (const v of changed) {
      expect(v.verdict.correct).toBe(true);
      expect(v.task.groundTruth.some((call) => call.startsWith("analytics.create_plot") && call.includes('time_max="2023-11-29"'))).toBe(true);
      expect(v.result.calls.some((call) => call.includes('time_max="2023-11-30"'))).toBe(true);
    }
    expect(july.map((v) => [v.verdict.sideEffects, v.verdict.exactMatch])).toEqual(june.map((v) => [v.verdict.sideEffects, v.verdict.exactMatch]));
  });
});
