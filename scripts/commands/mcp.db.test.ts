// `workbench mcp` as an MCP client starts it: a minimal environment (no DATABASE_URL), stdout read as
// the protocol, SIGTERM to stop it at any moment. It refuses to guess a database, and with
// --embedded-db a stop signal during start-up never leaves the PostgreSQL it started running.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { findPostmasterPid, findRunningPostmaster, isProcessAlive } from "../db/postmaster";

const REPO_ROOT = path.resolve(import.meta.dirname, "../..");
const CLI = ["--import", "tsx", "scripts/workbench.ts", "mcp", "--run", "some-run"];
const temps: string[] = [];

afterAll(async () => {
  for (const dir of temps) await fs.rm(dir, { recursive: true, force: true }).catch(() => undefined);
});

/** What an MCP client passes: PATH and HOME, nothing of this shell's database settings. */
function minimalEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: process.env.HOME, ...extra } as unknown as NodeJS.ProcessEnv;
}

test("without DATABASE_URL it refuses to start, with one clear stderr line and nothing on stdout", () => {
  const result = spawnSync(process.execPath, [...CLI, "--token", "wbs_secret-token-value"], { cwd: REPO_ROOT, encoding: "utf8", env: minimalEnv(), input: "" });
  expect(result.status).toBe(2);
  expect(result.stdout).toBe("");
  const lines = result.stderr.trim().split("\n");
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^workbench mcp: DATABASE_URL is not set: .*--embedded-db/);
  expect(result.stderr).not.toContain("secret-token-value");
}, 60_000);

async function startWithEmbeddedDb(): Promise<{ dataDir: string; child: ReturnType<typeof spawn>; exited: Promise<number | null>; stdout: () => string; stderr: () => string }> {
  const parent = await fs.mkdtemp(path.join(os.tmpdir(), "wb-mcp-stdio-"));
  await fs.chmod(parent, 0o755); // the postgres user must traverse it when tests run as root
  temps.push(parent);
  const dataDir = path.join(parent, "data");
  const child = spawn(process.execPath, [...CLI, "--embedded-db"], {
    cwd: REPO_ROOT,
    env: minimalEnv({ WORKBENCH_PG_DATA_DIR: dataDir, WORKBENCH_SESSION_TOKEN: "wbs_unknown" }),
    stdio: ["pipe", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout!.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { dataDir, child, exited, stdout: () => out, stderr: () => err };
}

async function expectNoPostmaster(dataDir: string): Promise<void> {
  // The stop is asynchronous on PostgreSQL's side: give it a few seconds on a busy machine.
  for (const deadline = Date.now() + 15_000; Date.now() < deadline; ) {
    const pid = findPostmasterPid(dataDir);
    if (pid === null || !isProcessAlive(pid)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const pid = findPostmasterPid(dataDir);
  if (pid !== null) process.kill(pid, "SIGKILL"); // do not leave it behind for the next test
  throw new Error(`PostgreSQL (pid ${pid}) of ${dataDir} is still running after workbench mcp exited`);
}

test("SIGTERM the moment its embedded PostgreSQL is ready (migrations still to run): the process exits and PostgreSQL is stopped", async () => {
  const { dataDir, child, exited, stdout } = await startWithEmbeddedDb();
  // Not the pid file alone: initdb's bootstrap writes one too, before any server runs.
  for (const deadline = Date.now() + 120_000; findRunningPostmaster(dataDir) === null; ) {
    if (Date.now() > deadline) throw new Error("the embedded PostgreSQL never started");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  child.kill("SIGTERM");
  await exited;
  await expectNoPostmaster(dataDir);
  expect(stdout()).toBe("");
}, 240_000);

test("SIGTERM 0.4 s after start: the process exits and leaves no PostgreSQL behind", async () => {
  const { dataDir, child, exited, stdout } = await startWithEmbeddedDb();
  await new Promise((resolve) => setTimeout(resolve, 400));
  child.kill("SIGTERM");
  await exited;
  await expectNoPostmaster(dataDir);
  expect(stdout()).toBe("");
}, 240_000);

test("SIGTERM right after its migrations ran (the command about to serve): PostgreSQL is stopped too", async () => {
  const { dataDir, child, exited, stdout, stderr } = await startWithEmbeddedDb();
  for (const deadline = Date.now() + 120_000; !stderr().includes("database: applied migrations"); ) {
    if (Date.now() > deadline) throw new Error(`no migrations line; stderr: ${stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  child.kill("SIGTERM");
  await exited;
  await expectNoPostmaster(dataDir);
  expect(stdout()).toBe("");
}, 240_000);
