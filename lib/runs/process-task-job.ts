// One claimed result = one (run, task, trial): run the agent on a fresh sandbox with its steps
// persisted in small batches, score, and write the verdict once with the run's aggregates.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { taskFaults } from "@/lib/workbench/tools/faults";
import { afterFinish } from "./after-finish";
import type { ClaimedResult } from "./claim";
import { costOf } from "@/lib/providers";
import { createAgent } from "@/lib/workbench/agents";
import { createSandbox } from "@/lib/workbench/sandbox/sandbox";
import { toolsForTask } from "@/lib/workbench/agents/tool-call";
import { executeTask, type TaskExecution } from "./execute-task";
import { deletePartialSteps, finishedTaskOf, finishResult, releaseResult } from "./persist-result";
import { getRunContext, type RunContext } from "./run-context";
import { createBufferedStepSink, type StepRow } from "./step-store";
import type { Sql } from "./sql";

/** done: verdict written; lost: another attempt holds the result now; released: given back (worker stopping). */
export type JobOutcome = "done" | "lost" | "released";

/** A result whose executions keep failing for infrastructure reasons is scored as an error after this many. */
export const MAX_ATTEMPTS = 5;

export interface TaskJobOptions {
  /** Aborts the agent when the worker stops without waiting: the result is then released, not scored. */
  readonly shutdown?: AbortSignal;
  /**
   * Called when the agent is done and no model request of it can be in flight (not after a timeout,
   * where a stuck agent may still be waiting on one): the worker gives the task's place in the run's
   * concurrency to its next claim; the verdict is written when the returned promise resolves.
   */
  readonly settle?: () => Promise<void>;
}

/**
 * `db` for the per-run look-ups, `sql` for the per-task hot path (see sql.ts). Throws on
 * infrastructure failures; the caller releases the result.
 */
export async function processTaskJob(db: PrismaClient, sql: Sql, claim: ClaimedResult, options: TaskJobOptions = {}): Promise<JobOutcome> {
  const { shutdown } = options;
  const run = await getRunContext(db, claim.runId);
  const task = run.version.tasksByKey.get(claim.taskKey);
  if (!task) throw new Error(`Task ${claim.taskKey} is not in the loaded ${run.version.dataset.version} dataset`);
  if (claim.attempt > 1) await deletePartialSteps(sql, claim.id);
  if (claim.attempt > MAX_ATTEMPTS) {
    const error = `Gave up after ${MAX_ATTEMPTS} attempts that failed for infrastructure reasons`;
    const outcome = { calls: [], error, errorKind: null, inputTokens: 0, outputTokens: 0, retries: 0, finalAnswer: null };
    return finish(db, sql, run, claim, { outcome, errorKind: "internal", verdict: run.version.scorer.scoreTask(task, [], error), latencyMs: 0 }, []);
  }

  const sink = createBufferedStepSink(sql, claim.id, claim.attempt);
  const execution = await executeTask(task, {
    agent: createAgent(run.agent),
    sandbox: createSandbox(run.version.dataset.sandbox),
    tools: toolsForTask(run.protocol.tools, run.toolSet, task),
    protocol: run.protocol,
    harness2026: run.harness2026,
    sink,
    engine: run.engine,
    scorer: run.version.scorer,
    timeoutMs: run.timeoutMs,
    signal: shutdown,
    model: run.model,
    temperature: run.temperature,
    requestParams: run.requestParams,
    maxSteps: run.maxSteps,
    recordedCalls: run.agent === "replay" ? claim.calls : undefined,
    faults: taskFaults(run.faultPlan, task.key),
    askConfidence: run.askConfidence,
  });
  if (execution.errorKind !== "timeout" && !shutdown?.aborted) await options.settle?.();
  const steps = await sink.drain();
  if (shutdown?.aborted) {
    await releaseResult(sql, claim); // cut short by a stopping worker: another worker runs it again
    return "released";
  }
  return finish(db, sql, run, claim, execution, steps);
}

async function finish(
  db: PrismaClient, sql: Sql, run: RunContext, claim: ClaimedResult, execution: TaskExecution,
  steps: readonly StepRow[],
): Promise<JobOutcome> {
  const { outcome } = execution;
  const progress = await finishResult(sql, claim, finishedTaskOf(execution, costFor(run, outcome.inputTokens, outcome.outputTokens), steps));
  if (!progress) return "lost";
  await afterFinish(db, sql, run, claim.runId, progress, claim.id);
  return "done";
}

function costFor(run: RunContext, inputTokens: number, outputTokens: number): number {
  if (!run.provider || !run.modelId || inputTokens + outputTokens === 0) return 0;
  return costOf(run.provider, run.modelId, { inputTokens, outputTokens }).usd;
}
