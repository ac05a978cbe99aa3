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
  const byRun = new Map<string, (StoredAnswer & { id: string })[]>(runs.map((run) => [run.id, []]));
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

/** Wrong answers per primary cause (every rule, zeros included), and how many wrong answers there are. */
export interface PooledCauses {
  readonly wrong: number;
  readonly causes: readonly CauseCount[];
}

/** What the run page explains of a run: its causes, and its tool calls by outcome. */
export interface RunExplanation extends PooledCauses {
  readonly toolCallGroups: readonly ToolCallGroup[];
}

/** Every cause rule, in order, with the given counts (by cause id; absent ones are zero). */
function causesFromCounts(counts: ReadonlyMap<string, number>): CauseCount[] {
  return primaryCauseCounts([]).map((cause) => ({ ...cause, count: counts.get(cause.id) ?? 0 }));
}

/**
 * Reading every result's calls and diagnostics to explain a run costs a page hundreds of milliseconds (a
 * configuration pools all its runs), so a finished run keeps its explanation (RunExplanation) beside the
 * fingerprint of what it was computed from: the code's revision, the run's status, counters and scoring
 * revision. A re-score clears it (rescore.ts); any other change to a run's verdicts changes its counters or
 * status. A run still moving is explained afresh on every read and nothing is kept. Only the counts are
 * kept: a cause's label and description come from the rules.
 */
const keptExplanationSchema = z.object({
  fingerprint: z.string(),
  wrong: z.number().int(),
  counts: z.record(z.string(), z.number().int()),
  toolCallGroups: z.array(z.object({ tool: z.string().nullable(), ok: z.boolean().nullable(), observation: z.string().nullable(), calls: z.number().int() })),
});

export const explainSelect = {
  id: true, source: true, status: true, tasksDone: true, correctCount: true, sideEffectCount: true, errorCount: true,
  scoringRevision: true, finishedAt: true, explanation: { select: { data: true } },
} as const satisfies Prisma.RunSelect;

export type ExplainedRun = Prisma.RunGetPayload<{ select: typeof explainSelect }>;

export function fingerprintOf(run: ExplainedRun): string {
  return [appRevision() ?? "no-revision", run.status, run.tasksDone, run.correctCount, run.sideEffectCount, run.errorCount, run.scoringRevision ?? "", run.finishedAt?.toISOString() ?? ""].join("|");
}

/** The runs' explanations, by run id: kept ones read, the others computed (and kept when the run is finished). */
export async function getRunExplanations(db: PrismaClient, runIds: readonly string[]): Promise<Map<string, RunExplanation>> {
  const runs = await db.run.findMany({ where: { id: { in: [...runIds] } }, select: explainSelect });
  const explained = new Map<string, RunExplanation>();
  const stale: ExplainedRun[] = [];
  for (const run of runs) {
    const kept = keptExplanationSchema.safeParse(run.explanation?.data);
    if (kept.success && kept.data.fingerprint === fingerprintOf(run)) {
      const { wrong, counts, toolCallGroups } = kept.data;
      explained.set(run.id, { wrong, causes: causesFromCounts(new Map(Object.entries(counts))), toolCallGroups });
    } else {
      stale.push(run);
    }
  }
  if (stale.length === 0) return explained;
  const [answers, groups] = await Promise.all([loadStoredAnswers(db, stale), getToolCallGroupsByRun(db, stale.map((run) => run.id))]);
  for (const run of stale) {
    const runAnswers = answers.get(run.id) ?? [];
    const explanation: RunExplanation = {
      wrong: runAnswers.filter((answer) => answer.correct !== true).length,
      causes: primaryCauseCounts(runAnswers),
      toolCallGroups: groups.get(run.id) ?? [],
    };
    explained.set(run.id, explanation);
    if (isActiveStatus(run.status)) continue;
    const counts = Object.fromEntries(explanation.causes.filter((cause) => cause.count > 0).map((cause) => [cause.id, cause.count]));
    // Plain JSON; Prisma's JSON input type does not take interfaces.
    const data = { fingerprint: fingerprintOf(run), wrong: explanation.wrong, counts, toolCallGroups: explanation.toolCallGroups } as unknown as Prisma.InputJsonObject;
    // A cache write never fails the page (the run deleted meanwhile, say): the next read computes again.
    await db.runExplanation.upsert({ where: { runId: run.id }, create: { runId: run.id, data }, update: { data } }).catch(() => undefined);
  }
  return explained;
}

/** One run's explanation (the run page's primary causes and tool-call cards). */
export async function getRunExplanation(db: PrismaClient, runId: string): Promise<RunExplanation> {
  return (await getRunExplanations(db, [runId])).get(runId) ?? { wrong: 0, causes: causesFromCounts(new Map()), toolCallGroups: [] };
}

/** The pooled causes of several runs (a leaderboard configuration's): each run's counts, added up. */
export async function getPooledPrimaryCauses(db: PrismaClient, runIds: readonly string[]): Promise<PooledCauses> {
  const explanations = [...(await getRunExplanations(db, runIds)).values()];
  const counts = new Map<string, number>();
  for (const explanation of explanations) for (const cause of explanation.causes) counts.set(cause.id, (counts.get(cause.id) ?? 0) + cause.count);
  return { wrong: explanations.reduce((sum, explanation) => sum + explanation.wrong, 0), causes: causesFromCounts(counts) };
}

/**
 * The runs' tool calls grouped by tool, outcome and observation (lib/metrics/tool-call-stats.ts), by run id,
 * in one query; only observations short enough to be a refusal are read.
 */
export async function getToolCallGroupsByRun(db: PrismaClient, runIds: readonly string[]): Promise<Map<string, ToolCallGroup[]>> {
  const rows = await db.$queryRaw<(ToolCallGroup & { runId: string })[]>`
    SELECT x."runId", s.tool, s.ok,
           CASE WHEN length(s.observation) <= ${REFUSAL_READ_CHARS} THEN s.observation END AS observation,
           count(*)::int AS calls
      FROM "Step" s JOIN "TaskResult" x ON x.id = s."resultId"
     WHERE x."runId" = ANY (${[...runIds]}::text[]) AND s.kind = 'tool'
     GROUP BY 1, 2, 3, 4`;
  const byRun = new Map<string, ToolCallGroup[]>();
  for (const { runId, ...group } of rows) {
    const groups = byRun.get(runId);
    if (groups) groups.push(group);
    else byRun.set(runId, [group]);
  }
  return byRun;
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
