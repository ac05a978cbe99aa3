// Explaining a run: primary causes of its wrong answers (lib/metrics/primary-causes.ts), over the same results as the
// run page's rates (done; for launched runs without the tasks that failed at the provider), and its
// tool calls by outcome (ok / refused / failed).
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { primaryCauseCounts, type StoredAnswer } from "@/lib/metrics/primary-causes";
import { isProviderFailure } from "@/lib/runs/run-outcome";
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

/** One run's wrong answers per primary cause (zeros included), and how many wrong answers there are. */
export async function getRunPrimaryCauses(db: PrismaClient, run: { id: string; source: string }) {
  return causesOf((await loadStoredAnswers(db, [run])).get(run.id) ?? []);
}

/** The pooled causes of several runs (a leaderboard configuration's). */
export async function getPooledPrimaryCauses(db: PrismaClient, runIds: readonly string[]) {
  const runs = await db.run.findMany({ where: { id: { in: [...runIds] } }, select: { id: true, source: true } });
  return causesOf([...(await loadStoredAnswers(db, runs)).values()].flat());
}

function causesOf(answers: readonly StoredAnswer[]) {
  return { wrong: answers.filter((answer) => answer.correct !== true).length, causes: primaryCauseCounts(answers) };
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
