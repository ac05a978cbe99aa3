// The external-run HTTP API as plain Request → Response functions (mounted by app/api/runs/[id]/…,
// and by tests and the benchmark on a bare Node server):
//   POST /api/runs/<id>/claim   Bearer <agent token>   → the next task, its MCP URL and session token
//   POST /api/runs/<id>/turns   Bearer <session token> → model turns for the trace (optional)
//   POST /api/runs/<id>/finish  Bearer <session token> → final answer, token usage, cost; scores the task
import { z } from "zod";
import { DATE_PREAMBLE, TOOLS_SYSTEM_PROMPT } from "@/lib/workbench/agents";
import type { McpDeps } from "./deps";
import { claimNextTask, type ClaimedSession } from "./claim";
import { closeSession } from "./close-session";
import { authenticateAgent } from "./external-access";
import { SessionRefusedError, sessionIdForToken } from "./session-auth";
import { SessionBusyError } from "./session-lock";
import { recordTurns, turnsBodySchema } from "./turns";
import { bearerChallenge, bearerToken } from "@/lib/security/secrets";
import { publicBaseUrl } from "./public-url";
import { answerTransientAs503 } from "./database-unavailable";

const MAX_BODY_BYTES = 1_000_000;

export const finishBodySchema = z.object({
  finalAnswer: z.string().max(100_000).nullish(),
  inputTokens: z.number().int().min(0).max(1_000_000_000).optional(),
  outputTokens: z.number().int().min(0).max(1_000_000_000).optional(),
  costUsd: z.number().min(0).max(1_000_000).optional(),
  error: z.string().max(10_000).nullish(),
});

/** The payload an agent works from (pull: the claim's answer; push: the body Studio posts). */
export function taskPayload(session: ClaimedSession, baseUrl: string) {
  const runUrl = `${baseUrl}/api/runs/${session.runId}`;
  return {
    status: "task" as const,
    task: { key: session.taskKey, trial: session.trial, text: session.taskText, datePreamble: DATE_PREAMBLE, systemPrompt: TOOLS_SYSTEM_PROMPT },
    mcp: { url: `${baseUrl}/mcp/${session.sessionId}`, token: session.token },
    sessionId: session.sessionId,
    deadline: session.deadline.toISOString(),
    finishUrl: `${runUrl}/finish`,
    turnsUrl: `${runUrl}/turns`,
  };
}
export type TaskPayload = ReturnType<typeof taskPayload>;

export async function handleClaim(deps: McpDeps, runId: string, request: Request): Promise<Response> {
  return answerTransientAs503("claim", async () => {
    const token = bearerToken(request.headers);
    if (!(await authenticateAgent(deps, runId, token))) return refused(token ? "This agent token does not open this run" : "Missing Authorization: Bearer <agent token>", token);
    const outcome = await claimNextTask(deps, runId);
    switch (outcome.kind) {
      case "task":
        return Response.json(taskPayload(outcome.session, publicBaseUrl(request)));
      case "wait":
        return Response.json({ status: "wait", retryAfterMs: outcome.retryAfterMs });
      case "done":
        return Response.json({ status: "done", runStatus: outcome.status });
    }
  });
}

export async function handleFinish(deps: McpDeps, runId: string, request: Request): Promise<Response> {
  return withSession(deps, runId, request, finishBodySchema, async (sessionId, _token, body) => {
    const state = await sessionState(deps, sessionId);
    // Past its deadline the task is the deadline's, even if the sweep (every second) has not closed it yet.
    if (state === "past_deadline") await closeSession(deps, sessionId, "deadline");
    if (state === "open" && (await closeSession(deps, sessionId, "finished", body))) return Response.json({ status: "finished" });
    // Closed before us (now or by a sweep or cancel that won the race): say by what.
    const closedBy = state === "open" ? await sessionState(deps, sessionId) : state;
    if (closedBy === "past_deadline" || closedBy === "deadline") throw new SessionRefusedError("expired");
    if (closedBy === "cancelled") throw new SessionRefusedError("cancelled");
    return Response.json({ error: "This task is already finished" }, { status: 409 });
  });
}

/** `open`, `past_deadline` (open, but its deadline has passed), or the reason it was closed. */
async function sessionState(deps: McpDeps, sessionId: string): Promise<string> {
  const { rows } = await deps.sql.query<{ state: string }>(
    `SELECT CASE WHEN "closedAt" IS NOT NULL THEN COALESCE("closeReason", 'finished') WHEN "expiresAt" <= now() THEN 'past_deadline' ELSE 'open' END AS state
       FROM "McpSession" WHERE id = $1`,
    [sessionId],
  );
  return rows[0]?.state ?? "finished";
}

export async function handleTurns(deps: McpDeps, runId: string, request: Request): Promise<Response> {
  return withSession(deps, runId, request, turnsBodySchema, async (sessionId, token, body) =>
    Response.json({ status: "recorded", turns: await recordTurns(deps, sessionId, token, body) }),
  );
}

async function withSession<S extends z.ZodType>(
  deps: McpDeps,
  runId: string,
  request: Request,
  schema: S,
  work: (sessionId: string, token: string, body: z.infer<S>) => Promise<Response>,
): Promise<Response> {
  const token = bearerToken(request.headers);
  if (!token) return refused("Missing Authorization: Bearer <session token>", null);
  const body = await readJson(request);
  if (!body.ok) return Response.json({ error: body.error }, { status: body.status });
  const parsed = schema.safeParse(body.value);
  if (!parsed.success) return Response.json({ error: "Invalid body", issues: z.flattenError(parsed.error).fieldErrors }, { status: 400 });
  try {
    return await answerTransientAs503(new URL(request.url).pathname.split("/").pop() ?? "request", async () =>
      work(await sessionIdForToken(deps, runId, token), token, parsed.data),
    );
  } catch (error) {
    if (error instanceof SessionRefusedError && error.reason === "wrong_token") return refused(error.message, token, error.reason);
    if (error instanceof SessionRefusedError) return Response.json({ error: error.message, reason: error.reason }, { status: 403 });
    if (error instanceof SessionBusyError) return Response.json({ error: error.message }, { status: 429 });
    throw error;
  }
}

type JsonBody = { ok: true; value: unknown } | { ok: false; status: number; error: string };

async function readJson(request: Request): Promise<JsonBody> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) return { ok: false, status: 413, error: `Body over ${MAX_BODY_BYTES} bytes` };
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES) return { ok: false, status: 413, error: `Body over ${MAX_BODY_BYTES} bytes` };
  if (text.trim() === "") return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, status: 400, error: "Body is not JSON" };
  }
}

function refused(message: string, token: string | null, reason?: string): Response {
  return Response.json({ error: message, ...(reason ? { reason } : {}) }, { status: 401, headers: { "www-authenticate": bearerChallenge(token) } });
}
