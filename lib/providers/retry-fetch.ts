// A fetch wrapper for AI SDK providers: per-request timeout, counted retries with exponential backoff
// and jitter on 429 / 5xx / timeouts / connection failures; a redirect is an error, never retried. The SDK's own retries are turned off
// (maxRetries: 0 in the agents) so every retry happens here and can be counted.
import { ProviderError, RETRIES_HEADER } from "@/lib/workbench/agents/provider-errors";
import { errorMessage } from "@/lib/errors";
import { RETRY_DEFAULTS } from "@/lib/settings/launch-options";

/** How hard to retry. Small values in tests, defaults for real providers. */
export interface RetryPolicy {
  readonly maxRetries: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  /** Abort one HTTP attempt after this long (the attempt then counts as a timeout). */
  readonly requestTimeoutMs: number;
  /** Source of jitter in [0, 1); injectable for deterministic tests. */
  readonly random?: () => number;
}

/** RunSettings' retry defaults (a run's `retry` overrides them field by field). */
export const DEFAULT_RETRY_POLICY: RetryPolicy = RETRY_DEFAULTS;

type Fetch = typeof globalThis.fetch;

/** Statuses worth another attempt: rate limits, overload and server errors. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/** Delay before retry number `attempt` (0-based): exponential, capped, half of it jittered. */
export function backoffDelayMs(policy: RetryPolicy, attempt: number, retryAfterSeconds?: number): number {
  if (retryAfterSeconds !== undefined && retryAfterSeconds >= 0) {
    return Math.min(policy.maxDelayMs, retryAfterSeconds * 1_000);
  }
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  const random = policy.random ?? Math.random;
  return ceiling / 2 + random() * (ceiling / 2);
}

export function createRetryingFetch(policy: RetryPolicy = DEFAULT_RETRY_POLICY, baseFetch: Fetch = fetch): Fetch {
  return async (input, init) => {
    const callerSignal = init?.signal ?? undefined;
    for (let attempt = 0; ; attempt++) {
      const timeout = AbortSignal.timeout(policy.requestTimeoutMs);
      const signal = callerSignal ? AbortSignal.any([callerSignal, timeout]) : timeout;
      let failure: { code: "timeout" | "network"; message: string } | { response: Response };
      try {
        const response = await baseFetch(input, { ...init, signal });
        if (isRedirect(response.status)) throw await redirectRefused(input, response, attempt);
        if (response.ok || !isRetryableStatus(response.status) || attempt >= policy.maxRetries) {
          return withRetriesHeader(response, attempt);
        }
        failure = { response };
      } catch (error) {
        if (callerSignal?.aborted || error instanceof ProviderError) throw error;
        const code = timeout.aborted ? "timeout" : "network";
        const message = timeout.aborted
          ? `Request timed out after ${policy.requestTimeoutMs} ms`
          : `Cannot connect to provider: ${errorMessage(error)}`;
        if (attempt >= policy.maxRetries) throw new ProviderError(code, message, { retries: attempt });
        failure = { code, message };
      }
      const retryAfter = "response" in failure ? parseRetryAfter(failure.response) : undefined;
      if ("response" in failure) await failure.response.body?.cancel().catch(() => undefined);
      await sleep(backoffDelayMs(policy, attempt, retryAfter), callerSignal);
    }
  };
}

/** 3xx: only seen with `redirect: "manual"` (keyed endpoints, models.ts pinnedFetch), never followed. */
export function isRedirect(status: number): boolean {
  return status >= 300 && status < 400;
}

/**
 * A redirect is the server's configuration, not a passing failure: said plainly and never retried.
 * Following it would carry the key to wherever it points.
 */
async function redirectRefused(input: Parameters<Fetch>[0], response: Response, retries: number): Promise<ProviderError> {
  await response.body?.cancel().catch(() => undefined);
  const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  const location = response.headers.get("location");
  const where = location ? ` to ${new URL(location, url).href}` : "";
  return new ProviderError(
    "redirect",
    `Redirect refused: ${url} answered ${response.status}${where}. Requests and keys go only to the configured base URL; if the server has moved, configure its new URL.`,
    { status: response.status, retries },
  );
}

function parseRetryAfter(response: Response): number | undefined {
  const header = response.headers.get("retry-after");
  if (header === null) return undefined;
  const seconds = Number(header);
  return Number.isFinite(seconds) ? seconds : undefined;
}

/** Re-wraps the response so the AI SDK exposes the retry count in `response.headers`. */
function withRetriesHeader(response: Response, retries: number): Response {
  const headers = new Headers(response.headers);
  headers.set(RETRIES_HEADER, String(retries));
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(done, ms);
    function done() {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }
    function onAbort() {
      clearTimeout(timer);
      reject(signal?.reason);
    }
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
