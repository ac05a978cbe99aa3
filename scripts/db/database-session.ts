// Opens a migrated database for a command: DATABASE_URL when set (unless a throwaway one is asked for),
// else the embedded PostgreSQL of this checkout, or a throwaway cluster in a temp dir (tests).
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { defaultDataDir } from "./data-dir";
import { EMBEDDED_PASSWORD, EMBEDDED_USER, startEmbeddedPostgres } from "./embedded";
import { ensureDatabase } from "./ensure-database";
import { deployMigrations } from "./migrate-commands";

const repoRoot = path.resolve(import.meta.dirname, "..", "..");

export type DatabaseSession = { url: string; close: () => Promise<void> };

async function throwawayDataDir() {
  const parent = await fs.mkdtemp(path.join(os.tmpdir(), "workbench-pg-"));
  await fs.chmod(parent, 0o755); // the postgres user must traverse it
  return { dataDir: path.join(parent, "data"), remove: () => fs.rm(parent, { recursive: true, force: true }) };
}

export async function openDatabase(options: { throwaway?: boolean } = {}): Promise<DatabaseSession> {
  const external = options.throwaway ? undefined : process.env.DATABASE_URL;
  let session: DatabaseSession;
  if (external) {
    session = { url: external, close: async () => {} };
  } else {
    const temp = options.throwaway ? await throwawayDataDir() : null;
    const dataDir = temp?.dataDir ?? process.env.WORKBENCH_PG_DATA_DIR ?? defaultDataDir(repoRoot);
    const server = await startEmbeddedPostgres({ dataDir, throwaway: Boolean(temp) }).catch(async (error: unknown) => {
      await temp?.remove();
      throw error;
    });
    session = {
      url: `postgresql://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${server.port}/workbench`,
      close: async () => {
        if (server.owned) await server.stop();
        await temp?.remove();
      },
    };
  }
  try {
    await ensureDatabase(session.url);
    const applied = await deployMigrations({ databaseUrl: session.url });
    if (applied.length) console.error(`database: applied migrations ${applied.join(", ")}`);
    return session;
  } catch (error) {
    await session.close();
    throw error;
  }
}
