// One finished run as every export format reads it: the run's settings and counters, and each result
// with its task (key, domain, text, ground-truth calls) and its stored steps in order. Loaded once
// per export; the format writers (inspect/, workbench-2024.ts, workbench-2026.ts, otel/) are pure
// functions of it.
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import type { StepColumns } from "@/lib/traces/step-columns";
import { redactUrlCredentialsOrNull as redact } from "@/lib/workbench/core/url-credentials";
import { runTaskTexts } from "@/lib/datasets/phrased-tasks";
import { runSettingsFrom } from "@/lib/settings/run-settings";

export type ExportStep = StepColumns;

export interface ExportResult {
  readonly id: string;
  readonly taskKey: string;
  readonly domain: string;
  /** The task's text as the agent was sent it: its wording in a reworded run. */
  readonly text: string;
  /** A reworded run only (RunSettings.phrasing): the wording's name and the task's text as written. */
  readonly phrasing?: { readonly name: string; readonly originalText: string };
  readonly groundTruth: readonly string[];
  readonly toolkits: readonly string[];
  readonly trial: number;
  readonly calls: readonly string[];
  readonly correct: boolean;
  readonly sideEffects: boolean;
  readonly exactMatch: boolean;
  readonly error: string | null;
  readonly errorKind: string | null;
  readonly finalAnswer: string | null;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly costUsd: number;
  readonly latencyMs: number | null;
  readonly startedAt: Date | null;
  readonly finishedAt: Date | null;
  readonly diagnostics: unknown;
  /** The calls the scorer's replay skipped because they raised (TaskResult.failedCalls). */
  readonly failedCalls: unknown;
  readonly steps: readonly ExportStep[];
}

export interface ExportRun {
  readonly id: string;
  readonly name: string;
  readonly source: string;
  readonly agent: string;
  readonly provider: string | null;
  readonly model: string | null;
  readonly toolSet: string;
  readonly protocol: string;
  readonly scoringRevision: string | null;
  readonly groundTruth: string;
  readonly datasetName: string;
  readonly datasetSlug: string;
  readonly versionHash: string | null;
  readonly params: Readonly<Record<string, unknown>>;
  readonly trials: number;
  readonly status: string;
  readonly appRevision: string | null;
  readonly importFile: string | null;
  readonly createdAt: Date;
  readonly startedAt: Date | null;
  readonly finishedAt: Date | null;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly costUsd: number;
  readonly results: readonly ExportResult[];
}

/** A run imported from recorded results carries no measured usage: its token fields are unknown, not zero. */
export function hasMeasuredUsage(run: Pick<ExportRun, "source" | "inputTokens" | "outputTokens">): boolean {
  return run.source !== "imported" || run.inputTokens + run.outputTokens > 0;
}

const RUN_INCLUDE = { dataset: { select: { name: true, slug: true } }, version: { select: { contentHash: true } } } as const;
const RESULT_INCLUDE = { task: true, steps: { orderBy: { index: "asc" } } } as const;

type RunRow = Prisma.RunGetPayload<{ include: typeof RUN_INCLUDE }>;
type ResultRow = Prisma.TaskResultGetPayload<{ include: typeof RESULT_INCLUDE }>;

function exportResult(result: ResultRow): ExportResult {
  return {
    id: result.id, taskKey: result.task.key, domain: result.task.domain, text: result.task.text,
    groundTruth: result.task.groundTruth, toolkits: result.task.toolkits, trial: result.trial, calls: result.calls,
    correct: result.correct === true, sideEffects: result.sideEffects === true, exactMatch: result.exactMatch === true,
    // Rows imported or written before credentials were redacted on the way in: none leave in an export.
    error: redact(result.error), errorKind: result.errorKind, finalAnswer: redact(result.finalAnswer),
    inputTokens: result.inputTokens, outputTokens: result.outputTokens, costUsd: result.costUsd, latencyMs: result.latencyMs,
    startedAt: result.startedAt, finishedAt: result.finishedAt, diagnostics: result.diagnostics, failedCalls: result.failedCalls,
    steps: result.steps.map(({ kind, tool, args, call, observation, ok, diff, text, errorKind, inputTokens, outputTokens, latencyMs, finishReason, retries, fault, arguments: sent }) => ({
      kind: kind as ExportStep["kind"], tool, args, call, observation: redact(observation), ok, diff, text: redact(text), errorKind, inputTokens, outputTokens, latencyMs, finishReason, retries, fault, arguments: sent,
    })),
  };
}

/** A reworded run's results carry the wording each task was sent (the worker's, lib/datasets/phrased-tasks.ts). */
async function asSent(db: PrismaClient, run: RunRow, results: ExportResult[]): Promise<ExportResult[]> {
  const { phrasing } = runSettingsFrom(run.params);
  const texts = await runTaskTexts(db, { versionId: run.versionId, phrasing });
  if (!texts) return results;
  return results.map((result) => ({ ...result, text: texts.get(result.taskKey) ?? result.text, phrasing: { name: phrasing, originalText: result.text } }));
}

function exportRun(run: RunRow, results: ExportResult[]): ExportRun {
  return {
    id: run.id, name: run.name, source: run.source, agent: run.agent, provider: run.provider, model: run.model,
    toolSet: run.toolSet, protocol: run.protocol, scoringRevision: run.scoringRevision, groundTruth: run.groundTruth,
    datasetName: run.dataset.name, datasetSlug: run.dataset.slug, versionHash: run.version?.contentHash ?? null,
    params: isRecord(run.params) ? run.params : {}, trials: run.trials, status: run.status, appRevision: run.appRevision,
    importFile: run.importFile, createdAt: run.createdAt, startedAt: run.startedAt, finishedAt: run.finishedAt,
    inputTokens: run.inputTokens, outputTokens: run.outputTokens, costUsd: run.costUsd, results,
  };
}

/** The run with its done results (task order, then trial) and their steps; null when there is no such run. */
export async function loadRunForExport(db: PrismaClient, runId: string): Promise<ExportRun | null> {
  const run = await db.run.findUnique({ where: { id: runId }, include: { ...RUN_INCLUDE, results: { where: { status: "done" }, include: RESULT_INCLUDE } } });
  if (!run) return null;
  const results = run.results.map(exportResult).sort((a, b) => a.taskKey.localeCompare(b.taskKey) || a.trial - b.trial);
  return exportRun(run, await asSent(db, run, results));
}

/** One done result with its run (whose `results` holds only it): what a finished task's trace needs. */
export async function loadResultForExport(db: PrismaClient, resultId: string): Promise<ExportRun | null> {
  const result = await db.taskResult.findUnique({ where: { id: resultId }, include: { ...RESULT_INCLUDE, run: { include: RUN_INCLUDE } } });
  if (!result || result.status !== "done") return null;
  return exportRun(result.run, [exportResult(result)]);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
