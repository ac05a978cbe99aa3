// Imports the recorded agent outputs shipped with WorkBench (v1 CSVs) as runs: one Run per model ×
// tool set (its six domain files together make the 690-task run the leaderboard compares), each row a
// scored TaskResult with a rebuilt trace. Idempotent (the same files are not imported twice) and
// all-or-nothing per run: every file of a run is parsed and matched before anything is written.
import path from "node:path";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { GroundTruthVersion } from "@/lib/workbench/datasets/types";
import { loadRecordedResultsFile, parseResultsFileName } from "@/lib/workbench/results";
import { DATASET_SLUG } from "../launch";
import { getVersionContext } from "../run-context";
import { resolveScoringConfig } from "@/lib/workbench/protocols";
import { listResultFiles, type ResultFile } from "./list-result-files";
import { matchRowsToTasks } from "./match-tasks";
import { buildImportRowChunks, writeImportedRunInChunks } from "./write-imported-run";
import { estimateRecordedRun } from "@/lib/costs/estimate-recorded-run";

export interface ImportResultsOptions {
  /** A results directory (`<domain>/<model>_<all|domains>_<timestamp>.csv` inside) or one CSV file. */
  readonly resultsPath: string;
  readonly groundTruth: GroundTruthVersion;
}

export interface ImportedRun {
  readonly runId: string;
  readonly name: string;
  readonly importFile: string;
  /** False when these files were already imported for this ground truth (nothing written). */
  readonly created: boolean;
  readonly tasks: number;
  readonly correct: number;
}

export async function importRecordedResults(db: PrismaClient, options: ImportResultsOptions): Promise<ImportedRun[]> {
  const files = await listResultFiles(options.resultsPath);
  const groups = new Map<string, ResultFile[]>();
  for (const file of files) {
    const name = parseResultsFileName(file.path);
    if (!name) throw new Error(`${file.path}: file name is not <model>_<all|domains>_<timestamp>.csv`);
    const key = `${name.model}_${name.toolSet}`;
    groups.set(key, [...(groups.get(key) ?? []), file]);
  }
  const imported: ImportedRun[] = [];
  for (const group of groups.values()) imported.push(await importGroup(db, group, options.groundTruth));
  return imported;
}

async function importGroup(db: PrismaClient, files: readonly ResultFile[], groundTruth: GroundTruthVersion): Promise<ImportedRun> {
  const importFile = files.map((file) => `${file.domain}/${path.basename(file.path)}`).sort().join(", ");
  const existing = await db.run.findFirst({ where: { source: "imported", groundTruth, importFile } });
  if (existing) {
    return { runId: existing.id, name: existing.name, importFile, created: false, tasks: existing.tasksDone, correct: existing.correctCount };
  }
  const version = await db.groundTruthVersion.findFirst({ where: { name: groundTruth, dataset: { slug: DATASET_SLUG } } });
  if (!version) throw new Error(`Ground truth ${groundTruth} is not imported: run \`npm run workbench -- import-data\` first`);
  const rows = (await Promise.all(files.map((file) => loadRecordedResultsFile(file.path, file.domain)))).flat();
  const context = await getVersionContext(db, groundTruth, version.contentHash);
  const matched = await matchRowsToTasks(db, version.id, rows);
  // The scorer is the ground truth's own protocol at its latest revision (createEvaluator's default).
  const scoring = resolveScoringConfig({ groundTruth });
  const first = rows[0];
  const estimate = await estimateRecordedRun(first?.model ?? null, first?.toolSet ?? "all",
    matched.map(({ row, taskKey }) => ({ row, toolkits: context.tasksByKey.get(taskKey)?.toolkits ?? [] })));
  const name = first ? `${first.model} · ${first.toolSet} tools (recorded) · ${groundTruth}` : `recorded · ${groundTruth}`;
  // Scored and written a chunk at a time: only one chunk's traces are in memory at once.
  const runId = await writeImportedRunInChunks(db, {
    name, datasetId: version.datasetId, versionId: version.id, groundTruth, importFile, model: first?.model ?? null,
    toolSet: first?.toolSet ?? "all", protocol: scoring.protocol, scoringRevision: scoring.revision, estimate,
  }, buildImportRowChunks(matched, context, scoring.protocol));
  const run = await db.run.findUniqueOrThrow({ where: { id: runId }, select: { tasksDone: true, correctCount: true } });
  return { runId, name, importFile, created: true, tasks: run.tasksDone, correct: run.correctCount };
}
