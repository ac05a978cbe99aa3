// A PostgreSQL for benchmarks: DATABASE_URL's server when set, otherwise a throwaway embedded one.
// `urlFor(name)` gives a migrated database of that name on it (the benchmarks that compare two
// databases side by side put both on one server).
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { EMBEDDED_PASSWORD, EMBEDDED_USER, startEmbeddedPostgres } from "../db/embedded";
import { withDatabase } from "../db/connection";
import { ensureDatabase } from "../db/ensure-database";
import { deployMigrations } from "../db/migrate-commands";

export interface BenchServer {
  /** The server's default database (DATABASE_URL's own when set), migrated. */
  readonly url: string;
  /** A migrated database named `name` on the same server. */
  urlFor(name: string): Promise<string>;
  stop(): Promise<void>;
}

async function migrated(url: string): Promise<string> {
  await ensureDatabase(url);
  await deployMigrations({ databaseUrl: url });
  return url;
}

export async function startBenchServer(): Promise<BenchServer> {
  if (process.env.DATABASE_URL) {
    const base = process.env.DATABASE_URL;
    return { url: base, urlFor: (name) => migrated(withDatabase(base, name)), stop: async () => {} };
  }
  const parent = await fs.mkdtemp(path.join(os.tmpdir(), "workbench-bench-"));
  await fs.chmod(parent, 0o755); // the postgres user must traverse it
  const server = await startEmbeddedPostgres({ dataDir: path.join(parent, "data"), throwaway: true });
  const base = `postgresql://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${server.port}/workbench`;
  return {
    url: await migrated(base),
    urlFor: (name) => migrated(withDatabase(base, name)),
    stop: async () => {
      await server.stop();
      await fs.rm(parent, { recursive: true, force: true });
    },
  };
}
