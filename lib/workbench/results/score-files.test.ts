// Scoring split over two threads gives the verdicts, in the row order, of scoring in one thread.
import path from "node:path";
import { expect, test } from "vitest";
import { resolveDataDir, resolveDataRoot } from "../datasets";
import { resolveScoringConfig } from "../protocols";
import { scoreRecordedFiles, THREADED_MIN_RESULTS, toPlainVerdict } from "./score-files";

test("two threads and one thread score the 5,520 recorded results identically", async () => {
  const root = resolveDataRoot(resolveDataDir());
  const options = { root, resultsDir: path.join(root, "v1", "data", "results"), scoring: resolveScoringConfig({ groundTruth: "v1" }) };
  const [single, split] = await Promise.all([scoreRecordedFiles({ ...options, threads: 1 }), scoreRecordedFiles({ ...options, threads: 2 })]);
  expect(single.verdicts.length).toBe(5520);
  expect(split.verdicts.length).toBeGreaterThanOrEqual(THREADED_MIN_RESULTS);
  const rows = (scored: typeof single) =>
    scored.verdicts.map(({ result, task, verdict }) => ({ file: result.file, line: result.line, task: task.key, ...toPlainVerdict(verdict) }));
  expect(rows(split)).toEqual(rows(single));
  // A diff read from a thread's verdict is computed on demand, as the in-thread one is.
  const wrong = split.verdicts.findIndex(({ verdict, result }) => !verdict.correct && result.domain === "email");
  expect(split.verdicts[wrong]!.verdict.diffVsGroundTruth).toEqual(single.verdicts[wrong]!.verdict.diffVsGroundTruth);
}, 60_000);
