// One job = one (run, task, trial): claim the result, run the agent on a fresh sandbox with steps
// persisted as they happen, score, write the verdict once and fold it into the run's aggregates.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { cancelRunIfIdle } from "./cancel";
import { ALL_TOOLS, costOf, createAgent, createSandbox, toolsForToolkits } from "./engine";
import { executeTask } from "./execute-task";
import { claimResult, deletePartialSteps, finishResult, releaseResult, type ClaimedResult } from "./persist-result";
import { forgetRun, getRunContext, type RunContext } from "./run-context";
import { createDbStepSink } from "./step-store";
import type { TaskJobData } from "./queue";
import type { Sql } from "./sql";

export type JobOutcome = "done" | "skipped" | "lost";

/** `db` for the per-run look-ups, `sql` for the per-task hot path (see sql.ts). */
export async function processTaskJob(db: PrismaClient, sql: Sql, job: TaskJobData, signal?: AbortSignal): Promise<JobOutcome> {
  const claim = await claimResult(sql, job.resultId);
  if (!claim) {
    // Done already, running elsewhere, or its run is no longer active (a cancelling run settles here).
    await cancelRunIfIdle(db, job.runId);
    return "skipped";
  }
  try {
    return await runClaimed(db, sql, claim, signal);
  } catch (error) {
    await releaseResult(sql, claim).catch(() => undefined);
    throw error;
  }
}

async function runClaimed(db: PrismaClient, sql: Sql, claim: ClaimedResult, signal?: AbortSignal): Promise<JobOutcome> {
  const run = await getRunContext(db, claim.runId);
  const task = run.version.tasksByKey.get(claim.taskKey);
  if (!task) throw new Error(`Task ${claim.taskKey} is not in the loaded ${run.version.dataset.version} dataset`);
  if (claim.attempt > 1) await deletePartialSteps(sql, claim.id);

  const execution = await executeTask(task, {
    agent: createAgent(run.agent),
    sandbox: createSandbox(run.version.dataset.sandbox),
    tools: run.toolSet === "all" ? ALL_TOOLS : toolsForToolkits(task.toolkits),
    sink: createDbStepSink(sql, claim.id, claim.attempt),
    scorer: run.version.scorer,
    timeoutMs: run.timeoutMs,
    signal,
    model: run.model,
    temperature: run.temperature,
    maxSteps: run.maxSteps,
    recordedCalls: run.agent === "replay" ? claim.calls : undefined,
  });
  const { outcome } = execution;
  const progress = await finishResult(sql, claim, {
    calls: outcome.calls,
    verdict: execution.verdict,
    errorKind: execution.errorKind,
    finalAnswer: outcome.finalAnswer,
    inputTokens: outcome.inputTokens,
    outputTokens: outcome.outputTokens,
    costUsd: costFor(run, outcome.inputTokens, outcome.outputTokens),
    retries: outcome.retries,
    latencyMs: execution.latencyMs,
  });
  if (!progress) return "lost";
  if (progress.status === "cancelling") await cancelRunIfIdle(db, claim.runId);
  if (progress.status !== "running") forgetRun(claim.runId);
  return "done";
}

function costFor(run: RunContext, inputTokens: number, outputTokens: number): number {
  if (!run.provider || !run.modelId || inputTokens + outputTokens === 0) return 0;
  return costOf(run.provider, run.modelId, { inputTokens, outputTokens }).usd;
}
