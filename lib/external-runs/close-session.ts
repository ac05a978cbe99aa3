// Ending an external agent's task: on its `finish`, at its deadline (the agent hung or vanished), or when
// its run is cancelled. Whichever comes first closes the session (one UPDATE wins), waits for a call in
// flight in this process, records the final or error step and scores the calls the agent made with the
// run's scorer, written once by the same statement as a built-in task (persist-result.ts).
import { randomUUID } from "node:crypto";
import { redactUrlCredentials } from "@/lib/workbench/core/url-credentials";
import { ITERATION_LIMIT_MESSAGE } from "@/lib/workbench/core/v1-error-wording";
import { afterFinish } from "@/lib/runs/after-finish";
import { finishResult } from "@/lib/runs/persist-result";
import { getRunContext } from "@/lib/runs/run-context";
import { stepColumns } from "@/lib/traces/step-columns";
import type { StepRow } from "@/lib/runs/step-store";
import type { AgentStep } from "@/lib/workbench/agents/types";
import type { McpDeps } from "./deps";
import { withSessionLock } from "./session-lock";
import { forgetSessionSandbox } from "./session-sandbox";

export type CloseReason = "finished" | "deadline" | "cancelled";

/** What the agent reports with `finish` (all optional; tokens and cost are its own accounting). */
export interface AgentReport {
  readonly finalAnswer?: string | null;
  readonly inputTokens?: number;
  readonly outputTokens?: number;
  readonly costUsd?: number;
  /** The agent's own failure, recorded as the task's error (the task is then incorrect). */
  readonly error?: string | null;
}

const CANCELLED_ERROR = "Run cancelled";

interface ClosedRow {
  readonly resultId: string;
  readonly runId: string;
  readonly attempt: number;
}

interface ResultRow {
  readonly calls: string[];
  readonly taskKey: string;
  readonly trial: number;
  readonly startedAt: Date | null;
  readonly stepCount: number;
  readonly turnInputTokens: number;
  readonly turnOutputTokens: number;
}

/** Returns false when the session was already closed (by finish, deadline or cancel). */
export async function closeSession(deps: McpDeps, sessionId: string, reason: CloseReason, report: AgentReport = {}): Promise<boolean> {
  const { rows } = await deps.sql.query<ClosedRow>(
    `UPDATE "McpSession" SET "closedAt" = now(), "closeReason" = $2 WHERE id = $1 AND "closedAt" IS NULL
     RETURNING "resultId", "runId", attempt`,
    [sessionId, reason],
  );
  const closed = rows[0];
  if (!closed) return false;
  // A call already running in this process finishes (and is scored) first; later ones are refused.
  await withSessionLock(sessionId, () => scoreClosed(deps, closed, reason, report));
  forgetSessionSandbox(sessionId);
  return true;
}

async function scoreClosed(deps: McpDeps, closed: ClosedRow, reason: CloseReason, report: AgentReport): Promise<void> {
  const { rows } = await deps.sql.query<ResultRow>(
    `SELECT r.calls, t.key AS "taskKey", r.trial, r."startedAt", (SELECT count(*)::int FROM "Step" WHERE "resultId" = r.id) AS "stepCount",
            (SELECT COALESCE(sum("inputTokens"), 0)::int FROM "Step" WHERE "resultId" = r.id) AS "turnInputTokens",
            (SELECT COALESCE(sum("outputTokens"), 0)::int FROM "Step" WHERE "resultId" = r.id) AS "turnOutputTokens"
       FROM "TaskResult" r JOIN "Task" t ON t.id = r."taskId"
      WHERE r.id = $1 AND r.status = 'running' AND r.attempt = $2`,
    [closed.resultId, closed.attempt],
  );
  const result = rows[0];
  if (!result) return; // finished by another path already
  const run = await getRunContext(deps.db, closed.runId);
  const task = run.version.tasksByKey.get(result.taskKey);
  if (!task) throw new Error(`Task ${result.taskKey} is not in the loaded ${run.version.dataset.version} dataset`);

  const error = errorFor(reason, report);
  const errorKind = reason === "deadline" ? "timeout" : reason === "cancelled" ? "cancelled" : error ? "agent" : null;
  const finalAnswer = reason === "finished" ? (report.finalAnswer ?? "") : null;
  const step: AgentStep = error
    ? { kind: "error", errorKind: reason === "cancelled" ? "cancelled" : "timeout", message: error }
    : { kind: "final", text: finalAnswer ?? "" };
  // The closing step goes in with the verdict, in finishResult's one statement.
  const closingStep: StepRow = { ...stepColumns(step), id: randomUUID(), index: result.stepCount };

  const verdict = run.version.scorer.scoreTask(task, result.calls, error);
  const progress = await finishResult(
    deps.sql,
    { id: closed.resultId, runId: closed.runId, taskKey: result.taskKey, trial: result.trial, attempt: closed.attempt, calls: result.calls },
    {
      calls: result.calls,
      verdict,
      errorKind,
      finalAnswer,
      // The agent's own totals when it gives them, else what its reported turns add up to.
      inputTokens: count(report.inputTokens ?? result.turnInputTokens),
      outputTokens: count(report.outputTokens ?? result.turnOutputTokens),
      costUsd: Math.max(0, Number.isFinite(report.costUsd) ? (report.costUsd ?? 0) : 0),
      retries: 0,
      latencyMs: result.startedAt ? Date.now() - new Date(result.startedAt).getTime() : 0,
      steps: [closingStep],
    },
  );
  if (progress) await afterFinish(deps.db, deps.sql, run, closed.runId, progress, closed.resultId);
}

function errorFor(reason: CloseReason, report: AgentReport): string | null {
  if (reason === "deadline") return ITERATION_LIMIT_MESSAGE;
  if (reason === "cancelled") return CANCELLED_ERROR;
  return report.error ? redactUrlCredentials(report.error.slice(0, 2000)) : null;
}

function count(value: number | undefined): number {
  return value !== undefined && Number.isFinite(value) && value > 0 ? Math.round(value) : 0;
}

/**
 * Closes sessions past their deadline, and those of cancelled runs, scoring what their agents did.
 * Called before every claim and on every tick of the supervisor (push.ts startPushDrivers, started in
 * every server process), so a hung agent cannot hold a slot.
 */
export async function closeExpiredSessions(deps: McpDeps, scope: { runId?: string } = {}): Promise<number> {
  const { rows } = await deps.sql.query<{ id: string; cancelled: boolean }>(
    `SELECT s.id, run.status = 'cancelling' AS cancelled
       FROM "McpSession" s JOIN "Run" run ON run.id = s."runId"
      WHERE s."closedAt" IS NULL AND ($1::text IS NULL OR s."runId" = $1)
        AND (s."expiresAt" <= now() OR run.status = 'cancelling')`,
    [scope.runId ?? null],
  );
  let closed = 0;
  for (const row of rows) if (await closeSession(deps, row.id, row.cancelled ? "cancelled" : "deadline")) closed += 1;
  return closed;
}
