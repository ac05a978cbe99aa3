// Provider failures as one typed error with a code. Part of the engine (its agents classify what a model
// call threw); lib/providers/models.ts tells it which configured key values to redact.
import { CodedError, errorMessage } from "../core/errors";
import { redactUrlCredentials } from "../core/url-credentials";

/** Why a provider call failed. `context_window`, `missing_key` and `redirect` are never retried. */
export type ProviderErrorCode =
  | "context_window"
  | "rate_limit"
  | "server"
  | "timeout"
  | "network"
  | "auth"
  | "bad_request"
  | "missing_key"
  /** A configured endpoint answered 3xx: refused (a key never follows a redirect), not retried. */
  | "redirect"
  | "unknown";

/** A classified provider failure. `message` never contains an API key. */
export class ProviderError extends CodedError<ProviderErrorCode> {
  override readonly name = "ProviderError";
  /** HTTP status of the last attempt, when there was a response. */
  readonly status: number | undefined;
  /** Attempts retried before giving up (429/5xx/timeouts). */
  readonly retries: number;

  constructor(code: ProviderErrorCode, message: string, options: { status?: number; retries?: number } = {}) {
    super(code, redactSecrets(message));
    this.status = options.status;
    this.retries = options.retries ?? 0;
  }
}

/** A provider was selected but its key variable is unset on the server. */
export class MissingApiKeyError extends ProviderError {
  readonly variable: string;
  constructor(variable: string) {
    super("missing_key", `Missing API key: set ${variable} in the server environment`);
    this.variable = variable;
  }
}

/** Response header the retrying fetch adds so callers can count retries per request. */
export const RETRIES_HEADER = "x-workbench-retries";

const CONTEXT_WINDOW_PATTERN =
  /context_length_exceeded|maximum context length|prompt is too long|context window|too many tokens/i;

/** Is this HTTP failure a context-window overflow (OpenAI, Anthropic, vLLM/Ollama wordings)? */
export function isContextWindowFailure(status: number, body: string): boolean {
  return (status === 400 || status === 413 || status === 422) && CONTEXT_WINDOW_PATTERN.test(body);
}

/** Maps an HTTP status (+ body) to a code. */
export function codeForStatus(status: number, body: string): ProviderErrorCode {
  if (isContextWindowFailure(status, body)) return "context_window";
  if (status === 429) return "rate_limit";
  if (status === 408) return "timeout";
  if (status >= 500) return "server";
  if (status === 401 || status === 403) return "auth";
  if (status >= 400) return "bad_request";
  return "unknown";
}

/**
 * Turns whatever generateText threw into a ProviderError. Duck-typed on the AI SDK's APICallError
 * (statusCode, responseBody, responseHeaders) so the engine needs no provider package import.
 */
export function classifyProviderError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  const record = isRecord(error) ? error : {};
  const status = typeof record.statusCode === "number" ? record.statusCode : undefined;
  const body = typeof record.responseBody === "string" ? record.responseBody : "";
  const message = errorMessage(error);
  const retries = retriesFromHeaders(record.responseHeaders);
  if (status !== undefined) {
    return new ProviderError(codeForStatus(status, `${body} ${message}`), message, { status, retries });
  }
  if (CONTEXT_WINDOW_PATTERN.test(message)) return new ProviderError("context_window", message, { retries });
  const name = error instanceof Error ? error.name : "";
  if (name === "TimeoutError") return new ProviderError("timeout", message, { retries });
  if (/cannot connect|fetch failed|ECONNREFUSED|ECONNRESET/i.test(message)) {
    return new ProviderError("network", message, { retries });
  }
  return new ProviderError("unknown", message, { retries });
}

/** Reads the retry count our fetch wrapper put on a response (0 when absent). */
export function retriesFromHeaders(headers: unknown): number {
  if (!isRecord(headers)) return 0;
  const value = Number(headers[RETRIES_HEADER]);
  return Number.isFinite(value) && value > 0 ? value : 0;
}

/** Where the configured keys' values come from; lib/providers sets it (the engine reads no environment). */
let secretValues: () => readonly (string | undefined)[] = () => [];

/** Called once by lib/providers: the values redactSecrets removes besides key-shaped tokens. */
export function redactSecretValuesFrom(values: () => readonly (string | undefined)[]): void {
  secretValues = values;
}

/** Removes key-looking tokens and the configured keys' values from text meant for logs or users. */
export function redactSecrets(text: string): string {
  let out = redactUrlCredentials(text).replace(/\b(sk-[A-Za-z0-9_-]{8,}|sk-ant-[A-Za-z0-9_-]{8,})/g, "[redacted]");
  for (const value of secretValues()) {
    if (value && value.length >= 6) out = out.split(value).join("[redacted]");
  }
  return out.replace(/(Bearer\s+)[^\s"']+/gi, "$1[redacted]");
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}
