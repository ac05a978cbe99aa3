// openDatabase(): THE database bootstrap, usable in-process by every entry point (npm start, the
// worker, the CLI, scripts/with-db.ts). It returns a migrated database's URL: DATABASE_URL when set,
// else the embedded PostgreSQL of this checkout (started, or attached to when another process runs it),
// or a throwaway cluster in a temp dir (tests). For the embedded server it also keeps a watchdog: if
// PostgreSQL dies (kill -9, OOM), this process starts it again on the same port within ~1 s, and pools
// reconnect on their own. `close()` stops the server if this process owns it.
// Migrating loads pg and the WASM schema engine (tens of MB that stay resident), so they are imported
// only when used: `npm start`'s supervisor passes `migrate: false` and migrates in a short-lived child.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { defaultDataDir } from "./data-dir";
import { EMBEDDED_PASSWORD, EMBEDDED_USER, startEmbeddedPostgres, type EmbeddedServer } from "./embedded";

const repoRoot = path.resolve(import.meta.dirname, "..", "..");
const WATCHDOG_MS = 1_000;

export type DatabaseSession = {
  url: string;
  /** The embedded server, when this session uses one (null for an external DATABASE_URL). */
  server: EmbeddedServer | null;
  close: () => Promise<void>;
};

async function throwawayDataDir() {
  const parent = await fs.mkdtemp(path.join(os.tmpdir(), "workbench-pg-"));
  await fs.chmod(parent, 0o755); // the postgres user must traverse it
  return { dataDir: path.join(parent, "data"), remove: () => fs.rm(parent, { recursive: true, force: true }) };
}

/**
 * Restarts the embedded server whenever it is found dead; returns the function that stops watching.
 * Stopping waits for a restart in flight: closing the session while the watchdog is starting
 * PostgreSQL again would otherwise stop nothing and leave the restarted server orphaned.
 */
function watchServer(server: EmbeddedServer): () => Promise<void> {
  let restarting: Promise<unknown> | null = null;
  let stopped = false;
  const timer = setInterval(() => {
    if (restarting || stopped) return;
    restarting = server
      .ensureRunning()
      .then((restarted) => restarted && console.error(`database: PostgreSQL was not running; restarted it on port ${server.port}`))
      .catch((error: unknown) => console.error(`database: PostgreSQL restart failed, retrying: ${error instanceof Error ? error.message : error}`))
      .finally(() => (restarting = null));
  }, WATCHDOG_MS);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await restarting;
  };
}

/** Creates the database if missing and applies pending migrations (logged). */
export async function migrateDatabase(url: string): Promise<void> {
  const { ensureDatabase } = await import("./ensure-database");
  const { deployMigrations } = await import("./migrate-commands");
  await ensureDatabase(url);
  const applied = await deployMigrations({ databaseUrl: url });
  if (applied.length) console.error(`database: applied migrations ${applied.join(", ")}`);
}

/** `migrate: false` leaves creating and migrating the database to the caller (migrateDatabase). */
export async function openDatabase(options: { throwaway?: boolean; migrate?: boolean } = {}): Promise<DatabaseSession> {
  const external = options.throwaway ? undefined : process.env.DATABASE_URL;
  let session: DatabaseSession;
  if (external) {
    session = { url: external, server: null, close: async () => {} };
  } else {
    const temp = options.throwaway ? await throwawayDataDir() : null;
    const dataDir = temp?.dataDir ?? process.env.WORKBENCH_PG_DATA_DIR ?? defaultDataDir(repoRoot);
    const server = await startEmbeddedPostgres({ dataDir, throwaway: Boolean(temp) }).catch(async (error: unknown) => {
      await temp?.remove();
      throw error;
    });
    const stopWatching = watchServer(server);
    // Last resort when the process exits without close() (an uncaught error): no orphaned server.
    const onExit = () => server.stopSync();
    process.once("exit", onExit);
    session = {
      url: `postgresql://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${server.port}/workbench`,
      server,
      close: async () => {
        await stopWatching();
        process.off("exit", onExit);
        await server.stop();
        await temp?.remove();
      },
    };
  }
  if (options.migrate === false) return session;
  try {
    await migrateDatabase(session.url);
    return session;
  } catch (error) {
    await session.close();
    throw error;
  }
}
