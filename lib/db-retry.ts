// THE reconnect policy of every process (web server, CLI, worker, MCP): which PostgreSQL failures are
// transient, and how long and how often to try again. A restart of PostgreSQL (kill -9 and the
// watchdog's restart, a failover, a pool briefly exhausted) shows up as one of a handful of states;
// each is retried with exponential backoff within a bounded total time, after which the last error
// is thrown as it was. No framework imports: the CLI and the worker load this too.

/** SQLSTATEs of a server that is restarting, shutting down or out of connection slots. */
const TRANSIENT_SQLSTATES = new Set([
  "57P01", // admin_shutdown: "terminating connection due to administrator command"
  "57P02", // crash_shutdown: another backend crashed, the server restarts
  "57P03", // cannot_connect_now: "the database system is starting up / in recovery mode"
  "53300", // too_many_connections
]);
/** Class 08 (connection exception): 08000, 08003, 08006, 08001, 08004, 08P01… */
const CONNECTION_EXCEPTION_CLASS = /^08[0-9A-Z]{3}$/;
/** Socket errors of a server that is down or went away. */
const TRANSIENT_ERRNOS = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "ECONNABORTED", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN"]);
/**
 * Prisma's: P1001 can't reach the server, P1002 timed out reaching it, P1017 server closed the
 * connection, P2024 timed out fetching a connection from the pool, P2028 transaction API error
 * (unable to start a transaction in time, or expired while the server was slow).
 */
const TRANSIENT_PRISMA_CODES = new Set(["P1001", "P1002", "P1017", "P2024", "P2028"]);
/** Prisma's driver-adapter error kinds for the same states (adapter-pg maps socket errors to these). */
const TRANSIENT_ADAPTER_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);
/** node-postgres reports some of these states with a message and no code. */
const TRANSIENT_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|the database system is (starting up|shutting down|in recovery mode|not yet accepting)|terminating connection due to|Client has encountered a connection error|server closed the connection unexpectedly|Unable to start a transaction in the given time/i;

/** Every object reachable through `cause`, `errors` and Prisma's `meta.driverAdapterError` (depth-bounded). */
export function* causes(error: unknown, depth = 0): Generator<Record<string, unknown>> {
  if (depth > 6 || typeof error !== "object" || error === null) return;
  const record = error as Record<string, unknown>;
  yield record;
  yield* causes(record.cause, depth + 1);
  const meta = record.meta as Record<string, unknown> | undefined;
  if (meta && typeof meta === "object") yield* causes(meta.driverAdapterError, depth + 1);
  if (Array.isArray(record.errors)) for (const inner of record.errors) yield* causes(inner, depth + 1);
}

/** True when `error` is a state of the database that goes away by itself (see the tables above). */
export function isTransientDbError(error: unknown): boolean {
  for (const part of causes(error)) {
    for (const code of [part.code, part.originalCode]) {
      if (typeof code !== "string") continue;
      if (TRANSIENT_SQLSTATES.has(code) || CONNECTION_EXCEPTION_CLASS.test(code)) return true;
      if (TRANSIENT_ERRNOS.has(code) || TRANSIENT_PRISMA_CODES.has(code)) return true;
    }
    if (typeof part.kind === "string" && TRANSIENT_ADAPTER_KINDS.has(part.kind)) return true;
    if (typeof part.message === "string" && TRANSIENT_MESSAGE.test(part.message)) return true;
  }
  return false;
}

/** True when `error` (or an error it wraps) carries this SQLSTATE, e.g. "57014" for a statement cancelled by statement_timeout. */
export function hasSqlState(error: unknown, sqlState: string): boolean {
  for (const part of causes(error)) {
    if (part.code === sqlState || part.originalCode === sqlState) return true;
  }
  return false;
}

export interface RetryPolicy {
  /** Give up (rethrow the last error) once this much time has passed since the first failure. */
  readonly totalMs: number;
  /** First wait; each further wait doubles, up to maxDelayMs. */
  readonly firstDelayMs: number;
  readonly maxDelayMs: number;
}

/**
 * Long enough for the embedded PostgreSQL to be restarted by its watchdog and to finish crash recovery
 * on a busy machine (seconds), short enough that a database that is really gone is reported within a
 * minute rather than waited on forever.
 */
export const DB_RETRY_POLICY: RetryPolicy = { totalMs: 60_000, firstDelayMs: 100, maxDelayMs: 2_000 };

/** Wait before retry `attempt` (1-based): exponential with ±25 % jitter so many clients do not reconnect in lockstep. */
export function retryDelayMs(attempt: number, policy: RetryPolicy = DB_RETRY_POLICY, random = Math.random): number {
  const base = Math.min(policy.firstDelayMs * 2 ** (attempt - 1), policy.maxDelayMs);
  return Math.round(base * (0.75 + random() * 0.5));
}

export interface RetryOptions {
  readonly policy?: RetryPolicy;
  /** Called before each wait (e.g. to print "database unavailable, reconnecting" once). */
  readonly onRetry?: (error: unknown, attempt: number, delayMs: number) => void;
  readonly signal?: AbortSignal;
}

/**
 * Runs `work`, retrying it while it fails with a transient database error. Only for work that is safe
 * to run again: reads, writes guarded so a second run is a no-op, or a step that failed before any
 * statement reached the server (connecting). Other errors, and the last transient one once the
 * policy's total time is spent, are thrown unchanged.
 */
export async function withDbRetry<T>(work: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const policy = options.policy ?? DB_RETRY_POLICY;
  let firstFailure: number | null = null;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      firstFailure ??= Date.now();
      const delay = retryDelayMs(attempt, policy);
      if (!isTransientDbError(error) || options.signal?.aborted || Date.now() - firstFailure + delay > policy.totalMs) throw error;
      options.onRetry?.(error, attempt, delay);
      await sleep(delay, options.signal);
    }
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done, { once: true });
  });
}
