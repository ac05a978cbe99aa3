// The one PrismaClient of the process (pages, actions, queries, workers, CLI). In development Next
// re-evaluates modules on every change, so the client is kept on globalThis to avoid leaking pools.
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { createReconnectingPool } from "@/lib/db-pool";
import { env } from "@/lib/env";

/**
 * THE interactive-transaction limits of every client. Prisma's defaults (wait 2 s for a connection,
 * 5 s per transaction) fail launches and tests on a busy 2-core machine, where a transaction that
 * takes 100 ms idle can take seconds. These bound a stuck transaction without failing a slow one;
 * a transaction that needs more (imports, rescoring) passes its own, larger, limit.
 */
export const TRANSACTION_LIMITS = { maxWait: 30_000, timeout: 60_000 } as const;

export function createPrismaClient(databaseUrl: string): PrismaClient {
  // Connections are taken under the reconnect policy (lib/db-pool.ts): a query issued while PostgreSQL
  // restarts waits for it instead of failing.
  const pool = createReconnectingPool({ connectionString: databaseUrl });
  return new PrismaClient({
    adapter: new PrismaPg(pool, { disposeExternalPool: true }),
    transactionOptions: TRANSACTION_LIMITS,
  });
}

/** Without DATABASE_URL, importing still works (e.g. during `next build`); using it throws clearly. */
function missingDatabaseClient(): PrismaClient {
  return new Proxy({} as PrismaClient, {
    get(_target, property) {
      if (property === "then") return undefined; // not a thenable: `await import()` must not call us
      throw new Error("DATABASE_URL is not set: no database for Prisma (start through `npm start` or scripts/with-db.ts)");
    },
  });
}

const globalForPrisma = globalThis as typeof globalThis & { workbenchPrisma?: PrismaClient };

function getClient(): PrismaClient {
  if (globalForPrisma.workbenchPrisma) return globalForPrisma.workbenchPrisma;
  const url = env().DATABASE_URL;
  const client = url ? createPrismaClient(url) : missingDatabaseClient();
  // NODE_ENV is the framework's variable (not in lib/env): keep the client across dev reloads only.
  if (url && process.env.NODE_ENV !== "production") globalForPrisma.workbenchPrisma = client;
  return client;
}

export const prisma: PrismaClient = getClient();
