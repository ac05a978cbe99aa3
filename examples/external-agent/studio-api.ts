// The three calls an external agent makes to WorkBench Studio (pull mode). Copy this file as it is.
//   claim  → the next task of the run (its text, the MCP URL and token of its sandbox, a deadline)
//   turns  → optional: the model's turns, shown in the trace beside the tool calls
//   finish → the final answer and token usage; Studio scores the sandbox the agent left

export interface TaskPayload {
  readonly status: "task";
  readonly task: { readonly key: string; readonly trial: number; readonly text: string; readonly datePreamble: string; readonly systemPrompt: string };
  readonly mcp: { readonly url: string; readonly token: string };
  readonly sessionId: string;
  readonly deadline: string;
  readonly finishUrl: string;
  readonly turnsUrl: string;
}

export type ClaimAnswer = TaskPayload | { readonly status: "wait"; readonly retryAfterMs: number } | { readonly status: "done"; readonly runStatus: string };

export interface ModelTurn {
  readonly text: string;
  readonly inputTokens?: number;
  readonly outputTokens?: number;
  readonly latencyMs?: number;
  readonly finishReason?: string;
}

export interface FinishReport {
  readonly finalAnswer?: string | null;
  readonly inputTokens?: number;
  readonly outputTokens?: number;
  readonly costUsd?: number;
  readonly error?: string | null;
}

export async function claimTask(studioUrl: string, runId: string, agentToken: string): Promise<ClaimAnswer> {
  return post(`${studioUrl.replace(/\/+$/, "")}/api/runs/${runId}/claim`, agentToken, {}) as Promise<ClaimAnswer>;
}

export async function reportTurns(task: TaskPayload, turns: readonly ModelTurn[]): Promise<void> {
  await post(task.turnsUrl, task.mcp.token, { turns });
}

export async function finishTask(task: TaskPayload, report: FinishReport): Promise<void> {
  await post(task.finishUrl, task.mcp.token, report);
}

async function post(url: string, token: string, body: unknown): Promise<unknown> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const answer: unknown = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}
