// A CLI `run` survives a PostgreSQL restart: `workbench run` with no DATABASE_URL (its own embedded
// PostgreSQL, its own in-process worker, no other worker anywhere), kill -9 of the postmaster
// mid-run. The CLI's watchdog restarts PostgreSQL, which answers 57P03 while it recovers; the
// follower, the worker and Prisma ride it out under the reconnect policy (lib/db-retry.ts), the run
// completes with every task exactly once, and the CLI leaves no PostgreSQL behind when it exits.
import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync } from "node:fs";
import { rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createPrismaClient } from "@/lib/db";
import { importDataset } from "@/lib/datasets/import-dataset";
import { loadDatasetFromDbOrThrow } from "@/lib/datasets/load-from-db";
import { startMockProvider, type MockProvider } from "@/lib/mock-provider";
import { DATA_DIR, resultIntegrity } from "@/lib/test-support/db";
import { openDatabase } from "../db/database-session";
import { EMBEDDED_PASSWORD, EMBEDDED_USER, startEmbeddedPostgres } from "../db/embedded";
import { findRunningPostmaster, isProcessAlive } from "../db/postmaster";

const REPO_ROOT = path.resolve(import.meta.dirname, "../..");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let parent: string;
let dataDir: string;
let mock: MockProvider;

/** The embedded database of `dataDir`, opened the way the CLI opens it (DATABASE_URL unset). */
async function openCliDatabase() {
  const saved = { url: process.env.DATABASE_URL, dir: process.env.WORKBENCH_PG_DATA_DIR };
  delete process.env.DATABASE_URL;
  process.env.WORKBENCH_PG_DATA_DIR = dataDir;
  try {
    return await openDatabase();
  } finally {
    process.env.DATABASE_URL = saved.url;
    if (saved.dir === undefined) delete process.env.WORKBENCH_PG_DATA_DIR;
    else process.env.WORKBENCH_PG_DATA_DIR = saved.dir;
  }
}

beforeAll(async () => {
  parent = mkdtempSync(path.join(os.tmpdir(), "cli-restart-"));
  chmodSync(parent, 0o755); // the postgres user must traverse it
  dataDir = path.join(parent, "pg");
  const session = await openCliDatabase();
  const db = createPrismaClient(session.url);
  try {
    await importDataset(db, { dataDir: DATA_DIR, versions: ["v1"] });
    mock = await startMockProvider({ dataset: await loadDatasetFromDbOrThrow(db, "v1"), behaviour: "oracle", latencyMs: 150 });
  } finally {
    await db.$disconnect();
    await session.close();
  }
});

afterAll(async () => {
  await mock?.close();
  if (parent) await rm(parent, { recursive: true, force: true });
});

async function until<T>(probe: () => T | null | undefined | false, timeoutMs: number, what: () => string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what()}`);
    await sleep(100);
  }
}

test("kill -9 of the postmaster during `workbench run` with no other worker: the run completes", async () => {
  const { DATABASE_URL: _unset, ...env } = process.env;
  const cli = spawn(
    process.execPath,
    ["--import", "tsx", "scripts/workbench.ts", "run", "--agent", "react", "--endpoint", "mock", "--model", "oracle", "--base-url", mock.url,
      "--domains", "calendar", "--limit", "40", "--concurrency", "4"],
    { cwd: REPO_ROOT, env: { ...env, WORKBENCH_PG_DATA_DIR: dataDir, WORKBENCH_PROGRESS_MS: "200" } },
  );
  let output = "";
  cli.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  cli.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => cli.on("exit", (code) => resolve(code)));
  try {
    // A few tasks done, then the postmaster is killed.
    await until(() => Number(/progress (\d+)\/40/.exec(output.split("\n").filter((line) => line.startsWith("progress")).at(-1) ?? "")?.[1] ?? 0) >= 4,
      120_000, () => `4 tasks done:\n${output}`);
    const before = findRunningPostmaster(dataDir);
    expect(before).not.toBeNull();
    process.kill(before!.pid, "SIGKILL");
    const after = await until(() => {
      const running = findRunningPostmaster(dataDir);
      return running && running.pid !== before!.pid ? running : null;
    }, 60_000, () => `PostgreSQL restarted by the CLI:\n${output}`);
    expect(after.port).toBe(before!.port);

    const code = await Promise.race([exited, sleep(240_000).then(() => "still running")]);
    expect(code, output).toBe(0);
    expect(output).toMatch(/progress 40\/40 · completed/);
    // The CLI owned that PostgreSQL: it is stopped, restarted server included (no orphan).
    await until(() => !isProcessAlive(after.pid), 15_000, () => `the restarted postmaster ${after.pid} to stop`);
  } finally {
    cli.kill("SIGKILL");
  }

  // Every task done exactly once, steps without gaps.
  const server = await startEmbeddedPostgres({ dataDir });
  const db = createPrismaClient(`postgresql://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${server.port}/workbench`);
  try {
    const run = await db.run.findFirstOrThrow({ orderBy: { createdAt: "desc" } });
    expect(run).toMatchObject({ status: "completed", tasksDone: 40, correctCount: 40 });
    expect(await resultIntegrity(db, run.id)).toEqual({ done: 40, total: 40, distinct: 40, stepGaps: 0 });
  } finally {
    await db.$disconnect();
    await server.stop();
  }
});
