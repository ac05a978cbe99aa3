// Pull and push mode: an external agent's next (task, trial) of its run. The result is taken by the
// workers' own claim (workbench_claim_results, lib/runs/claim-results.sql: the run's advisory lock, its
// concurrency counted the same way for every claimer), and in the same transaction the attempt's MCP
// session is opened with a fresh bearer token, so a claimed result always has its session.
import { CLAIM_RESULTS_SQL, claimParameters, type ClaimedResult } from "@/lib/runs/claim";
import { runSettingsFrom } from "@/lib/settings/run-settings";
import { phrasedText, runTaskTexts } from "@/lib/datasets/phrased-tasks";
import { hashSecret, newSecret } from "@/lib/security/secrets";
import { closeExpiredSessions } from "./close-session";
import type { McpDeps } from "./deps";

/** The claimer id external agents' results carry (no Worker row: no fair share, no dead-worker release). */
export const EXTERNAL_CLAIMER = "external-agent";

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

export async function claimNextTask(deps: McpDeps, runId: string): Promise<ClaimOutcome> {
  // A slot held by an agent past its deadline is freed (and that task scored) before counting.
  await closeExpiredSessions(deps, { runId });
  return deps.db.$transaction(async (tx) => {
    const [claimed] = await tx.$queryRawUnsafe<ClaimedResult[]>(CLAIM_RESULTS_SQL, ...claimParameters({ workerId: EXTERNAL_CLAIMER, runId }));
    if (!claimed) return outcomeWithoutClaim(await tx.$queryRaw<RunQueue[]>`
      SELECT r.status::text AS status,
             count(t.id) FILTER (WHERE t.status = 'running')::int AS running,
             count(t.id) FILTER (WHERE t.status = 'pending')::int AS pending
        FROM "Run" r LEFT JOIN "TaskResult" t ON t."runId" = r.id
       WHERE r.id = ${runId} GROUP BY r.status`);
    // An external attempt starts with no calls (its agent's calls are recorded as it makes them).
    const [task] = await tx.$queryRaw<{ taskText: string; params: unknown; versionId: string | null }[]>`
      UPDATE "TaskResult" r SET calls = '{}'
        FROM "Task" t, "Run" run
       WHERE r.id = ${claimed.id} AND t.id = r."taskId" AND run.id = r."runId"
      RETURNING t.text AS "taskText", run.params, run."versionId"`;
    if (!task) throw new Error(`Claimed result ${claimed.id} has no task`);
    // A reworded run (RunSettings.phrasing) hands the agent the task in its wording, as the workers do (run-context.ts).
    const { phrasing } = runSettingsFrom(task.params);
    const texts = await runTaskTexts(deps.db, { versionId: task.versionId, phrasing });
    const taskText = texts ? phrasedText(texts, claimed.taskKey, phrasing) : task.taskText;
    const token = newSecret("wbs");
    const deadline = new Date(Date.now() + runSettingsFrom(task.params).timeoutMs);
    const session = await tx.mcpSession.create({
      data: { resultId: claimed.id, runId, attempt: claimed.attempt, tokenHash: hashSecret(token), expiresAt: deadline },
      select: { id: true },
    });
    const { id: resultId, taskKey, trial, attempt } = claimed;
    return { kind: "task", session: { sessionId: session.id, resultId, runId, taskKey, taskText, trial, attempt, token, deadline } };
  });
}

interface RunQueue {
  readonly status: string;
  readonly running: number;
  readonly pending: number;
}

/** Why nothing was claimed: the run is over (or missing), its last tasks are running, or it is at its concurrency. */
function outcomeWithoutClaim([run]: readonly RunQueue[]): ClaimOutcome {
  if (!run || (run.status !== "queued" && run.status !== "running")) return { kind: "done", status: run?.status ?? "missing" };
  if (run.pending === 0) return run.running > 0 ? { kind: "wait", retryAfterMs: 1000 } : { kind: "done", status: run.status };
  return { kind: "wait", retryAfterMs: 200 };
}
