// The one PrismaClient of the process (pages, actions, queries, workers, CLI). In development Next
// re-evaluates modules on every change, so the client is kept on globalThis to avoid leaking pools.
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { env } from "@/lib/env";

export function createPrismaClient(databaseUrl: string): PrismaClient {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString: databaseUrl }) });
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
