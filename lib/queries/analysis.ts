// Reads for the analysis views: a result's neighbours in its run (keyboard navigation), the trial
// verdicts behind flaky tasks, and the paired verdicts of two runs with their domains.
import "server-only";
import { prisma } from "@/lib/db";
import type { TrialVerdict } from "@/lib/metrics/flaky-tasks";
import { storedPrimaryCause } from "@/lib/metrics/primary-causes";
import { getInjectedFaultsByResult, getToolErrorsByResult } from "./primary-causes";
import { redactUrlCredentialsOrNull } from "@/lib/workbench/core/url-credentials";
import { estimateBasis, estimateText, readRunEstimate } from "@/lib/runs/estimated-run";

/** The previous and next result of the run in the run page's order (domain, position, trial). */
export async function getResultNeighbours({ runId, resultId }: { runId: string; resultId: string }) {
  const ids = await prisma.taskResult.findMany({
    where: { runId },
    orderBy: [{ task: { domain: "asc" } }, { task: { position: "asc" } }, { trial: "asc" }],
    select: { id: true },
  });
  const at = ids.findIndex((row) => row.id === resultId);
  if (at < 0) return { previous: null, next: null, position: null, total: ids.length };
  return { previous: ids[at - 1]?.id ?? null, next: ids[at + 1]?.id ?? null, position: at + 1, total: ids.length };
}

/** Every scored (task, trial) verdict of a run, for flakyTasks. */
export async function listTrialVerdicts({ runId }: { runId: string }): Promise<TrialVerdict[]> {
  const rows = await prisma.taskResult.findMany({
    where: { runId, status: "done" },
    select: { id: true, taskId: true, trial: true, correct: true, task: { select: { key: true, domain: true } } },
  });
  return rows.map((row) => ({
    taskId: row.taskId,
    key: row.task.key,
    domain: row.task.domain,
    resultId: row.id,
    trial: row.trial,
    correct: row.correct === true,
  }));
}

/** The run a result belongs to (the side-by-side page is addressed by result ids only). */
export async function getResultRunId({ resultId }: { resultId: string }): Promise<string | null> {
  const row = await prisma.taskResult.findUnique({ where: { id: resultId }, select: { runId: true } });
  return row?.runId ?? null;
}

/**
 * A run's scored results for export, in run order; null when the run does not exist. Token and cost
 * figures are null for imported runs that recorded none (unknown, not zero). Every row names the
 * dataset, ground truth (and its revision), protocol and scoring revision it was scored under, so rows
 * of different exports never pass for one another.
 */
export async function listRunExportRows({ runId }: { runId: string }) {
  const run = await prisma.run.findUnique({
    where: { id: runId },
    select: {
      source: true, inputTokens: true, outputTokens: true, groundTruth: true, protocol: true, scoringRevision: true,
      dataset: { select: { slug: true } }, version: { select: { revision: true } }, estimated: true,
    },
  });
  if (!run) return null;
  // An estimated run says so on every row, with its full-benchmark estimate (lib/runs/estimated-run.ts).
  const runEstimate = run.estimated ? await readRunEstimate(prisma, runId) : null;
  const estimated = {
    estimated: run.estimated,
    estimate: runEstimate ? `${estimateText(runEstimate.estimate)} ${estimateBasis(runEstimate)}` : null,
  };
  const identity = {
    dataset: run.dataset.slug,
    ground_truth: run.groundTruth,
    ground_truth_revision: run.version?.revision ?? null,
    protocol: run.protocol,
    scoring_revision: run.scoringRevision,
  };
  const usageKnown = run.source !== "imported" || run.inputTokens + run.outputTokens > 0;
  const rows = await prisma.taskResult.findMany({
    where: { runId, status: "done" },
    orderBy: [{ task: { domain: "asc" } }, { task: { position: "asc" } }, { trial: "asc" }],
    select: {
      id: true, trial: true, correct: true, sideEffects: true, exactMatch: true, errorKind: true, error: true, calls: true,
      failedCalls: true, diagnostics: true, inputTokens: true, outputTokens: true, costUsd: true, latencyMs: true,
      task: { select: { key: true, domain: true, baseTemplate: true, actionCount: true, groundTruth: true } },
    },
  });
  const [toolErrors, injectedFaults] = await Promise.all([getToolErrorsByResult(prisma, runId), getInjectedFaultsByResult(prisma, [runId])]);
  return rows.map((row) => ({
    ...identity,
    task: row.task.key,
    domain: row.task.domain,
    template: row.task.baseTemplate,
    gt_actions: row.task.actionCount,
    trial: row.trial,
    correct: row.correct,
    side_effects: row.sideEffects,
    exact_match: row.exactMatch,
    error_kind: row.errorKind,
    error: redactUrlCredentialsOrNull(row.error),
    calls: row.calls,
    primary_cause: storedPrimaryCause({ ...row, groundTruth: row.task.groundTruth, injectedFaults: injectedFaults.get(row.id) ?? 0 }),
    tool_errors: toolErrors.get(row.id) ?? 0,
    input_tokens: usageKnown ? row.inputTokens : null,
    output_tokens: usageKnown ? row.outputTokens : null,
    cost_usd: usageKnown ? row.costUsd : null,
    latency_ms: row.latencyMs,
    ...estimated,
  }));
}
