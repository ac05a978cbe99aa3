// The "Reproduce the paper" report: the paper's recorded runs as imported (official dataset, v1 ground
// truth, protocol 2024) and the ground truth's action counts, shaped by lib/metrics/paper-report.ts.
// Takes its client, so the CLI (`workbench paper --json`) reads it too (no server-only import here).
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { parseDiagnostics } from "@/lib/metrics/error-breakdown";
import { buildPaperReport, type PaperRun } from "@/lib/metrics/paper-report";
import { PAPER_MODELS } from "@/lib/metrics/paper-values";
import { OFFICIAL_DATASET_SLUG as OFFICIAL_SLUG } from "@/lib/datasets/official-slug";
import { countedRunWhere } from "@/lib/runs/counted-runs";


/**
 * The newest completed imported run (counted as the boards count: not archived, not a test run) per paper model × tool set that covers every task of its version (a
 * partial import, such as one domain's file, is not the paper's run).
 */
async function findPaperRuns(db: PrismaClient) {
  const runs = await db.run.findMany({
    where: {
      // The boards' rule (lib/runs/counted-runs.ts): an archived or test run is not the paper's run.
      ...countedRunWhere(),
      source: "imported",
      groundTruth: "v1",
      protocol: "2024",
      status: "completed",
      dataset: { slug: OFFICIAL_SLUG },
      model: { in: PAPER_MODELS.map((m) => m.model) },
      toolSet: { in: ["domains", "all"] },
    },
    orderBy: { createdAt: "desc" },
    select: { id: true, name: true, model: true, toolSet: true, versionId: true, tasksDone: true, version: { select: { taskCount: true } } },
  });
  const newest = new Map<string, (typeof runs)[number]>();
  for (const run of runs) {
    const whole = run.version === null || run.tasksDone >= run.version.taskCount;
    if (whole && !newest.has(`${run.model}/${run.toolSet}`)) newest.set(`${run.model}/${run.toolSet}`, run);
  }
  // The paper's order: models as in its tables, the required tools before all tools.
  const rank = (run: (typeof runs)[number]) => PAPER_MODELS.findIndex((m) => m.model === run.model) * 2 + (run.toolSet === "all" ? 1 : 0);
  return [...newest.values()].sort((a, b) => rank(a) - rank(b));
}

async function loadResults(db: PrismaClient, runIds: readonly string[]) {
  const rows = await db.taskResult.findMany({
    where: { runId: { in: [...runIds] }, status: "done" },
    select: {
      runId: true, correct: true, sideEffects: true, diagnostics: true,
      task: { select: { domain: true, baseTemplate: true, actionCount: true } },
    },
  });
  const byRun = new Map<string, PaperRun["results"][number][]>();
  for (const row of rows) {
    const list = byRun.get(row.runId) ?? [];
    list.push({
      domain: row.task.domain,
      template: row.task.baseTemplate,
      actionCount: row.task.actionCount,
      correct: row.correct === true,
      sideEffects: row.sideEffects === true,
      diagnostics: parseDiagnostics(row.diagnostics),
    });
    byRun.set(row.runId, list);
  }
  return byRun;
}

/** Action counts of the v1 tasks the runs were scored on (else the current v1 revision); [] without data. */
async function groundTruthActionCounts(db: PrismaClient, versionId: string | null) {
  const version = versionId
    ? { id: versionId }
    : await db.groundTruthVersion.findFirst({ where: { name: "v1", supersededAt: null, dataset: { slug: OFFICIAL_SLUG } }, select: { id: true } });
  if (!version) return [];
  const tasks = await db.task.findMany({ where: { versionId: version.id }, select: { actionCount: true } });
  return tasks.map((task) => task.actionCount);
}

export async function readPaperReport(db: PrismaClient) {
  const runs = await findPaperRuns(db);
  const results = await loadResults(db, runs.map((run) => run.id));
  const paperRuns: PaperRun[] = runs.map((run) => ({
    runId: run.id,
    name: run.name,
    model: run.model ?? "",
    toolSet: run.toolSet,
    results: results.get(run.id) ?? [],
  }));
  const versionId = runs.find((run) => run.versionId)?.versionId ?? null;
  const report = buildPaperReport({ runs: paperRuns, groundTruthActionCounts: await groundTruthActionCounts(db, versionId) });
  return { ...report, datasetImported: report.figure4.bins.length > 0 };
}

export type PaperPageReport = Awaited<ReturnType<typeof readPaperReport>>;
