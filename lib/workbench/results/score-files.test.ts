// Scoring split over two threads gives the verdicts, in the row order, of scoring in one thread; a
// malformed file fails the batch with its file and line whichever thread read it.
import { copyFile, mkdir, mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { resolveDataDir, resolveDataRoot } from "../datasets";
import { resolveScoringConfig } from "../protocols";
import { scoreRecordedFiles, toPlainVerdict } from "./score-files";

const root = resolveDataRoot(resolveDataDir());
const officialResults = path.join(root, "v1", "data", "results");
const scoring = resolveScoringConfig({ groundTruth: "v1" });

test("two threads and one thread score the 5,520 recorded results identically", async () => {
  const options = { root, resultsDir: officialResults, scoring };
  const [single, split] = await Promise.all([scoreRecordedFiles(options), scoreRecordedFiles({ ...options, threads: 2 })]);
  expect(single.verdicts.length).toBe(5520);
  expect([single.threads, split.threads]).toEqual([1, 2]); // 16 MB of results is below the threshold: one thread by default
  const rows = (scored: typeof single) =>
    scored.verdicts.map(({ result, task, verdict }) => ({ file: result.file, line: result.line, model: result.model, task: task.key, ...toPlainVerdict(verdict) }));
  expect(rows(split)).toEqual(rows(single));
  // A diff read from a thread's verdict is computed on demand, as the in-thread one is.
  for (const domain of ["email", "calendar", "multi_domain"]) {
    const wrong = split.verdicts.findIndex(({ verdict, result }) => !verdict.correct && verdict.sideEffects && result.domain === domain);
    expect(split.verdicts[wrong]!.verdict.diffVsGroundTruth).toEqual(single.verdicts[wrong]!.verdict.diffVsGroundTruth);
  }
}, 60_000);

test("a malformed results file fails the batch with its file and line, in either thread", async () => {
  const resultsDir = await mkdtemp(path.join(os.tmpdir(), "wb-score-files-"));
  for (const domain of ["email", "calendar", "analytics"]) await mkdir(path.join(resultsDir, domain));
  await copyFile(path.join(officialResults, "email", "gpt-4_all_2024-03-21_15-21-12.csv"), path.join(resultsDir, "email", "gpt-4_all_2024-03-21_15-21-12.csv"));
  await copyFile(path.join(officialResults, "analytics", "gpt-4_all_2024-03-23_21-56-59.csv"), path.join(resultsDir, "analytics", "gpt-4_all_2024-03-23_21-56-59.csv"));
  const bad = path.join(resultsDir, "calendar", "claude-2_domains_2024-03-20_15-36-46.csv");
  await writeFile(bad, '"query","function_calls","full_response","error"\n"q","[\'a\', ","",""\n');
  for (const threads of [1, 2]) {
    await expect(scoreRecordedFiles({ root, resultsDir, scoring, threads })).rejects.toThrow(/claude-2_domains_2024-03-20_15-36-46\.csv:2: function_calls/);
  }
}, 60_000);
