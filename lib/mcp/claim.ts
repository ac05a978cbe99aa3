// Pull mode: an external agent asks for the next (task, trial) of its run. One transaction holds the
// run's row lock while it counts running results and takes a pending one, so the run's concurrency
// holds across every agent process and machine (two claimers queue on the lock, never both win the
// last slot). The claim opens the attempt's MCP session with a fresh bearer token.
import { hashSecret, newSecret } from "@/lib/security/secrets";
import { closeExpiredSessions } from "./close-session";
import type { McpDeps } from "./deps";

export interface ClaimedSession {
  readonly sessionId: string;
  readonly resultId: string;
  readonly runId: string;
  readonly taskKey: string;
  readonly taskText: string;
  readonly trial: number;
  readonly attempt: number;
  /** The MCP bearer token of this session; only its hash is stored. */
  readonly token: string;
  readonly deadline: Date;
}

/** `wait`: every slot of the run's concurrency is taken; `done`: nothing left to claim (or not active). */
export type ClaimOutcome =
  | { readonly kind: "task"; readonly session: ClaimedSession }
  | { readonly kind: "wait"; readonly retryAfterMs: number }
  | { readonly kind: "done"; readonly status: string };

interface LockedRun {
  readonly status: string;
  readonly concurrency: number;
  readonly timeoutMs: number;
}

interface TakenResult {
  readonly id: string;
  readonly trial: number;
  readonly attempt: number;
  readonly taskKey: string;
  readonly taskText: string;
}

export async function claimNextTask(deps: McpDeps, runId: string): Promise<ClaimOutcome> {
  // A slot held by an agent past its deadline is freed (and that task scored) before counting.
  await closeExpiredSessions(deps, { runId });
  return deps.db.$transaction(async (tx) => {
    const [run] = await tx.$queryRaw<LockedRun[]>`
      SELECT status::text AS status, concurrency, COALESCE((params->>'timeoutMs')::int, 120000) AS "timeoutMs"
        FROM "Run" WHERE id = ${runId} FOR UPDATE`;
    if (!run || (run.status !== "queued" && run.status !== "running")) return { kind: "done", status: run?.status ?? "missing" };
    const [busy] = await tx.$queryRaw<{ running: number; pending: number }[]>`
      SELECT count(*) FILTER (WHERE status = 'running')::int AS running, count(*) FILTER (WHERE status = 'pending')::int AS pending
        FROM "TaskResult" WHERE "runId" = ${runId}`;
    if (!busy || busy.pending === 0) return busy && busy.running > 0 ? { kind: "wait", retryAfterMs: 1000 } : { kind: "done", status: run.status };
    if (busy.running >= run.concurrency) return { kind: "wait", retryAfterMs: 200 };
    const [taken] = await tx.$queryRaw<TakenResult[]>`
      UPDATE "TaskResult" r SET status = 'running', attempt = r.attempt + 1, calls = '{}', "startedAt" = now(), "finishedAt" = NULL
        FROM "Task" t
       WHERE r.id = (SELECT p.id FROM "TaskResult" p JOIN "Task" pt ON pt.id = p."taskId"
                      WHERE p."runId" = ${runId} AND p.status = 'pending'
                      ORDER BY p.trial, pt.domain, pt.position LIMIT 1)
         AND t.id = r."taskId"
      RETURNING r.id, r.trial, r.attempt, t.key AS "taskKey", t.text AS "taskText"`;
    if (!taken) return { kind: "wait", retryAfterMs: 200 };
    if (run.status === "queued") await tx.$executeRaw`UPDATE "Run" SET status = 'running', "startedAt" = now() WHERE id = ${runId}`;
    const token = newSecret("wbs");
    const deadline = new Date(Date.now() + run.timeoutMs);
    const session = await tx.mcpSession.create({
      data: { resultId: taken.id, runId, attempt: taken.attempt, tokenHash: hashSecret(token), expiresAt: deadline },
      select: { id: true },
    });
    return {
      kind: "task",
      session: { sessionId: session.id, resultId: taken.id, runId, taskKey: taken.taskKey, taskText: taken.taskText, trial: taken.trial, attempt: taken.attempt, token, deadline },
    };
  });
}
