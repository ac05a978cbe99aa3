// Imports the recorded agent outputs shipped with WorkBench (v1 CSVs) as runs: one Run per model ×
// tool set (its six domain files together make the 690-task run the leaderboard compares), each row a
// scored TaskResult with a rebuilt trace. Idempotent (the same files are not imported twice; files whose
// run was deleted are skipped unless restoreDeleted: lib/runs/import/deleted-imports.ts) and
// all-or-nothing per run: a run's files are streamed into one transaction, a batch of rows at a time
// (lib/workbench/results/stream.ts), and a malformed row anywhere rolls the whole run back.
import path from "node:path";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { GroundTruthVersion } from "@/lib/workbench/datasets/types";
import { parseResultsFileName } from "@/lib/workbench/results";
import { streamRecordedResultsFile } from "@/lib/workbench/results/stream";
import { DATASET_SLUG } from "../launch";
import { getVersionContext } from "../run-context";
import { resolveScoringConfig } from "@/lib/workbench/protocols";
import { listResultFiles, type ResultFile } from "./list-result-files";
import { createRowMatcher } from "./match-tasks";
import { buildImportBatches, writeImportedRunInChunks, type ImportBatchHook } from "./write-imported-run";
import { createRecordedRunEstimator } from "@/lib/costs/estimate-recorded-run";
import { findDeletedImports, forgetDeletedImports, importIdentity } from "./deleted-imports";

export interface ImportResultsOptions {
  /** A results directory (`<domain>/<model>_<all|domains>_<timestamp>.csv` inside) or one CSV file. */
  readonly resultsPath: string;
  readonly groundTruth: GroundTruthVersion;
  /** Per-batch work on the built rows before they are written (see ImportBatchHook). */
  readonly onBatch?: ImportBatchHook;
  /** Import files whose run was deleted too (and forget the deletion); by default they are skipped. */
  readonly restoreDeleted?: boolean;
  /** Told of each run skipped because it was deleted (deleted-imports.ts). */
  readonly onSkippedDeleted?: (skipped: SkippedImport) => void;
}

/** A run not imported because it was imported and deleted before. */
export interface SkippedImport {
  readonly name: string;
  readonly importFile: string;
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
  for (const group of groups.values()) {
    const run = await importGroup(db, group, options);
    if (run) imported.push(run);
  }
  return imported;
}

/** The run of a group of files: imported now, imported before, or null when it was deleted (skipped). */
async function importGroup(db: PrismaClient, files: readonly ResultFile[], { groundTruth, onBatch, restoreDeleted = false, onSkippedDeleted }: ImportResultsOptions): Promise<ImportedRun | null> {
  const sources = files.map((file) => ({ relative: `${file.domain}/${path.basename(file.path)}`, path: file.path }));
  const importFile = sources.map((source) => source.relative).sort().join(", ");
  const existing = await db.run.findFirst({ where: { source: "imported", groundTruth, importFile } });
  if (existing) {
    return { runId: existing.id, name: existing.name, importFile, created: false, tasks: existing.tasksDone, correct: existing.correctCount };
  }
  // The scorer is the ground truth's own protocol at its latest revision (createEvaluator's default).
  const scoring = resolveScoringConfig({ groundTruth });
  // Every file of a group has the same model and tool set (the grouping key).
  const { model, toolSet } = parseResultsFileName((files[0] as ResultFile).path) as { model: string; toolSet: "all" | "domains" };
  const name = `${model} · ${toolSet} tools (recorded) · ${groundTruth}`;
  const identity = await importIdentity(sources);
  const deletions = await findDeletedImports(db, identity, { groundTruth, protocol: scoring.protocol });
  if (deletions.length > 0 && !restoreDeleted) {
    onSkippedDeleted?.({ name, importFile });
    return null;
  }
  const version = await db.groundTruthVersion.findFirst({ where: { name: groundTruth, dataset: { slug: DATASET_SLUG } } });
  if (!version) throw new Error(`Ground truth ${groundTruth} is not imported: run \`npm run workbench -- import-data\` first`);
  const context = await getVersionContext(db, groundTruth, version.contentHash);
  const match = await createRowMatcher(db, version.id);
  const rows = (async function* () {
    for (const file of files) yield* streamRecordedResultsFile(file.path, file.domain);
  })();
  // Estimated usage (lib/costs), added up batch by batch as the rows are matched to their tasks.
  const estimator = await createRecordedRunEstimator(model, toolSet);
  const matchAndEstimate: typeof match = (batch) => {
    const matched = match(batch);
    estimator?.add(matched.map(({ row, taskKey }) => ({ row, toolkits: context.tasksByKey.get(taskKey)?.toolkits ?? [] })));
    return matched;
  };
  const runId = await writeImportedRunInChunks(db, {
    name, datasetId: version.datasetId, versionId: version.id, groundTruth, importFile, importHash: identity.contentHash, model,
    toolSet, protocol: scoring.protocol, scoringRevision: scoring.revision,
    estimate: () => estimator?.result() ?? null,
  }, buildImportBatches(rows, matchAndEstimate, context, scoring.protocol, onBatch));
  if (deletions.length > 0) await forgetDeletedImports(db, deletions.map((deletion) => deletion.id));
  const run = await db.run.findUniqueOrThrow({ where: { id: runId }, select: { tasksDone: true, correctCount: true } });
  return { runId, name, importFile, created: true, tasks: run.tasksDone, correct: run.correctCount };
}
