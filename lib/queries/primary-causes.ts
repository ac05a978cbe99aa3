// Explaining a run: primary causes of its wrong answers (lib/metrics/primary-causes.ts), over the same results as the
// run page's rates (done; for launched runs without the tasks that failed at the provider), and its
// tool calls by outcome (ok / refused / failed).
import { z } from "zod";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { primaryCauseCounts, type CauseCount, type StoredAnswer } from "@/lib/metrics/primary-causes";
import type { ToolCallGroup } from "@/lib/metrics/tool-call-stats";
import { appRevision } from "@/lib/runs/app-revision";
import { isActiveStatus, isProviderFailure } from "@/lib/runs/run-outcome";
import { MAX_REFUSAL_CHARS as REFUSAL_READ_CHARS, toolCallStatus } from "@/lib/workbench/tools/refusals";

const STORED_ANSWER_SELECT = {
  id: true, runId: true, correct: true, error: true, errorKind: true, calls: true, failedCalls: true, diagnostics: true,
  task: { select: { groundTruth: true } },
} as const;

/** Scored results of the runs, as the cause rules read them, by run id. */
export async function loadStoredAnswers(db: PrismaClient, runs: readonly { id: string; source: string }[]) {
  const runIds = runs.map((run) => run.id);
  const [rows, faults] = await Promise.all([
    db.taskResult.findMany({ where: { runId: { in: runIds }, status: "done" }, select: STORED_ANSWER_SELECT }),
    getInjectedFaultsByResult(db, runIds),
  ]);
  const imported = new Set(runs.filter((run) => run.source === "imported").map((run) => run.id));
  const byRun = new Map<string, StoredAnswer[]>(runs.map((run) => [run.id, []]));
  for (const row of rows) {
    if (!imported.has(row.runId) && isProviderFailure(row.errorKind)) continue;
    byRun.get(row.runId)?.push({ ...row, groundTruth: row.task.groundTruth, injectedFaults: faults.get(row.id) ?? 0 });
  }
  return byRun;
}

/** Injected faults per result, for the runs launched with faults (a clean run's steps are not read). */
export async function getInjectedFaultsByResult(db: PrismaClient, runIds: readonly string[]): Promise<Map<string, number>> {
  if (runIds.length === 0) return new Map();
  const rows = await db.$queryRaw<{ resultId: string; faults: number }[]>`
    SELECT s."resultId", count(*)::int AS faults
      FROM "Run" u JOIN "TaskResult" r ON r."runId" = u.id JOIN "Step" s ON s."resultId" = r.id
     WHERE u.id = ANY(${[...runIds]}::text[]) AND run_fault_rate(u.params) IS NOT NULL AND s.kind = 'tool' AND s.fault IS NOT NULL
     GROUP BY s."resultId"`;
  return new Map(rows.map((row) => [row.resultId, row.faults]));
}

/** Wrong answers per primary cause (zeros included), and how many wrong answers there are. */
function causesOf(answers: readonly StoredAnswer[]): { wrong: number; causes: CauseCount[] } {
  return { wrong: answers.filter((answer) => answer.correct !== true).length, causes: primaryCauseCounts(answers) };
}

/** What the run page explains of a run: its wrong answers per primary cause, and its tool calls by outcome. */
export interface RunExplanation {
  readonly wrong: number;
  readonly causes: readonly CauseCount[];
  readonly toolCallGroups: readonly ToolCallGroup[];
}

/**
 * Reading every result's calls and diagnostics to explain a run costs a page hundreds of milliseconds (a
 * configuration pools all its runs), so a finished run keeps its explanation (RunExplanation) beside the
 * fingerprint of what it was computed from: the code's revision, the run's status, counters and scoring
 * revision. A re-score clears it (rescore.ts); any other change to a run's verdicts changes its counters or
 * status. A run still moving is explained afresh on every read and nothing is kept.
 */
const explainCacheSchema = z.object({
  fingerprint: z.string(),
  wrong: z.number().int(),
  causes: z.array(z.object({ id: z.string(), label: z.string(), description: z.string(), count: z.number().int() })),
  toolCallGroups: z.array(z.object({ tool: z.string().nullable(), ok: z.boolean().nullable(), observation: z.string().nullable(), calls: z.number().int() })),
});

const explainSelect = {
  id: true, source: true, status: true, tasksDone: true, correctCount: true, sideEffectCount: true, errorCount: true,
  scoringRevision: true, finishedAt: true, explanation: { select: { data: true } },
} as const;

type ExplainedRun = { id: string; source: string; status: string; tasksDone: number; correctCount: number; sideEffectCount: number; errorCount: number; scoringRevision: string | null; finishedAt: Date | null; explanation: { data: unknown } | null };

function fingerprintOf(run: ExplainedRun): string {
  return [appRevision() ?? "no-revision", run.status, run.tasksDone, run.correctCount, run.sideEffectCount, run.errorCount, run.scoringRevision ?? "", run.finishedAt?.toISOString() ?? ""].join("|");
}

/** The runs' explanations, by run id: kept ones read, the others computed (and kept when the run is finished). */
export async function getRunExplanations(db: PrismaClient, runIds: readonly string[]): Promise<Map<string, RunExplanation>> {
  const runs: ExplainedRun[] = await db.run.findMany({ where: { id: { in: [...runIds] } }, select: explainSelect });
  const explained = new Map<string, RunExplanation>();
  const stale: ExplainedRun[] = [];
  for (const run of runs) {
    const kept = explainCacheSchema.safeParse(run.explanation?.data);
    if (kept.success && kept.data.fingerprint === fingerprintOf(run)) explained.set(run.id, kept.data);
    else stale.push(run);
  }
  if (stale.length > 0) {
    const answers = await loadStoredAnswers(db, stale);
    for (const run of stale) {
      const explanation: RunExplanation = { ...causesOf(answers.get(run.id) ?? []), toolCallGroups: await getRunToolCallGroups(db, run.id) };
      explained.set(run.id, explanation);
      if (isActiveStatus(run.status)) continue;
      // Plain JSON (strings, numbers, booleans, nulls, arrays of objects); Prisma's JSON input type does not take interfaces.
      const data = { fingerprint: fingerprintOf(run), ...explanation } as unknown as Prisma.InputJsonObject;
      // A cache write never fails the page (the run deleted meanwhile, say): the next read computes again.
      await db.runExplanation.upsert({ where: { runId: run.id }, create: { runId: run.id, data }, update: { data } }).catch(() => undefined);
    }
  }
  return explained;
}

/** One run's explanation (the run page's primary causes and tool-call cards). */
export async function getRunExplanation(db: PrismaClient, runId: string): Promise<RunExplanation> {
  return (await getRunExplanations(db, [runId])).get(runId) ?? { wrong: 0, causes: primaryCauseCounts([]), toolCallGroups: [] };
}

export interface PooledCauses {
  readonly wrong: number;
  readonly causes: readonly CauseCount[];
}

/** The pooled causes of several runs (a leaderboard configuration's): each run's counts, added up. */
export async function getPooledPrimaryCauses(db: PrismaClient, runIds: readonly string[]): Promise<PooledCauses> {
  const explanations = [...(await getRunExplanations(db, runIds)).values()];
  const counts = new Map<string, number>();
  for (const explanation of explanations) for (const cause of explanation.causes) counts.set(cause.id, (counts.get(cause.id) ?? 0) + cause.count);
  return {
    wrong: explanations.reduce((sum, explanation) => sum + explanation.wrong, 0),
    causes: primaryCauseCounts([]).map((cause) => ({ ...cause, count: counts.get(cause.id) ?? 0 })),
  };
}

/**
 * A run's tool calls grouped by tool, outcome and observation, for lib/metrics/tool-call-stats.ts; only
 * observations short enough to be a refusal are read.
 */
export async function getRunToolCallGroups(db: PrismaClient, runId: string) {
  return db.$queryRaw<{ tool: string | null; ok: boolean | null; observation: string | null; calls: number }[]>`
    SELECT s.tool, s.ok,
           CASE WHEN length(s.observation) <= ${REFUSAL_READ_CHARS} THEN s.observation END AS observation,
           count(*)::int AS calls
      FROM "Step" s JOIN "TaskResult" x ON x.id = s."resultId"
     WHERE x."runId" = ${runId} AND s.kind = 'tool'
     GROUP BY 1, 2, 3`;
}

/** Tool calls per result that raised or were refused (the run export's tool_errors). */
export async function getToolErrorsByResult(db: PrismaClient, runId: string) {
  const rows = await db.$queryRaw<{ resultId: string; ok: boolean | null; observation: string | null; calls: number }[]>`
    SELECT s."resultId", s.ok,
           CASE WHEN length(s.observation) <= ${REFUSAL_READ_CHARS} THEN s.observation END AS observation,
           count(*)::int AS calls
      FROM "Step" s JOIN "TaskResult" x ON x.id = s."resultId"
     WHERE x."runId" = ${runId} AND s.kind = 'tool' AND (s.ok = false OR length(s.observation) <= ${REFUSAL_READ_CHARS})
     GROUP BY 1, 2, 3`;
  const errors = new Map<string, number>();
  for (const row of rows) {
    if (toolCallStatus(row.ok, row.observation) !== "ok") errors.set(row.resultId, (errors.get(row.resultId) ?? 0) + row.calls);
  }
  return errors;
}
