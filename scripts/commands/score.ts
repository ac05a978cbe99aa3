// `workbench score`: scores the recorded results CSVs offline (no database) and prints the paper's
// tables. --json writes one verdict per recorded row.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import type { Command } from "commander";
import { resolveDataDir, resolveDataRoot } from "@/lib/workbench/datasets";
import { renderTextTable, reportTables, type RecordedVerdict } from "@/lib/workbench/evaluate";
import { PROTOCOL_IDS, resolveScoringConfig, SCORING_REVISIONS, type ScoringConfig } from "@/lib/workbench/protocols";
import { scoreRecordedFiles } from "@/lib/workbench/results/score-files";

interface ScoreOptions {
  data?: string;
  results?: string;
  gt?: string;
  protocol?: string;
  revision?: string;
  json?: string;
  threads?: string;
}

export function register(program: Command): void {
  program
    .command("score")
    .description("Score recorded agent results (v1/data/results layout) against a ground truth; no database needed")
    .option("--data <dir>", "data root, v1 folder or v1/data/processed (default: WORKBENCH_DATA_DIR or ../shared/workbench)")
    .option("--results <dir>", "results folder with one sub-folder per domain (default: <data>/v1/data/results)")
    .option("--gt <version>", "ground truth: v1 | v2026 (default: the protocol's own, v1 when neither is given)")
    .option("--protocol <id>", `scoring protocol: ${PROTOCOL_IDS.join(" | ")} (default: the ground truth's own: v1 → 2024, v2026 → 2026)`)
    .option("--revision <id>", `scoring revision: ${SCORING_REVISIONS.join(" | ")} (default: the protocol's latest; 2026-06 is as published, 2026-07 adds the plot end-date amendment)`)
    .option("--json <file>", "write every verdict as JSON")
    .option("--threads <n>", "1 | 2: a second thread saves wall time but costs CPU (default: 2 on two cores for 64 MB of results or more)")
    .action(async (options: ScoreOptions) => {
      await score(options);
    });
}

async function score(options: ScoreOptions): Promise<void> {
  const config = resolveScoringConfig({ protocol: options.protocol, groundTruth: options.gt, revision: options.revision });
  const gt = config.groundTruth;
  const root = resolveDataRoot(options.data ?? resolveDataDir());
  const resultsDir = options.results ?? path.join(root, "v1", "data", "results");
  const started = performance.now();
  // Loading and scoring in one call: large batches use a second thread (lib/workbench/results/score-files.ts).
  const { verdicts, threads } = await scoreRecordedFiles({ root, resultsDir, scoring: config, threads: parseThreads(options.threads) });
  const scored = performance.now();
  for (const table of reportTables(verdicts)) process.stdout.write(`\n${renderTextTable(table)}\n`);
  process.stdout.write(
    `\nScored ${verdicts.length} recorded results against ${gt} (protocol ${config.protocol}, revision ${config.revision}) ` +
      `in ${(scored - started).toFixed(0)} ms, loading included (${threads === 1 ? "one thread" : `${threads} threads`})\n`,
  );
  if (options.json) {
    await writeFile(options.json, JSON.stringify(jsonReport(config, verdicts), null, 2) + "\n");
    process.stdout.write(`Wrote ${options.json}\n`);
  }
}

function parseThreads(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (value !== "1" && value !== "2") throw new Error(`--threads must be 1 or 2, not ${JSON.stringify(value)}`);
  return Number(value);
}

function jsonReport(config: ScoringConfig, verdicts: readonly RecordedVerdict[]) {
  return {
    ...config,
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
