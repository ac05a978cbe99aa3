// The run settings upstream's 2026 harness uses (src/evals/agent.py, 5b76dee): facts of upstream's
// source, which RunSettings (lib/settings/run-settings.ts) makes the defaults of a workbench-2026 run. Upstream checks its time limit before each model call and never aborts one in
// flight; each call has a 75 s wall-clock deadline and up to 10 attempts (tenacity: 429, 5xx, timeouts
// and connection errors; random exponential wait, multiplier 2, at most 90 s); no max_tokens is sent.

/** run_agent / run_agent_structured max_execution_time (600 s), checked between turns. */
export const TIME_LIMIT_MS_2026 = 600_000;
/** _HARD_DEADLINE_SECONDS: one chat.completions.create, all bytes included. */
export const CALL_DEADLINE_MS_2026 = 75_000;
/** stop_after_attempt(10). */
export const CALL_ATTEMPTS_2026 = 10;
/** wait_random_exponential(multiplier=2, max=90). */
export const RETRY_BASE_DELAY_MS_2026 = 2_000;
export const RETRY_MAX_DELAY_MS_2026 = 90_000;

/**
 * The longest the last call started before the time limit can take with every retry: the worker's
 * hard deadline is the time limit plus this, so upstream's "checked between turns" holds.
 */
export const LAST_CALL_WORST_CASE_MS_2026 = CALL_ATTEMPTS_2026 * CALL_DEADLINE_MS_2026 + (CALL_ATTEMPTS_2026 - 1) * RETRY_MAX_DELAY_MS_2026;

/** The provider retry policy of a workbench-2026 run (lib/providers RetryPolicy fields). */
export const RETRY_POLICY_2026 = {
  maxRetries: CALL_ATTEMPTS_2026 - 1,
  baseDelayMs: RETRY_BASE_DELAY_MS_2026,
  maxDelayMs: RETRY_MAX_DELAY_MS_2026,
  requestTimeoutMs: CALL_DEADLINE_MS_2026,
} as const;
