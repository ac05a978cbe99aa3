// How a run ends badly: the v1 wording where the original has one (core/v1-error-wording.ts: the
// scorer and the Fig. 6 breakdown match on these exact strings).
import type { RunErrorKind } from "./types";
import { CONTEXT_WINDOW_MESSAGE, ITERATION_LIMIT_MESSAGE } from "../core/v1-error-wording";
import { classifyProviderError } from "./provider-errors";

export const CANCELLED_MESSAGE = "Run cancelled";

export interface RunError {
  readonly kind: RunErrorKind;
  readonly message: string;
}

/**
 * A signal for one task: aborts with a TimeoutError after `ms` (→ kind "timeout") or when `cancel`
 * aborts (→ kind "cancelled"). Callers may build their own; only the reason's name matters.
 */
export function taskSignal(ms: number, cancel?: AbortSignal): AbortSignal {
  const timeout = AbortSignal.timeout(ms);
  return cancel ? AbortSignal.any([timeout, cancel]) : timeout;
}

/**
 * Was the task's signal aborted by its time limit (rather than a cancel)? A TimeoutError (as from
 * AbortSignal.timeout) or a reason carrying the v1 time-limit message counts as the time limit.
 */
export function abortedByTimeout(signal: AbortSignal): boolean {
  const reason: unknown = signal.reason;
  if (typeof reason !== "object" || reason === null) return false;
  const { name, message } = reason as { name?: unknown; message?: unknown };
  return name === "TimeoutError" || message === ITERATION_LIMIT_MESSAGE;
}

/** The run error for a signal that has fired. */
export function abortError(signal: AbortSignal): RunError {
  return abortedByTimeout(signal)
    ? { kind: "timeout", message: ITERATION_LIMIT_MESSAGE }
    : { kind: "cancelled", message: CANCELLED_MESSAGE };
}

/** Maps what a model call threw to the task's run error. */
export function runErrorFrom(error: unknown, signal: AbortSignal): RunError {
  if (signal.aborted) return abortError(signal);
  const providerError = classifyProviderError(error);
  if (providerError.code === "context_window") return { kind: "context_window", message: CONTEXT_WINDOW_MESSAGE };
  return { kind: "provider", message: `Provider error (${providerError.code}): ${providerError.message}` };
}
