#!/usr/bin/env tsx
// `tsx scripts/with-db.ts [--throwaway] -- <command...>`: runs a command with a migrated PostgreSQL in
// DATABASE_URL. Uses DATABASE_URL when set; otherwise starts the embedded PostgreSQL of this checkout
// (or a throwaway one in a temp dir), applies migrations, forwards signals and the exit code, and
// stops PostgreSQL after the command (unless another process owns the server).
import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { defaultDataDir } from "./db/data-dir";
import { EMBEDDED_PASSWORD, EMBEDDED_USER, startEmbeddedPostgres, type EmbeddedServer } from "./db/embedded";
import { ensureDatabase } from "./db/ensure-database";
import { deployMigrations } from "./db/migrate-commands";

const repoRoot = path.resolve(import.meta.dirname, "..");
const FORWARDED_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

function parseArgs(argv: string[]) {
  const separator = argv.indexOf("--");
  const flags = separator === -1 ? argv : argv.slice(0, separator);
  const command = separator === -1 ? [] : argv.slice(separator + 1);
  if (command.length === 0) throw new Error("usage: tsx scripts/with-db.ts [--throwaway] -- <command...>");
  return { throwaway: flags.includes("--throwaway"), command };
}

async function throwawayDataDir(): Promise<{ dataDir: string; cleanup: () => Promise<void> }> {
  const parent = await fs.mkdtemp(path.join(os.tmpdir(), "workbench-pg-"));
  await fs.chmod(parent, 0o755); // the postgres user must traverse it
  return { dataDir: path.join(parent, "data"), cleanup: () => fs.rm(parent, { recursive: true, force: true }) };
}

async function startDatabase(throwaway: boolean): Promise<{ url: string; server: EmbeddedServer | null; cleanup: () => Promise<void> }> {
  const external = process.env.DATABASE_URL;
  if (external) return { url: external, server: null, cleanup: async () => {} };
  const temp = throwaway ? await throwawayDataDir() : null;
  const dataDir = temp?.dataDir ?? process.env.WORKBENCH_PG_DATA_DIR ?? defaultDataDir(repoRoot);
  const server = await startEmbeddedPostgres({ dataDir, throwaway });
  const url = `postgresql://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${server.port}/workbench`;
  return { url, server, cleanup: async () => temp?.cleanup() };
}

function runCommand(command: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const [file, ...args] = command as [string, ...string[]];
  const child = spawn(file, args, { stdio: "inherit", env });
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  for (const signal of FORWARDED_SIGNALS) process.on(signal, forward);
  return new Promise((resolve) => {
    child.on("error", (error) => {
      console.error(`with-db: cannot run ${file}: ${error.message}`);
      resolve(127);
    });
    child.on("exit", (code, signal) => {
      for (const name of FORWARDED_SIGNALS) process.off(name, forward);
      resolve(code ?? 128 + (signal ? os.constants.signals[signal] : 1));
    });
  });
}

async function main(): Promise<number> {
  const { throwaway, command } = parseArgs(process.argv.slice(2));
  const { url, server, cleanup } = await startDatabase(throwaway);
  try {
    await ensureDatabase(url);
    const applied = await deployMigrations({ databaseUrl: url });
    if (applied.length) console.error(`with-db: applied migrations ${applied.join(", ")}`);
    return await runCommand(command, { ...process.env, DATABASE_URL: url });
  } finally {
    if (server?.owned) await server.stop();
    await cleanup();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`with-db: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
