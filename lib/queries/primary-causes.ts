// Primary causes of a run's wrong answers (lib/metrics/primary-causes.ts), over the same results as the
// run page's rates: done, and for launched runs without the tasks that failed at the provider.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { primaryCauseCounts, type StoredAnswer } from "@/lib/metrics/primary-causes";
import { isProviderFailure } from "@/lib/runs/run-outcome";

const STORED_ANSWER_SELECT = {
  runId: true, correct: true, error: true, errorKind: true, calls: true, failedCalls: true, diagnostics: true,
  task: { select: { groundTruth: true } },
} as const;

/** Scored results of the runs, as the cause rules read them, by run id. */
export async function loadStoredAnswers(db: PrismaClient, runs: readonly { id: string; source: string }[]) {
  const rows = await db.taskResult.findMany({ where: { runId: { in: runs.map((run) => run.id) }, status: "done" }, select: STORED_ANSWER_SELECT });
  const imported = new Set(runs.filter((run) => run.source === "imported").map((run) => run.id));
  const byRun = new Map<string, StoredAnswer[]>(runs.map((run) => [run.id, []]));
  for (const row of rows) {
    if (!imported.has(row.runId) && isProviderFailure(row.errorKind)) continue;
    byRun.get(row.runId)?.push({ ...row, groundTruth: row.task.groundTruth });
  }
  return byRun;
}

/** One run's wrong answers per primary cause (zeros included), and how many wrong answers there are. */
export async function getRunPrimaryCauses(db: PrismaClient, run: { id: string; source: string }) {
  const answers = (await loadStoredAnswers(db, [run])).get(run.id) ?? [];
  return { wrong: answers.filter((answer) => answer.correct !== true).length, causes: primaryCauseCounts(answers) };
}
