// The worker's hot path (claim, finish, heartbeat, recovery) runs a handful of statements per task; it
// sends them through its own small pg pool rather than Prisma's raw-query layer, which costs more CPU
// per query than the statements themselves on a 2-core machine. Everything else uses Prisma.
import type pg from "pg";
import { createReconnectingPool } from "@/lib/db-pool";

export interface Sql {
  /**
   * `preparedAs`: a name for a statement run on every request of a hot path, prepared once per
   * connection so PostgreSQL neither receives nor parses and plans its text again.
   */
  query<Row>(text: string, values?: readonly unknown[], options?: { readonly preparedAs?: string }): Promise<{ rows: Row[]; rowCount: number }>;
  /** Runs `work` in one transaction on one connection (committed when it resolves, rolled back when it throws). */
  transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T>;
}

export interface SqlPool extends Sql {
  end(): Promise<void>;
}

export function createSqlPool(connectionString: string, options: { max?: number; onError?: (error: Error) => void } = {}): SqlPool {
  // Connecting follows the reconnect policy (lib/db-pool.ts). A worker slot must never wait forever on
  // a database that died mid-statement (kill -9 of the postmaster, a dropped network): every statement
  // is bounded too. The hot-path statements take milliseconds; the bound is generous.
  const pool = createReconnectingPool({ connectionString, max: options.max ?? 10, query_timeout: 60_000 });
  // An idle connection that dies (database restarted) is reported here; without a listener Node would
  // crash the process. The next query opens a new connection.
  pool.on("error", (error) => options.onError?.(error));
  return {
    query: (text, values, options) => run(pool, text, values, options?.preparedAs),
    async transaction(work) {
      const client = await pool.connect();
      const tx: Sql = { query: (text, values, options) => run(client, text, values, options?.preparedAs), transaction: (inner) => inner(tx) };
      let broken: Error | undefined;
      try {
        await client.query("BEGIN");
        const result = await work(tx);
        await client.query("COMMIT");
        return result;
      } catch (error) {
        // A connection that cannot even roll back is discarded rather than returned to the pool.
        await client.query("ROLLBACK").catch((rollbackError: Error) => (broken = rollbackError));
        throw error;
      } finally {
        client.release(broken);
      }
    },
    end: () => pool.end(),
  };
}

async function run<Row>(on: pg.Pool | pg.PoolClient, text: string, values: readonly unknown[] = [], name?: string) {
  const result = name ? await on.query({ name, text, values: [...values] }) : await on.query(text, [...values]);
  return { rows: result.rows as Row[], rowCount: result.rowCount ?? result.rows.length };
}
