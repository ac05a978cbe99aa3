// Scores matched recorded rows and writes one imported run in a single transaction, a chunk of rows
// (and their traces) at a time.
import { RUN_SETTINGS_DEFAULTS } from "../../settings/launch-options";
import { randomUUID } from "node:crypto";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { recordedErrorKind } from "./recorded-trace";
import { redactUrlCredentialsOrNull } from "@/lib/workbench/core/url-credentials";
import type { AgentStep } from "@/lib/workbench/agents/types";
import type { TaskVerdict } from "@/lib/workbench/evaluate/types";
import type { RecordedResult } from "@/lib/workbench/results/types";
import { appRevision } from "../app-revision";
import type { VersionContext } from "../run-context";
import type { ProtocolId } from "@/lib/workbench/protocols/types";
import { stepColumns } from "../../traces/step-columns";
import type { MatchedRow, RowMatcher } from "./match-tasks";
import { insertDoneResults, insertSteps } from "./bulk-insert";
import { recordedTrace } from "./recorded-trace";
import { estimateColumns } from "@/lib/costs/estimate-recorded-run";
import type { UsageEstimate } from "@/lib/costs/estimate-recorded-usage";

export interface ImportRow {
  readonly id: string;
  readonly taskId: string;
  readonly row: RecordedResult;
  readonly verdict: TaskVerdict;
  readonly steps: readonly AgentStep[];
  /** The trial (0-based) when a run holds several per task (an Inspect log's epochs, `trial-<n>/` folders); default 0. */
  readonly trial?: number;
}

/** Scores each row with `context.scorer`; traces replay the calls with the protocol's tools. */
export async function buildImportRows(matched: readonly MatchedRow[], context: VersionContext, protocol: ProtocolId): Promise<ImportRow[]> {
  const rows: ImportRow[] = [];
  for (const { row, taskId, taskKey } of matched) {
    const task = context.tasksByKey.get(taskKey);
    if (!task) throw new Error(`${row.file}:${row.line}: task ${taskKey} is not in the loaded dataset`);
    const verdict = context.scorer.scoreTask(task, row.calls, row.error || null);
    const steps = await recordedTrace(task, row, context.dataset.sandbox, protocol);
    rows.push({ id: randomUUID(), taskId, row, verdict, steps, trial: row.trial ?? 0 });
  }
  return rows;
}

/**
 * Runs on each batch of built rows before it is written, and returns the rows to write: the place for
 * per-row work an import adds (e.g. estimating token counts from the recorded texts), done a batch at a
 * time like the rest so it never needs the whole file.
 */
export type ImportBatchHook = (rows: ImportRow[]) => ImportRow[] | Promise<ImportRow[]>;

/**
 * Batches of recorded rows (as a results file is streamed) matched, scored and traced a batch at a
 * time, for writeImportedRunInChunks: memory holds one batch, never the whole file.
 */
export async function* buildImportBatches(
  batches: AsyncIterable<readonly RecordedResult[]>,
  match: RowMatcher,
  context: VersionContext,
  protocol: ProtocolId,
  onBatch?: ImportBatchHook,
): AsyncGenerator<ImportRow[]> {
  for await (const batch of batches) {
    const rows = await buildImportRows(match(batch), context, protocol);
    yield onBatch ? await onBatch(rows) : rows;
  }
}

export interface ImportedRunData {
  readonly name: string;
  readonly datasetId: string;
  readonly groundTruth: string;
  /** The ground-truth revision the rows were matched and scored against (kept if a later import replaces it). */
  readonly versionId: string;
  readonly importFile: string;
  /** The content hash the import is recognised by (import-once.ts); null for imports that keep their own key. */
  readonly importHash?: string | null;
  readonly model: string | null;
  readonly toolSet: string;
  readonly rows: readonly ImportRow[];
  /** Protocol and 2026 scoring revision the verdicts were computed under (default: 2024, none). */
  readonly protocol?: string;
  readonly scoringRevision?: string | null;
  readonly provider?: string | null;
  readonly baseUrl?: string | null;
  readonly params?: Record<string, unknown>;
  readonly promptHash?: string | null;
  readonly costUsd?: number;
  /**
   * Recorded runs without usage: tokens and cost estimated from the recorded prompts (stored apart).
   * A function is read once every chunk is written (a streamed import adds its estimate up chunk by chunk).
   */
  readonly estimate?: UsageEstimate | null | (() => UsageEstimate | null);
  readonly startedAt?: Date;
  readonly finishedAt?: Date;
  /** Trials per task (default 1). */
  readonly trials?: number;
}

const count = (rows: readonly ImportRow[], test: (verdict: TaskVerdict) => boolean) => rows.filter((row) => test(row.verdict)).length;

/** The run's counters, added up chunk by chunk. */
interface Tally {
  inputTokens: number;
  outputTokens: number;
  tasks: number;
  correct: number;
  sideEffects: number;
  exactMatch: number;
  errors: number;
}

/**
 * Long enough for the largest imports on a busy machine. The transaction holds locks only on the
 * rows it inserts (the new run's), so launches and runs in progress are never waiting on it.
 */
const IMPORT_TRANSACTION = { timeout: 30 * 60_000, maxWait: 60_000 } as const;

export async function writeImportedRun(db: PrismaClient, data: ImportedRunData): Promise<string> {
  const { rows, ...header } = data;
  return writeImportedRunInChunks(db, header, (async function* () {
    yield rows;
  })());
}

/**
 * Writes one imported run from chunks of rows, in one transaction (all or nothing): the Run row first,
 * each chunk's results and steps as it comes, the run's counters last. A chunk that fails to build
 * (a malformed row) rolls the whole run back.
 */
export async function writeImportedRunInChunks(
  db: PrismaClient,
  data: Omit<ImportedRunData, "rows">,
  chunks: AsyncIterable<readonly ImportRow[]>,
): Promise<string> {
  const now = new Date();
  const runId = randomUUID();
  await db.$transaction(async (tx) => {
    await tx.run.create({
      data: {
        id: runId, name: data.name, datasetId: data.datasetId, groundTruth: data.groundTruth, versionId: data.versionId, source: "imported",
        protocol: data.protocol ?? "2024", scoringRevision: data.scoringRevision ?? null,
        agent: "recorded", provider: data.provider ?? null, model: data.model, baseUrl: data.baseUrl ?? null,
        toolSet: data.toolSet, params: (data.params ?? {}) as Prisma.InputJsonObject, importFile: data.importFile, importHash: data.importHash ?? null,
        promptHash: data.promptHash ?? null, costUsd: data.costUsd ?? 0,
        appRevision: appRevision(), status: "completed", concurrency: 1, trials: data.trials ?? RUN_SETTINGS_DEFAULTS.trials,
        tasksTotal: 0, tasksDone: 0, startedAt: data.startedAt ?? now, finishedAt: data.finishedAt ?? now,
      },
    });
    const tally: Tally = { inputTokens: 0, outputTokens: 0, tasks: 0, correct: 0, sideEffects: 0, exactMatch: 0, errors: 0 };
    for await (const rows of chunks) {
      await insertDoneResults(tx, rows.map((row) => resultRow(runId, row, now)));
      await insertSteps(tx, rows.flatMap((row) => row.steps.map((step, index) => ({ id: randomUUID(), resultId: row.id, index, ...stepColumns(step) }))));
      tally.tasks += rows.length;
      for (const row of rows) {
        const usage = measuredUsage(row);
        tally.inputTokens += usage.inputTokens;
        tally.outputTokens += usage.outputTokens;
      }
      tally.correct += count(rows, (v) => v.correct);
      tally.sideEffects += count(rows, (v) => v.sideEffects);
      tally.exactMatch += count(rows, (v) => v.exactMatch);
      tally.errors += count(rows, (v) => v.error !== null);
    }
    await tx.run.update({
      where: { id: runId },
      data: {
        tasksTotal: tally.tasks, tasksDone: tally.tasks, correctCount: tally.correct, sideEffectCount: tally.sideEffects,
        exactMatchCount: tally.exactMatch, errorCount: tally.errors, inputTokens: tally.inputTokens, outputTokens: tally.outputTokens,
        ...estimateColumns(typeof data.estimate === "function" ? data.estimate() : data.estimate),
      },
    });
  }, IMPORT_TRANSACTION);
  return runId;
}

/** Token counts the source measured (an Inspect log's model turns); recorded results have none: zeros. */
function measuredUsage(row: ImportRow): { inputTokens: number; outputTokens: number } {
  let inputTokens = 0;
  let outputTokens = 0;
  for (const step of row.steps) {
    if (step.kind !== "model") continue;
    inputTokens += step.inputTokens;
    outputTokens += step.outputTokens;
  }
  return { inputTokens, outputTokens };
}

function resultRow(runId: string, importRow: ImportRow, now: Date) {
  const { id, taskId, row, verdict, trial } = importRow;
  return {
    ...measuredUsage(importRow),
    id, runId, taskId, trial: trial ?? 0, attempt: 1, calls: row.calls,
    correct: verdict.correct, sideEffects: verdict.sideEffects, exactMatch: verdict.exactMatch, error: redactUrlCredentialsOrNull(verdict.error),
    errorKind: recordedErrorKind(row.error),
    diagnostics: verdict.diagnostics, diff: verdict.diffVsGroundTruth, failedCalls: verdict.failedCalls,
    finalAnswer: redactUrlCredentialsOrNull(row.finalOutput), startedAt: now, finishedAt: now,
  };
}
