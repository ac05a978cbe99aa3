// What follows a result's verdict, the same for a built-in task (process-task-job.ts) and an external
// one (lib/external-runs/close-session.ts): the task's OpenTelemetry spans are queued when tracing is on
// (never waited for), the run's budget is checked, a cancelling run left idle becomes cancelled, and the
// cached run context is dropped once the run is no longer running; an adaptive estimated run gets its next
// task (estimated-run.ts).
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { enforceRunBudget } from "./budget";
import { cancelRunIfIdle } from "./cancel";
import type { RunProgress } from "./persist-result";
import { forgetRun } from "./run-context";
import type { Sql } from "./sql";
import { queueNextEstimatedTask } from "./estimated-run";
import { traceFinishedResult } from "@/lib/interop/otel/trace-result";

export async function afterFinish(db: PrismaClient, sql: Sql, run: { readonly budgeted: boolean; readonly adaptiveEstimate?: boolean }, runId: string, progress: RunProgress, resultId: string): Promise<void> {
  traceFinishedResult(db, resultId);
  if (run.budgeted && progress.status === "running" && (await enforceRunBudget(sql, runId))) forgetRun(runId);
  if (run.adaptiveEstimate && (progress.status === "running" || progress.status === "queued")) await queueNextEstimatedTask(db, runId);
  if (progress.status === "cancelling") await cancelRunIfIdle(db, runId);
  if (progress.status !== "running") forgetRun(runId);
}
