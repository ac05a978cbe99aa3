// Spending limits: a cap on tasks × trials per launch, a per-user launch rate, and a per-run budget in
// USD and tokens. A run that reaches its budget turns `budget_exceeded` and its pending tasks turn
// `skipped` in the same statement (workers claim only queued/running runs, so none would ever run;
// the run's error says why); tasks already running finish and are counted.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { costOf } from "@/lib/providers";
import { env as currentEnv, type EnvPart as Environment } from "@/lib/env";
import { SKIP_PENDING_OF_CLOSED_RUN } from "./cancel";
import type { Sql } from "./sql";

export const DEFAULT_MAX_TASKS_PER_LAUNCH = 2_760; // the 690 tasks × 4 trials
export const DEFAULT_LAUNCHES_PER_MINUTE = 20;

/** Null when the launch is within the cap (STUDIO_MAX_TASKS_PER_LAUNCH), else the message to show. */
export function checkLaunchSize(tasks: number, trials: number, env: Environment = currentEnv()): string | null {
  const cap = env.STUDIO_MAX_TASKS_PER_LAUNCH ?? DEFAULT_MAX_TASKS_PER_LAUNCH;
  const total = tasks * trials;
  if (total <= cap) return null;
  return `${tasks} tasks × ${trials} trials = ${total} exceeds the limit of ${cap} per launch (STUDIO_MAX_TASKS_PER_LAUNCH): lower the limit or the trials`;
}

/**
 * Null when `actor` may launch now, else the message. Counts the actor's launches of the last minute
 * in the audit table, so the limit holds across web processes (STUDIO_LAUNCHES_PER_MINUTE).
 */
export async function checkLaunchRate(db: PrismaClient, actor: string, env: Environment = currentEnv()): Promise<string | null> {
  const limit = env.STUDIO_LAUNCHES_PER_MINUTE ?? DEFAULT_LAUNCHES_PER_MINUTE;
  const since = new Date(Date.now() - 60_000);
  const recent = await db.auditEvent.count({ where: { actor, action: "run.launch", createdAt: { gte: since } } });
  return recent < limit ? null : `At most ${limit} launches per minute: wait a moment and launch again`;
}

export interface BudgetChoice {
  readonly budgetUsd?: number;
  readonly budgetTokens?: number;
}

/**
 * The budget a run gets: what the user asked, else the server's defaults (STUDIO_RUN_BUDGET_USD,
 * STUDIO_RUN_BUDGET_TOKENS). A model without a known price cannot be held to dollars: it is flagged and
 * then needs a token budget (`problem` says so, for the budgetTokens field).
 */
export function runBudget(
  request: BudgetChoice & { readonly provider: string | null; readonly model: string | null },
  env: Environment = currentEnv(),
): { budgetUsd: number | null; budgetTokens: number | null; priceKnown: boolean | null; problem: string | null } {
  const budgetUsd = request.budgetUsd ?? env.STUDIO_RUN_BUDGET_USD ?? null;
  const budgetTokens = request.budgetTokens ?? env.STUDIO_RUN_BUDGET_TOKENS ?? null;
  if (!request.provider || !request.model) return { budgetUsd, budgetTokens, priceKnown: null, problem: null };
  const priceKnown = costOf(request.provider, request.model, { inputTokens: 1, outputTokens: 1 }).known;
  const problem =
    !priceKnown && budgetUsd !== null && budgetTokens === null
      ? `${request.model} has no price in config/prices.json, so a USD budget cannot be enforced: set a token budget`
      : null;
  return { budgetUsd, budgetTokens, priceKnown, problem };
}

/**
 * Called by the worker after each finished task: stops the run when its spend reached the budget.
 * One guarded statement, so concurrent workers agree; returns true when this call stopped the run.
 */
export async function enforceRunBudget(sql: Sql, runId: string): Promise<boolean> {
  const { rows } = await sql.query<{ closed: number }>(
    `WITH closed AS (
       UPDATE "Run" SET status = 'budget_exceeded', "finishedAt" = now(),
              error = CASE WHEN "budgetUsd" IS NOT NULL AND "costUsd" >= "budgetUsd"
                           THEN 'Budget of $' || "budgetUsd" || ' reached: tasks not started were skipped'
                           ELSE 'Budget of ' || "budgetTokens" || ' tokens reached: tasks not started were skipped' END
        WHERE id = $1 AND status IN ('queued', 'running')
          AND (("budgetUsd" IS NOT NULL AND "costUsd" >= "budgetUsd")
            OR ("budgetTokens" IS NOT NULL AND "inputTokens" + "outputTokens" >= "budgetTokens"))
       RETURNING id
     ), skipped AS (${SKIP_PENDING_OF_CLOSED_RUN})
     SELECT count(*)::int AS closed FROM closed`,
    [runId],
  );
  return (rows[0]?.closed ?? 0) > 0;
}
