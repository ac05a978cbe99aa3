// Connection settings parsed from a postgresql:// URL, field by field: adapter-pg's shadow database and
// our own admin connections replace `database`, which a `connectionString` would silently override.
import type { PoolConfig } from "pg";

export function poolConfigFromUrl(databaseUrl: string): PoolConfig & { database: string } {
  const url = new URL(databaseUrl);
  if (url.protocol !== "postgresql:" && url.protocol !== "postgres:") {
    throw new Error(`DATABASE_URL must be a postgresql:// URL (got ${url.protocol})`);
  }
  const sslMode = url.searchParams.get("sslmode");
  return {
    host: url.hostname || "localhost",
    port: url.port ? Number(url.port) : 5432,
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    database: decodeURIComponent(url.pathname.slice(1)) || "postgres",
    ssl: sslMode && sslMode !== "disable" ? { rejectUnauthorized: sslMode === "verify-full" } : undefined,
  };
}

/** Same server and credentials, another database (the URL's query string is kept). */
export function withDatabase(databaseUrl: string, database: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${encodeURIComponent(database)}`;
  return url.toString();
}
