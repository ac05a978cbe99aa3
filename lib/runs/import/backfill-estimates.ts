// Estimates for recorded runs imported before estimates existed (or again, with --force): each run's
// own files, named in its importFile ("<domain>/<file>, …"), are read from the results directory, their
// rows matched to the run's tasks, and only the estimated* columns are written (never measured usage).
import path from "node:path";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { matchRowsToTasks } from "@/lib/runs/import/match-tasks";
import { DOMAINS, type Domain } from "@/lib/workbench/datasets/types";
import { loadRecordedResultsFile } from "@/lib/workbench/results/load";
import { estimateColumns, estimateRecordedRun } from "../../costs/estimate-recorded-run";
import { recordedModelPrice } from "../../costs/recorded-model-prices";
import { errorMessage } from "@/lib/errors";

export interface BackfillOutcome {
  readonly runId: string;
  readonly name: string;
  /** USD estimated, or why the run was left as it was. */
  readonly result: { readonly costUsd: number } | { readonly skipped: string };
}

export async function backfillRecordedEstimates(db: PrismaClient, options: { resultsDir: string; force?: boolean }): Promise<BackfillOutcome[]> {
  const where: Prisma.RunWhereInput = { source: "imported", protocol: "2024", importFile: { not: null }, ...(options.force ? {} : { estimatedCostUsd: null }) };
  const runs = await db.run.findMany({ where, select: { id: true, name: true, model: true, toolSet: true, importFile: true, versionId: true }, orderBy: { createdAt: "asc" } });
  const outcomes: BackfillOutcome[] = [];
  for (const run of runs) {
    outcomes.push({ runId: run.id, name: run.name, result: await backfillRun(db, run, options.resultsDir) });
  }
  return outcomes;
}

type RunToEstimate = { id: string; model: string | null; toolSet: string; importFile: string | null; versionId: string | null };

async function backfillRun(db: PrismaClient, run: RunToEstimate, resultsDir: string): Promise<BackfillOutcome["result"]> {
  if (!run.model || !recordedModelPrice(run.model)) return { skipped: `no dated price for model ${run.model ?? "(none)"}` };
  if (!run.versionId) return { skipped: "the run names no ground-truth revision" };
  const files = (run.importFile ?? "").split(", ").map(parseImportFile);
  if (files.some((file) => file === null)) return { skipped: `import file list not understood: ${run.importFile}` };
  // A protocol-2024 run can also come from the 2026 layout (a Studio export of it: lib/interop/workbench-2026.ts),
  // whose files are not the paper's results CSVs.
  if (files.some((file) => !file!.name.endsWith(".csv"))) return { skipped: `not imported from the paper's results CSVs: ${run.importFile}` };
  let rows;
  try {
    rows = (await Promise.all(files.map((file) => loadRecordedResultsFile(path.join(resultsDir, file!.domain, file!.name), file!.domain)))).flat();
  } catch (error) {
    // One run's files missing from this folder (imported from elsewhere) leaves that run as it was, not the others.
    return { skipped: `its files could not be read from ${resultsDir}: ${errorMessage(error)}` };
  }
  const matched = await matchRowsToTasks(db, run.versionId, rows);
  const tasks = await db.task.findMany({ where: { id: { in: matched.map((row) => row.taskId) } }, select: { id: true, toolkits: true } });
  const toolkits = new Map(tasks.map((task) => [task.id, task.toolkits]));
  const estimate = await estimateRecordedRun(run.model, run.toolSet, matched.map(({ row, taskId }) => ({ row, toolkits: toolkits.get(taskId) ?? [] })));
  if (!estimate) return { skipped: `no dated price for model ${run.model}` };
  await db.run.update({ where: { id: run.id }, data: estimateColumns(estimate) });
  return { costUsd: estimate.costUsd };
}

function parseImportFile(entry: string): { domain: Domain; name: string } | null {
  const [domain, name, ...rest] = entry.trim().split("/");
  if (!domain || !name || rest.length > 0 || !(DOMAINS as readonly string[]).includes(domain)) return null;
  return { domain: domain as Domain, name };
}
