// The one way this codebase opens PostgreSQL connections (Prisma's adapter in lib/db.ts, the worker's
// and MCP's pg pool in lib/runs/sql.ts). Connecting follows the reconnect policy of lib/db-retry.ts:
// while the server is down, restarting or recovering (ECONNREFUSED, 57P03, a connect timeout…), taking
// a connection waits and tries again instead of failing the query. Always safe: no statement has been
// sent yet. A statement cut off mid-flight still fails; callers that can repeat it use withDbRetry.
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import pg from "pg";
import { withDbRetry, type RetryPolicy } from "./db-retry";

/**
 * The name every connection of this process carries in pg_stat_activity: `workbench:<pid>:<nonce>:<host>`
 * (PostgreSQL keeps 63 bytes; the host comes last, so only it can be cut). A successor that knows
 * only a crashed process's pid finds the backends it left (lib/runs/liveness/take-back.ts); the nonce tells a
 * reused pid, i.e. this process itself, apart.
 */
export const CONNECTION_NAME = connectionName(process.pid, randomUUID().slice(0, 8), hostname());

/** The name a process's connections carry; with "%" parts, a LIKE pattern. */
export function connectionName(pid: number, nonce: string, host: string): string {
  return `workbench:${pid}:${nonce}:${host}`.slice(0, 63);
}

// Connects of this process now waiting on the reconnect policy (on globalThis: Next bundles the proxy and
// the routes apart, each with its own copy of this module).
const reconnectsKey = Symbol.for("workbench.dbReconnects");
const reconnects = ((globalThis as typeof globalThis & { [reconnectsKey]?: { waiting: number } })[reconnectsKey] ??= { waiting: 0 });

/**
 * True while a connect of this process is retrying (PostgreSQL down, restarting, in recovery): request
 * handlers then answer 503 at once instead of waiting for the reconnect policy (lib/db-health.ts).
 */
export function databaseReconnecting(): boolean {
  return reconnects.waiting > 0;
}

type ConnectCallback = (error: Error | undefined, client: pg.PoolClient | undefined, release: (error?: Error | boolean) => void) => void;

export interface ReconnectingPoolConfig extends pg.PoolConfig {
  /** The reconnect policy (default DB_RETRY_POLICY); tests shorten it. */
  readonly retryPolicy?: RetryPolicy;
  /** Told once per failed connection attempt that will be retried. */
  readonly onReconnect?: (error: unknown, attempt: number) => void;
}

class ReconnectingPool extends pg.Pool {
  readonly #policy: RetryPolicy | undefined;
  readonly #onReconnect: ReconnectingPoolConfig["onReconnect"];

  constructor({ retryPolicy, onReconnect, ...config }: ReconnectingPoolConfig) {
    super(config);
    this.#policy = retryPolicy;
    this.#onReconnect = onReconnect;
  }

  // pg-pool's query() takes its connection through this.connect(callback), so both paths retry.
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    let waiting = false;
    const connecting = withDbRetry(() => super.connect(), {
      policy: this.#policy,
      onRetry: (error, attempt) => {
        if (!waiting) reconnects.waiting += 1;
        waiting = true;
        this.#onReconnect?.(error, attempt);
      },
    }).finally(() => {
      if (waiting) reconnects.waiting -= 1;
    });
    if (!callback) return connecting;
    connecting.then(
      (client) => callback(undefined, client, (error) => client.release(error)),
      (error: Error) => callback(error, undefined, () => undefined),
    );
  }
}

/** A pg.Pool whose connections are (re)established under the reconnect policy. */
export function createReconnectingPool(config: ReconnectingPoolConfig): pg.Pool {
  return new ReconnectingPool({
    // Bounded connects and keepalive: a server that vanished mid-connect is noticed, then retried.
    connectionTimeoutMillis: 10_000,
    keepAlive: true,
    application_name: CONNECTION_NAME,
    ...config,
  });
}
