// Who may use an MCP session: the holder of its bearer token, while it is open and before its
// deadline. Each request reads the session afresh (one indexed query) so a finish or a deadline close
// made by another process is seen at once; the same read tells how far the trace has got.
import { hashSecret, secretMatches } from "@/lib/security/secrets";
import type { McpDeps } from "./deps";
import { CodedError } from "@/lib/errors";

export interface OpenSession {
  readonly id: string;
  readonly runId: string;
  readonly resultId: string;
  readonly attempt: number;
  readonly taskKey: string;
  readonly expiresAt: Date;
  /** Calls executed so far (TaskResult.calls) and steps recorded: where the sandbox and trace are. */
  readonly callCount: number;
  readonly stepCount: number;
  /** Tool steps recorded so far: the ordinal of the session's next tool call (the fault schedule's input). */
  readonly toolStepCount: number;
}

export type SessionRefusal = "unknown_session" | "wrong_token" | "expired" | "closed" | "cancelled";

export class SessionRefusedError extends CodedError<SessionRefusal> {
  constructor(readonly reason: SessionRefusal) {
    super(reason, REFUSAL_MESSAGES[reason]);
    this.name = "SessionRefusedError";
  }
}

const REFUSAL_MESSAGES: Record<SessionRefusal, string> = {
  unknown_session: "No such MCP session",
  wrong_token: "This token does not open this session",
  expired: "The session's deadline has passed: its task is closed and scored as timed out",
  closed: "The session is closed: its task was finished",
  cancelled: "The session is closed: its run was cancelled",
};

interface SessionRow extends Omit<OpenSession, "expiresAt"> {
  readonly tokenHash: string;
  readonly expiresAt: Date;
  readonly closedAt: Date | null;
  readonly closeReason: string | null;
  readonly resultStatus: string;
  readonly resultAttempt: number;
  readonly runStatus: string;
}

export async function openSessionOrThrow(deps: McpDeps, sessionId: string, token: string | null): Promise<OpenSession> {
  const { rows } = await deps.sql.query<SessionRow>(
    `SELECT s.id, s."runId", s."resultId", s.attempt, s."tokenHash", s."expiresAt", s."closedAt", s."closeReason", t.key AS "taskKey",
            r.status::text AS "resultStatus", r.attempt AS "resultAttempt", run.status::text AS "runStatus", cardinality(r.calls) AS "callCount",
            (SELECT count(*)::int FROM "Step" WHERE "resultId" = r.id) AS "stepCount",
            (SELECT count(*)::int FROM "Step" WHERE "resultId" = r.id AND kind = 'tool') AS "toolStepCount"
       FROM "McpSession" s JOIN "TaskResult" r ON r.id = s."resultId" JOIN "Task" t ON t.id = r."taskId" JOIN "Run" run ON run.id = s."runId"
      WHERE s.id = $1`,
    [sessionId],
    { preparedAs: "mcp_open_session" },
  );
  const row = rows[0];
  if (!row) throw new SessionRefusedError("unknown_session");
  if (!token || !secretMatches(token, row.tokenHash)) throw new SessionRefusedError("wrong_token");
  // The deadline sweep may have closed the session before this request: say "expired", not "finished".
  if (row.closeReason === "deadline") throw new SessionRefusedError("expired");
  // Cancelled means stopped from the moment the cancel commits: the supervisor closes and scores the
  // session on its next tick, but no call is served in between (one used to write for another 0.4 s).
  if (row.closeReason === "cancelled" || row.runStatus === "cancelling" || row.runStatus === "cancelled") throw new SessionRefusedError("cancelled");
  if (row.closedAt || row.resultStatus !== "running" || row.resultAttempt !== row.attempt) throw new SessionRefusedError("closed");
  if (new Date(row.expiresAt).getTime() <= Date.now()) throw new SessionRefusedError("expired");
  return {
    id: row.id, runId: row.runId, resultId: row.resultId, attempt: row.attempt, taskKey: row.taskKey,
    expiresAt: new Date(row.expiresAt), callCount: row.callCount, stepCount: row.stepCount,
    toolStepCount: row.toolStepCount,
  };
}

/** For stdio: the session a token opens, found by its hash (the token is the only thing the agent has). */
export async function sessionIdForToken(deps: McpDeps, runId: string, token: string): Promise<string> {
  const { rows } = await deps.sql.query<{ id: string }>(`SELECT id FROM "McpSession" WHERE "tokenHash" = $1 AND "runId" = $2`, [hashSecret(token), runId]);
  if (!rows[0]) throw new SessionRefusedError("wrong_token");
  return rows[0].id;
}
