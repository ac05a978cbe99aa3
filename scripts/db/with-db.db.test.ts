// The embedded PostgreSQL wrapper end to end (real servers in temp dirs), and the committed migrations
// against the schema (DATABASE_URL from the db project's with-db).
import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { diffMigrations, migrationStatus } from "./migrate-commands";
import { findRunningPostmaster } from "./postmaster";

const withDb = path.resolve("scripts", "with-db.ts");
const printUrlAndMigrations = `
const pg = require("pg");
const client = new pg.Client(process.env.DATABASE_URL);
client.connect().then(async () => {
  const { rows } = await client.query("SELECT count(*)::int AS n FROM _prisma_migrations WHERE finished_at IS NOT NULL");
  console.log(JSON.stringify({ url: process.env.DATABASE_URL, migrations: rows[0].n }));
  await client.end();
  setTimeout(() => process.exit(Number(process.env.EXIT_CODE ?? 0)), Number(process.env.HOLD_MS ?? 0));
});`;

type Child = { exit: Promise<number>; output: () => string; kill: (signal: NodeJS.Signals) => void };

function runWithDb(args: string[], env: Record<string, string>): Child {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ["--import", "tsx", withDb, ...args, "--", process.execPath, "-e", printUrlAndMigrations], {
    env: { ...inherited, ...env },
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<number>((resolve) => child.on("exit", (code, signal) => resolve(code ?? (signal === "SIGTERM" ? 143 : 1))));
  return { exit, output: () => output, kill: (signal) => child.kill(signal) };
}

const reported = (child: Child) => JSON.parse(child.output().split("\n").find((line) => line.startsWith("{")) ?? "null") as { url: string; migrations: number } | null;

const parents: string[] = [];
afterAll(() => Promise.all(parents.map((parent) => rm(parent, { recursive: true, force: true }))));

function sharedDataDir() {
  const parent = mkdtempSync(path.join(os.tmpdir(), "with-db-test-"));
  chmodSync(parent, 0o755);
  parents.push(parent);
  return path.join(parent, "pg");
}

async function until(condition: () => boolean, timeoutMs = 60_000) {
  for (const started = Date.now(); !condition(); ) {
    if (Date.now() - started > timeoutMs) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("with-db", () => {
  test("--throwaway: a migrated database for the command, its exit code forwarded", async () => {
    const child = runWithDb(["--throwaway"], { EXIT_CODE: "7" });
    expect(await child.exit).toBe(7);
    const info = reported(child);
    expect(info?.migrations).toBeGreaterThanOrEqual(2);
    expect(info?.url).toMatch(/^postgresql:\/\/workbench:workbench@127\.0\.0\.1:\d+\/workbench$/);
  });

  test("a second process attaches to the running server; the owner stops it on SIGTERM", async () => {
    const dataDir = sharedDataDir();
    const owner = runWithDb([], { WORKBENCH_PG_DATA_DIR: dataDir, HOLD_MS: "60000" });
    await until(() => reported(owner) !== null);
    const guest = runWithDb([], { WORKBENCH_PG_DATA_DIR: dataDir });
    expect(await guest.exit).toBe(0);
    expect(reported(guest)?.url).toBe(reported(owner)?.url);
    expect(findRunningPostmaster(dataDir)).not.toBeNull(); // the guest left it running

    owner.kill("SIGTERM");
    expect(await owner.exit).toBe(143);
    expect(findRunningPostmaster(dataDir)).toBeNull();
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
  });

  test("a lock left by a dead process is taken over", async () => {
    const dataDir = sharedDataDir();
    writeFileSync(`${dataDir}.lock`, "999999"); // no such pid
    const child = runWithDb([], { WORKBENCH_PG_DATA_DIR: dataDir });
    expect(await child.exit).toBe(0);
    expect(reported(child)?.migrations).toBeGreaterThanOrEqual(2);
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
  });
});

describe("committed migrations", () => {
  test("the database is up to date with prisma/migrations", async () => {
    const databaseUrl = process.env.DATABASE_URL;
    if (!databaseUrl) throw new Error("DATABASE_URL is not set: run through scripts/with-db.ts");
    const status = await migrationStatus({ databaseUrl });
    expect(status).toMatchObject({ history: null, failedMigrationNames: [], editedMigrationNames: [] });
  });

  test("replaying prisma/migrations yields exactly prisma/schema.prisma (no missing migration)", async () => {
    const databaseUrl = process.env.DATABASE_URL;
    if (!databaseUrl) throw new Error("DATABASE_URL is not set: run through scripts/with-db.ts");
    const diff = await diffMigrations({ databaseUrl, from: "migrations" });
    expect(diff.stdout?.trim()).toBe("-- This is an empty migration.");
    expect(diff.exitCode).toBe(0);
  });
});
