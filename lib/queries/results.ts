// Reads of task results: the per-run aggregates (shaped by lib/metrics), the filterable result table,
// one result with its trace, and a task's results across runs. Run-vs-run comparison is compare.ts; the
// first divergence, divergence.ts.
import "server-only";
import { cache } from "react";
import { prisma } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { errorBreakdown, parseDiagnostics } from "@/lib/metrics/error-breakdown";
import { tallyBy, tallyByActionCount, tallyResults, type ScoredResult } from "@/lib/metrics/summarize-results";
import { trialConsistency } from "@/lib/metrics/trial-consistency";
import { countedRunSql } from "@/lib/runs/counted-runs";
import { phrasedVersion, runTaskTexts } from "@/lib/datasets/phrased-tasks";
import type { Phrasing } from "@/lib/workbench/datasets/phrasings/names";
import { runSettingsFrom } from "@/lib/settings/run-settings";
import { isProviderFailure } from "@/lib/runs/run-outcome";

/**
 * Light rows of every result of a run (done ones carry verdicts): enough for every chart and table of
 * the run page, and for its progress, read from the same snapshot so the header agrees with the rates.
 */
async function loadScoredResults(runId: string) {
  const rows = await prisma.taskResult.findMany({
    where: { runId },
    select: {
      status: true,
      taskId: true,
      correct: true,
      sideEffects: true,
      exactMatch: true,
      error: true,
      errorKind: true,
      diagnostics: true,
      task: { select: { domain: true, baseTemplate: true, actionCount: true } },
    },
  });
  return rows.map((row) => ({
    status: row.status,
    taskId: row.taskId,
    errorKind: row.errorKind,
    scored: {
      domain: row.task.domain,
      template: row.task.baseTemplate,
      actionCount: row.task.actionCount,
      correct: row.correct === true,
      sideEffects: row.sideEffects === true,
      exactMatch: row.exactMatch === true,
      error: row.error,
    } satisfies ScoredResult,
    diagnostics: parseDiagnostics(row.diagnostics),
  }));
}

/**
 * `trials` is the run's k: with k > 1 the summary also carries pass@1 / pass^k / pass@k. Every rate is
 * over the scored tasks: tasks that failed at the provider (lib/runs/run-outcome.ts) are counted apart,
 * not as the agent's wrong answers; recorded (imported) results are all scored, as their evaluator did.
 */
export async function getRunSummary({ runId, trials = 1, source = "launched" }: { runId: string; trials?: number; source?: string }) {
  const all = await loadScoredResults(runId);
  const done = all.filter((row) => row.status === "done");
  const rows = source === "imported" ? done : done.filter((row) => !isProviderFailure(row.errorKind));
  const scored = rows.map((row) => row.scored);
  const count = (status: string) => all.filter((row) => row.status === status).length;
  return {
    /** Results per status, from the same read as the rates (the page's progress bar shows these). */
    progress: { total: all.length, done: done.length, running: count("running"), pending: count("pending"), skipped: count("skipped") },
    done: done.length,
    providerFailures: done.length - rows.length,
    overall: tallyResults(scored),
    consistency: trialConsistency(
      rows.map((row) => ({ taskId: row.taskId, correct: row.scored.correct })),
      trials,
    ),
    byDomain: tallyBy(scored, (result) => result.domain),
    byActionCount: tallyByActionCount(scored),
    byTemplate: tallyBy(scored, (result) => result.template),
    errors: errorBreakdown(
      rows.map((row) => ({ correct: row.scored.correct, sideEffects: row.scored.sideEffects, diagnostics: row.diagnostics })),
    ),
  };
}

export type RunSummary = Awaited<ReturnType<typeof getRunSummary>>;

export interface ResultFilter {
  readonly domain?: string;
  readonly verdict?: "correct" | "wrong";
  readonly sideEffects?: boolean;
  readonly errored?: boolean;
  readonly q?: string;
}

export const RESULT_PAGE_SIZE = 20;

export async function listRunResults({ runId, filter, page = 0 }: { runId: string; filter: ResultFilter; page?: number }) {
  const where: Prisma.TaskResultWhereInput = {
    runId,
    task: {
      domain: filter.domain,
      text: filter.q ? { contains: filter.q, mode: "insensitive" } : undefined,
    },
    correct: filter.verdict === "correct" ? true : filter.verdict === "wrong" ? { not: true } : undefined,
    sideEffects: filter.sideEffects,
    error: filter.errored === undefined ? undefined : filter.errored ? { not: null } : null,
  };
  const [total, rows] = await Promise.all([
    prisma.taskResult.count({ where }),
    prisma.taskResult.findMany({
      where,
      orderBy: [{ task: { domain: "asc" } }, { task: { position: "asc" } }, { trial: "asc" }],
      skip: page * RESULT_PAGE_SIZE,
      take: RESULT_PAGE_SIZE,
      select: {
        id: true,
        trial: true,
        status: true,
        correct: true,
        sideEffects: true,
        exactMatch: true,
        error: true,
        calls: true,
        task: { select: { key: true, domain: true, text: true, actionCount: true } },
      },
    }),
  ]);
  return { total, rows };
}

export type RunResultRow = Awaited<ReturnType<typeof listRunResults>>["rows"][number];

// Per-request memo: generateMetadata and the page both read the result.
const findResultWithTrace = cache((runId: string, resultId: string) =>
  prisma.taskResult.findFirst({
    where: { id: resultId, runId },
    include: {
      task: true,
      run: { select: { id: true, name: true, groundTruth: true, agent: true, model: true, toolSet: true, source: true, params: true, versionId: true } },
      steps: { orderBy: { index: "asc" } },
    },
  }),
);

/**
 * One result with its task, run and ordered steps; null when it does not belong to the run. In a reworded
 * run the task's text is the wording its agent was sent, with the name and the text as written beside it.
 */
export async function getResultWithTrace({ runId, resultId }: { runId: string; resultId: string }) {
  const result = await findResultWithTrace(runId, resultId);
  if (!result) return null;
  const { phrasing } = runSettingsFrom(result.run.params);
  const texts = await runTaskTexts(prisma, { versionId: result.run.versionId, phrasing });
  const sent = texts?.get(result.task.key);
  if (sent === undefined) return { ...result, phrasing: null };
  return { ...result, task: { ...result.task, text: sent }, phrasing: { name: phrasing, originalText: result.task.text } };
}

/** A reworded run's dataset tasks that have no such wording (its launch left them out); 0 for the tasks as written. */
export async function countUnworded({ versionId, phrasing }: { versionId: string | null; phrasing: Phrasing }): Promise<number> {
  if (phrasing === "original" || !versionId) return 0;
  return (await phrasedVersion(prisma, versionId, phrasing)).unphrased.length;
}

export type ResultWithTrace = NonNullable<Awaited<ReturnType<typeof getResultWithTrace>>>;

export const TASK_RESULT_PAGE_SIZE = 10;

interface TaskResultRow {
  id: string;
  trial: number;
  correct: boolean | null;
  sideEffects: boolean | null;
  error: string | null;
  calls: string[];
  runId: string;
  runName: string;
  model: string | null;
  agent: string;
  toolSet: string;
}

/**
 * One page of a task's scored results across runs (the task page), the latest finished first, with its
 * totals. Scored as the leaderboards count them: done results of the runs the boards count
 * (lib/runs/counted-runs.ts: finished or recorded, not archived, not a test run), provider failures left
 * out (migration leaderboard_tallies); the totals leave test configurations out (a test configuration's
 * key ends in "test": tally.sql run_key). The totals are ConfigTaskTally summed over the
 * task's configurations and the page is read in the order of an index (TaskResult taskId, status,
 * finishedAt desc, id): neither counts nor sorts every result of the task.
 */
export async function listResultsForTask({ taskId, page = 0 }: { taskId: string; page?: number }) {
  const [[totals], rows] = await Promise.all([
    prisma.$queryRaw<{ total: number; correct: number }[]>`
      SELECT coalesce(sum(trials), 0)::int AS total, coalesce(sum(correct), 0)::int AS correct
        FROM "ConfigTaskTally" WHERE "taskId" = ${taskId} AND NOT ("configKey"::jsonb ? 'test')`,
    prisma.$queryRaw<TaskResultRow[]>`
      SELECT x.id, x.trial, x.correct, x."sideEffects", x.error, coalesce(x.calls, '{}') AS calls,
             r.id AS "runId", r.name AS "runName", r.model, r.agent, r."toolSet"
        FROM "TaskResult" x
        JOIN "Run" r ON r.id = x."runId"
       WHERE x."taskId" = ${taskId} AND x.status = 'done' AND ${countedRunSql("r")}
         AND (r.source = 'imported' OR NOT workbench_provider_failure(x."errorKind"))
       ORDER BY x."finishedAt" DESC, x.id
       LIMIT ${TASK_RESULT_PAGE_SIZE} OFFSET ${page * TASK_RESULT_PAGE_SIZE}`,
  ]);
  const results = rows.map(({ runId, runName, model, agent, toolSet, ...result }) => ({ ...result, run: { id: runId, name: runName, model, agent, toolSet } }));
  return { total: totals?.total ?? 0, correct: totals?.correct ?? 0, results };
}

/**
 * What the trace page folds of one step (a model turn's text, a tool's observation, its state change),
 * read on demand when the user opens it. Only a step of that result of that run: null otherwise.
 */
export async function getStepPayload({ runId, resultId, index }: { runId: string; resultId: string; index: number }) {
  return prisma.step.findFirst({
    where: { index, resultId, result: { id: resultId, runId } },
    select: { index: true, kind: true, text: true, observation: true, diff: true },
  });
}

export type StepPayload = NonNullable<Awaited<ReturnType<typeof getStepPayload>>>;
