// Imports the recorded agent outputs shipped with WorkBench (v1 CSVs) as runs: one Run per model ×
// tool set (its six domain files together make the 690-task run the leaderboard compares), each row a
// scored TaskResult with a rebuilt trace; a run exported with several trials (`trial-<n>/` folders) comes
// back as one run with those trials. Idempotent (the same files, by content, are not imported twice; files
// whose run was deleted are skipped unless restoreDeleted: deleted-imports.ts) and
// all-or-nothing per run: a run's files are streamed into one transaction, a batch of rows at a time
// (lib/workbench/results/stream.ts), and a malformed row anywhere rolls the whole run back.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { GroundTruthVersion } from "@/lib/workbench/datasets/types";
import { parseResultsFileName } from "@/lib/workbench/results";
import { streamRecordedResultsFile } from "@/lib/workbench/results/stream";
import { resolveScoringConfig } from "@/lib/workbench/protocols";
import { listResultFiles, type ResultFile } from "./list-result-files";
import { buildImportBatches, writeImportedRunInChunks, type ImportBatchHook } from "./write-imported-run";
import { createRecordedRunEstimator } from "@/lib/costs/estimate-recorded-run";
import { importFileOf, importHashOf, importRunOnce, trialsOf, type DeletedImportOptions, type ImportedRun } from "./import-once";

export interface ImportResultsOptions extends DeletedImportOptions {
  /** A results directory (`<domain>/<model>_<all|domains>_<timestamp>.csv` inside) or one CSV file. */
  readonly resultsPath: string;
  readonly groundTruth: GroundTruthVersion;
  /** Per-batch work on the built rows before they are written (see ImportBatchHook). */
  readonly onBatch?: ImportBatchHook;
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
async function importGroup(db: PrismaClient, files: readonly ResultFile[], options: ImportResultsOptions): Promise<ImportedRun | null> {
  const { groundTruth, onBatch } = options;
  // The scorer is the ground truth's own protocol at its latest revision (createEvaluator's default).
  const scoring = resolveScoringConfig({ groundTruth });
  const identity = { importFile: importFileOf(files), importHash: await importHashOf(files) };
  // Every file of a group has the same model and tool set (the grouping key).
  const { model, toolSet } = parseResultsFileName((files[0] as ResultFile).path) as { model: string; toolSet: "all" | "domains" };
  const name = `${model} · ${toolSet} tools (recorded) · ${groundTruth}`;
  return importRunOnce(db, { groundTruth, protocol: scoring.protocol, identity, name }, async ({ version, context, match }) => {
    const rows = (async function* () {
      for (const file of files) {
        for await (const batch of streamRecordedResultsFile(file.path, file.domain)) yield file.trial === 0 ? batch : batch.map((row) => ({ ...row, trial: file.trial }));
      }
    })();
    // Estimated usage (lib/costs), added up batch by batch as the rows are matched to their tasks.
    const estimator = await createRecordedRunEstimator(model, toolSet);
    const matchAndEstimate: typeof match = (batch) => {
      const matched = match(batch);
      estimator?.add(matched.map(({ row, taskKey }) => ({ row, toolkits: context.tasksByKey.get(taskKey)?.toolkits ?? [] })));
      return matched;
    };
    const runId = await writeImportedRunInChunks(db, {
      name, datasetId: version.datasetId, versionId: version.id, groundTruth, ...identity, model,
      toolSet, protocol: scoring.protocol, scoringRevision: scoring.revision, trials: trialsOf(files),
      estimate: () => estimator?.result() ?? null,
    }, buildImportBatches(rows, matchAndEstimate, context, scoring.protocol, onBatch));
    return { runId, name };
  }, options);
}
