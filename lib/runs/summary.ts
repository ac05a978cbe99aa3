// A run's headline figures for the CLI: the aggregates kept on the Run row plus a per-domain split.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { trialConsistency, type TrialConsistency } from "@/lib/metrics/trial-consistency";
import { usageRecorded } from "@/lib/metrics/run-usage";
import { printable } from "@/lib/security/printable";
import { estimateLines, readRunEstimate, type RunEstimate } from "./estimated-run";

export interface DomainSummary {
  readonly domain: string;
  readonly n: number;
  readonly correct: number;
  readonly sideEffects: number;
}

export interface RunSummary {
  readonly id: string;
  readonly name: string;
  readonly status: string;
  readonly tasksTotal: number;
  readonly tasksDone: number;
  readonly accuracy: number;
  readonly sideEffectRate: number;
  readonly exactMatchCount: number;
  readonly errorCount: number;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly costUsd: number;
  readonly retries: number;
  /** False for recorded results without usage: their zero tokens and cost are unknown, not free. */
  readonly usageRecorded: boolean;
  /** Why the run failed, as stored (e.g. "Run failed: every task failed at the provider (5/5)"). */
  readonly error: string | null;
  readonly durationMs: number | null;
  readonly domains: readonly DomainSummary[];
  /** pass@1 / pass^k / pass@k; null unless the run has k > 1 trials per task. */
  readonly consistency: TrialConsistency | null;
  /** An estimated run's (or a converted one's) estimate of the full-benchmark accuracy (estimated-run.ts). */
  readonly estimate?: RunEstimate | null;
}

export async function getRunSummary(db: PrismaClient, runId: string): Promise<RunSummary | null> {
  const run = await db.run.findUnique({ where: { id: runId } });
  if (!run) return null;
  // From the run's tallies kept on write (RunTally), not from its results.
  const domains = await db.$queryRaw<DomainSummary[]>`
    SELECT domain, sum(n)::int AS n, sum(correct)::int AS correct, sum("sideEffects")::int AS "sideEffects"
      FROM "RunTally" WHERE "runId" = ${runId}
     GROUP BY domain HAVING sum(n) > 0 ORDER BY domain`;
  const outcomes = run.trials > 1
    ? await db.taskResult.findMany({ where: { runId, status: "done" }, select: { taskId: true, correct: true } })
    : [];
  const rate = (count: number) => (run.tasksDone === 0 ? 0 : count / run.tasksDone);
  return {
    id: run.id, name: run.name, status: run.status, tasksTotal: run.tasksTotal, tasksDone: run.tasksDone,
    accuracy: rate(run.correctCount), sideEffectRate: rate(run.sideEffectCount), exactMatchCount: run.exactMatchCount,
    errorCount: run.errorCount, inputTokens: run.inputTokens, outputTokens: run.outputTokens, costUsd: run.costUsd,
    retries: run.retries,
    usageRecorded: usageRecorded(run),
    error: run.error,
    durationMs: run.startedAt && run.finishedAt ? run.finishedAt.getTime() - run.startedAt.getTime() : null,
    domains,
    consistency: trialConsistency(outcomes.map((row) => ({ taskId: row.taskId, correct: row.correct === true })), run.trials),
    estimate: run.estimate === null ? null : await readRunEstimate(db, run.id),
  };
}

export function formatRunSummary(summary: RunSummary): string {
  const pct = (value: number) => `${(value * 100).toFixed(2)} %`;
  const lines = [
    `Run ${summary.id}  ${printable(summary.name)}  [${summary.status}]${summary.error ? `  ${printable(summary.error)}` : ""}`,
    `  tasks        ${summary.tasksDone}/${summary.tasksTotal}`,
    `  accuracy     ${pct(summary.accuracy)}${summary.estimate?.estimated ? " (on the tasks run)" : ""}`,
    ...(summary.estimate ? estimateLines(summary.estimate, summary.id) : []),
    `  side effects ${pct(summary.sideEffectRate)}`,
    `  exact match  ${summary.exactMatchCount}   errors ${summary.errorCount}   provider retries ${summary.retries}`,
    summary.usageRecorded
      ? `  tokens       ${summary.inputTokens} in / ${summary.outputTokens} out   cost $${summary.costUsd.toFixed(4)}`
      : "  tokens       unknown (not recorded)   cost unknown",
    `  duration     ${summary.durationMs === null ? "-" : `${(summary.durationMs / 1000).toFixed(1)} s`}`,
    ...consistencyLines(summary.consistency, pct),
    "  per domain:",
    ...summary.domains.map(
      (d) => `    ${d.domain.padEnd(30)} ${String(d.correct).padStart(4)}/${String(d.n).padEnd(4)} ${pct(d.n ? d.correct / d.n : 0).padStart(9)}   side effects ${d.sideEffects}`,
    ),
  ];
  return lines.join("\n");
}

function consistencyLines(consistency: TrialConsistency | null, pct: (value: number) => string): string[] {
  if (!consistency) return [];
  const { k, tasks, incompleteTasks } = consistency;
  const leftOut = incompleteTasks > 0 ? `, ${incompleteTasks} with fewer trials left out` : "";
  const row = (label: string, value: number) => `    ${label.padEnd(32)} ${pct(value)}`;
  return [
    `  trials       k=${k} over ${tasks} task(s) with all trials scored${leftOut}`,
    row("pass@1 (mean over trials)", consistency.passAt1),
    row(`pass^${k} (all ${k} trials correct)`, consistency.passHatK),
    row(`pass@${k} (any trial correct)`, consistency.passAtK),
  ];
}
