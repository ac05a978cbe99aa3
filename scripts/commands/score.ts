// `workbench score`: scores the recorded results CSVs offline (no database) and prints the paper's
// tables. --json writes one verdict per recorded row.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { Presets, SingleBar } from "cli-progress";
import type { Command } from "commander";
import { GROUND_TRUTH_VERSIONS, loadDataset, resolveDataDir, resolveDataRoot, type GroundTruthVersion } from "@/lib/workbench/datasets";
import { createEvaluator, matchResultsToTasks, renderTextTable, reportTables, scoreRecordedResults, type RecordedVerdict } from "@/lib/workbench/evaluate";
import { loadRecordedResultsDir } from "@/lib/workbench/results";

interface ScoreOptions {
  data?: string;
  results?: string;
  gt: string;
  json?: string;
}

export function register(program: Command): void {
  program
    .command("score")
    .description("Score recorded agent results (v1/data/results layout) against a ground truth; no database needed")
    .option("--data <dir>", "data root, v1 folder or v1/data/processed (default: WORKBENCH_DATA_DIR or ../shared/workbench)")
    .option("--results <dir>", "results folder with one sub-folder per domain (default: <data>/v1/data/results)")
    .option("--gt <version>", "ground truth: v1 | v2026", "v1")
    .option("--json <file>", "write every verdict as JSON")
    .action(async (options: ScoreOptions) => {
      await score(options);
    });
}

async function score(options: ScoreOptions): Promise<void> {
  const gt = GROUND_TRUTH_VERSIONS.find((version) => version === options.gt);
  if (!gt) throw new Error(`--gt must be one of ${GROUND_TRUTH_VERSIONS.join(", ")} (got ${options.gt})`);
  const root = resolveDataRoot(options.data ?? resolveDataDir());
  const resultsDir = options.results ?? path.join(root, "v1", "data", "results");
  const started = performance.now();
  const [v1, results] = await Promise.all([loadDataset(root, "v1"), loadRecordedResultsDir(resultsDir)]);
  const target = gt === "v1" ? v1 : await loadDataset(root, gt);
  const tasks = matchResultsToTasks(results, v1.tasks, target);
  const loaded = performance.now();
  const verdicts = withProgress(results.length, (tick) => scoreRecordedResults(results, tasks, createEvaluator(target, gt), tick));
  const scored = performance.now();
  for (const table of reportTables(verdicts)) process.stdout.write(`\n${renderTextTable(table)}\n`);
  process.stdout.write(
    `\nScored ${verdicts.length} recorded results against ${gt} in ${(scored - loaded).toFixed(0)} ms ` +
      `(+ ${(loaded - started).toFixed(0)} ms loading)\n`,
  );
  if (options.json) {
    await writeFile(options.json, JSON.stringify(jsonReport(gt, verdicts), null, 2) + "\n");
    process.stdout.write(`Wrote ${options.json}\n`);
  }
}

function withProgress<T>(total: number, work: (tick: (done: number) => void) => T): T {
  if (!process.stderr.isTTY) return work(() => {});
  const bar = new SingleBar({ format: "scoring {bar} {value}/{total}", stream: process.stderr, hideCursor: true }, Presets.shades_classic);
  bar.start(total, 0);
  try {
    // Redraws are throttled: scoring a row takes microseconds.
    return work((done) => {
      if (done % 200 === 0 || done === total) bar.update(done);
    });
  } finally {
    bar.stop();
  }
}

function jsonReport(groundTruth: GroundTruthVersion, verdicts: readonly RecordedVerdict[]) {
  return {
    groundTruth,
    results: verdicts.map(({ result, task, verdict }) => ({
      model: result.model,
      toolSet: result.toolSet,
      domain: task.domain,
      task: result.query, // the query text, as the recorded row has it
      correct: verdict.correct,
      sideEffects: verdict.sideEffects,
      exactMatch: verdict.exactMatch,
      error: verdict.error,
    })),
  };
}
