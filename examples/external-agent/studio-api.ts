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
  return post(`${studioUrl.replace(/\/+$/, "")}/api/runs/${runId}/claim`, agentToken, {}, "retry") as Promise<ClaimAnswer>;
}

export async function reportTurns(task: TaskPayload, turns: readonly ModelTurn[]): Promise<void> {
  // Not retried after a failure the server may have acted on: the turns would be recorded twice.
  await post(task.turnsUrl, task.mcp.token, { turns }, "retry-if-not-done");
}

export async function finishTask(task: TaskPayload, report: FinishReport): Promise<void> {
  await post(task.finishUrl, task.mcp.token, report, "retry").catch((error: unknown) => {
    // 409 after a retry: the first attempt reached the server and closed the task.
    if (!(error instanceof HttpError && error.status === 409 && error.attempt > 1)) throw error;
  });
}

// Retries: Studio answers 503 with Retry-After while its database is busy or restarting, and 429 while
// another request of the same session runs. A 500 or 502/504 (a proxy) or a dropped connection is worth
// a few more tries too. Bounded: at most MAX_ATTEMPTS tries, about half a minute in all; then the error.
const MAX_ATTEMPTS = 6;
const FIRST_DELAY_MS = 500;
const MAX_DELAY_MS = 8_000;
/** Statuses that say "the request did not happen, try again". */
const NOT_DONE = new Set([429, 503]);
/** Statuses that may follow a request that did happen (worth retrying only where repeating is harmless). */
const MAYBE_DONE = new Set([500, 502, 504]);

type RetryMode = "retry" | "retry-if-not-done";

export class HttpError extends Error {
  constructor(readonly url: string, readonly status: number, readonly answer: unknown, readonly attempt: number) {
    super(`${url}: HTTP ${status} ${JSON.stringify(answer)}`);
  }
}

async function post(url: string, token: string, body: unknown, mode: RetryMode): Promise<unknown> {
  for (let attempt = 1; ; attempt += 1) {
    let response: Response;
    try {
      response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
    } catch (error) {
      // The connection failed (refused, reset): the server may or may not have seen the request.
      if (mode === "retry-if-not-done" || attempt >= MAX_ATTEMPTS) throw error;
      await sleep(backoffMs(attempt, null), `${url}: ${error instanceof Error ? error.message : error}`);
      continue;
    }
    const answer: unknown = await response.json().catch(() => ({}));
    if (response.ok) return answer;
    const retryable = NOT_DONE.has(response.status) || (mode === "retry" && MAYBE_DONE.has(response.status));
    if (!retryable || attempt >= MAX_ATTEMPTS) throw new HttpError(url, response.status, answer, attempt);
    await sleep(backoffMs(attempt, response.headers.get("retry-after")), `${url}: HTTP ${response.status}`);
  }
}

/** The server's Retry-After (seconds) when it gives one, else 0.5 s, 1 s, 2 s… up to 8 s, with jitter. */
function backoffMs(attempt: number, retryAfter: string | null): number {
  const told = retryAfter !== null && /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter) * 1000 : null;
  if (told !== null) return Math.min(told, MAX_DELAY_MS);
  return Math.min(FIRST_DELAY_MS * 2 ** (attempt - 1), MAX_DELAY_MS) * (0.75 + Math.random() * 0.5);
}

function sleep(ms: number, why: string): Promise<void> {
  console.error(`${why}; retrying in ${(ms / 1000).toFixed(1)} s`);
  return new Promise((resolve) => setTimeout(resolve, ms));
}
