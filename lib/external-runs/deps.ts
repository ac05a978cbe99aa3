// What the MCP server and the external-run endpoints need: Prisma for reads and transactions, and the
// worker's hot-path SQL (steps, verdicts) so external tasks are written by the same statements.
import { requireDatabaseUrl } from "@/lib/env";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { Sql, SqlPool } from "@/lib/runs/sql";

export interface McpDeps {
  readonly db: PrismaClient;
  readonly sql: Sql;
}

// Kept on globalThis so Next's dev reloads reuse one small pool instead of opening one per reload.
const holder = globalThis as typeof globalThis & { workbenchMcpSql?: SqlPool };

/** The process's deps (web server, `workbench mcp`): the Prisma singleton and one small pg pool. */
export function getMcpDeps(): Promise<McpDeps> {
  // Made once per process (every MCP request asks): the imports and the pool are the same each time.
  memo ??= makeMcpDeps().catch((error: unknown) => {
    memo = undefined;
    throw error;
  });
  return memo;
}

let memo: Promise<McpDeps> | undefined;

async function makeMcpDeps(): Promise<McpDeps> {
  const [{ prisma }, { createSqlPool }] = await Promise.all([import("@/lib/db"), import("@/lib/runs/sql")]);
  const url = requireDatabaseUrl("external runs need the database that holds the runs");
  holder.workbenchMcpSql ??= createSqlPool(url, {
    max: 4,
    onError: (error) => console.error(`[mcp] database connection lost: ${error.message}`),
  });
  return { db: prisma, sql: holder.workbenchMcpSql };
}

/** Closes the pool getMcpDeps opened (a CLI process ending); the next getMcpDeps opens a new one. */
export async function closeMcpDeps(): Promise<void> {
  const pool = holder.workbenchMcpSql;
  holder.workbenchMcpSql = undefined;
  memo = undefined;
  await pool?.end();
}
