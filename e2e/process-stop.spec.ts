// The product's processes, end to end against the production build (NEXT_DIST_DIR from scripts/test.ts):
// SIGTERM to `npm start` leaves no process of its tree behind (next-server, PostgreSQL included), and
// pages answer 503 "database unavailable, retrying" while PostgreSQL cannot be reached; kill -9 of
// next-server under `npm start` is repaired by its supervisor within seconds, PostgreSQL untouched.
import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { findFreePort } from "../scripts/db/free-port";
import { readFileSync } from "node:fs";
import { findPostmasterPid } from "../scripts/db/postmaster";
import { processTree, survivors } from "../scripts/db/process-tree";

test.describe.configure({ mode: "serial", timeout: 240_000 });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function start(command: string, args: string[], env: Record<string, string>) {
  const { DATABASE_URL: _db, WORKBENCH_DATA_DIR: _data, ...inherited } = process.env;
  const child = spawn(command, args, { env: { ...inherited, NEXT_DIST_DIR: process.env.NEXT_DIST_DIR ?? ".next-test", ...env } });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  return { child, exited, output: () => output };
}

async function waitForStatus(url: string, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await fetch(url).then((response) => response.status, () => 0);
    if (status !== 0) return status;
    if (Date.now() > deadline) throw new Error(`${url} never answered`);
    await sleep(250);
  }
}

function stopQuietly(child: ChildProcess) {
  if (child.exitCode === null) child.kill("SIGKILL");
}

test("SIGTERM to `npm start` stops next-server, PostgreSQL and every child within 10 s", async () => {
  const parent = mkdtempSync(path.join(os.tmpdir(), "start-stop-"));
  chmodSync(parent, 0o755);
  const dataDir = path.join(parent, "pg");
  const port = await findFreePort();
  const product = start("npm", ["start"], { PORT: String(port), WORKBENCH_PG_DATA_DIR: dataDir });
  try {
    expect(await waitForStatus(`http://127.0.0.1:${port}/`, 180_000)).toBe(200);
    const postmaster = findPostmasterPid(dataDir);
    expect(postmaster).not.toBeNull();
    const tree = [...processTree(product.child.pid!), postmaster!];
    expect(tree.length).toBeGreaterThanOrEqual(4); // npm, the supervisor (dist/start.mjs), next-server, postgres...

    const signalled = Date.now();
    product.child.kill("SIGTERM");
    while (survivors(tree).length > 0 && Date.now() - signalled < 10_000) await sleep(200);
    expect(survivors(tree), product.output()).toEqual([]);
  } finally {
    stopQuietly(product.child);
    rmSync(parent, { recursive: true, force: true });
  }
});

test("pages answer 503 'database unavailable, retrying' while PostgreSQL is unreachable", async () => {
  const port = await findFreePort();
  const deadDatabase = `postgresql://workbench:workbench@127.0.0.1:${await findFreePort()}/workbench`;
  const server = start(path.join("node_modules", ".bin", "next"), ["start", "--hostname", "127.0.0.1", "--port", String(port)], {
    DATABASE_URL: deadDatabase,
    WORKBENCH_INPROCESS_WORKER: "0",
  });
  try {
    for (const page of ["/", "/runs", "/leaderboard"]) {
      const status = await waitForStatus(`http://127.0.0.1:${port}${page}`, 120_000);
      expect(status, page).toBe(503);
      const response = await fetch(`http://127.0.0.1:${port}${page}`);
      expect(response.headers.get("retry-after")).toBe("3");
      expect(await response.text()).toContain("Database unavailable, retrying");
    }
  } finally {
    server.child.kill("SIGTERM");
    await Promise.race([server.exited, sleep(10_000)]);
    stopQuietly(server.child);
  }
});

/** The next-server process among `root`'s descendants (it renames itself "next-server (v…)"). */
function nextServerPid(root: number): number | null {
  for (const pid of processTree(root)) {
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, "utf8").startsWith("next-server")) return pid;
    } catch {
      // gone meanwhile
    }
  }
  return null;
}

test("kill -9 of next-server under `npm start`: pages are back within 15 s, PostgreSQL kept running", async () => {
  const parent = mkdtempSync(path.join(os.tmpdir(), "start-supervise-"));
  chmodSync(parent, 0o755);
  const dataDir = path.join(parent, "pg");
  const port = await findFreePort();
  const product = start("npm", ["start"], { PORT: String(port), WORKBENCH_PG_DATA_DIR: dataDir });
  try {
    expect(await waitForStatus(`http://127.0.0.1:${port}/`, 180_000)).toBe(200);
    const postmaster = findPostmasterPid(dataDir);
    const server = nextServerPid(product.child.pid!);
    expect(server, product.output()).not.toBeNull();

    process.kill(server!, "SIGKILL");
    const killedAt = Date.now();
    // Down first (nothing listens), then back: a new next-server answers the pages again.
    let status = 0;
    while (Date.now() - killedAt < 15_000) {
      const replacement = nextServerPid(product.child.pid!);
      status = replacement !== null && replacement !== server ? await fetch(`http://127.0.0.1:${port}/runs`).then((response) => response.status, () => 0) : 0;
      if (status === 200) break;
      await sleep(250);
    }
    expect(status, product.output()).toBe(200);
    expect(Date.now() - killedAt).toBeLessThan(15_000);
    expect(product.output()).toContain("restarting it in 1 s (PostgreSQL stays up)");
    expect(findPostmasterPid(dataDir)).toBe(postmaster); // the same PostgreSQL all along
    expect(product.child.exitCode).toBeNull();
  } finally {
    product.child.kill("SIGTERM");
    await Promise.race([product.exited, sleep(15_000)]);
    stopQuietly(product.child);
    rmSync(parent, { recursive: true, force: true });
  }
});
