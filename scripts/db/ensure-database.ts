// Creates the database named in a URL when it does not exist yet (like `prisma migrate deploy` does).
import pg from "pg";
import { poolConfigFromUrl } from "./connection";

// 42P04 duplicate_database; 23505 when two CREATE DATABASE race on pg_database's unique index.
const ALREADY_EXISTS = new Set(["42P04", "23505"]);

export async function ensureDatabase(databaseUrl: string): Promise<void> {
  const config = poolConfigFromUrl(databaseUrl);
  const admin = new pg.Client({ ...config, database: "postgres" });
  await admin.connect();
  try {
    const found = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [config.database]);
    if (found.rowCount) return;
    await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(config.database)}`).catch((error: { code?: string }) => {
      // Another process (a worker started at the same time) created it first: fine.
      if (!error.code || !ALREADY_EXISTS.has(error.code)) throw error;
    });
  } finally {
    await admin.end();
  }
}
