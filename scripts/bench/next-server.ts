// A production Next.js server of this checkout for benchmarks: `next start` on a free port against one
// database, with no in-process worker. Built into its own folder (.next-bench) only when stale.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { runForwardingSignals } from "../db/run-command";
import { findFreePort } from "../db/free-port";
import { buildIsStale, NEXT_BIN, REPO_ROOT } from "../next-build";

const DIST_DIR = ".next-bench";
const baseEnv = () => ({ ...process.env, NEXT_DIST_DIR: DIST_DIR, NEXT_TELEMETRY_DISABLED: "1", CHECKPOINT_DISABLE: "1" });

export async function ensureBenchBuild(log: (line: string) => void): Promise<void> {
  if (!buildIsStale(DIST_DIR)) return;
  log(`building the app into ${DIST_DIR} (next build)…`);
  const code = await runForwardingSignals([NEXT_BIN, "build"], { cwd: REPO_ROOT, env: baseEnv() });
  if (code !== 0) throw new Error(`next build failed (exit ${code})`);
}

export interface BenchNextServer {
  readonly url: string;
  /** CPU milliseconds the server's processes have used so far (Linux /proc; 10 ms resolution). */
  cpuMs(): number;
  stop(): Promise<void>;
}

const TICK_MS = 10; // USER_HZ = 100 on Linux

function processTree(pid: number): number[] {
  const children = spawnSync("ps", ["-o", "pid=", "--ppid", String(pid)], { encoding: "utf8" }).stdout.trim();
  return [pid, ...(children ? children.split("\n").flatMap((line) => processTree(Number(line.trim()))) : [])];
}

/** CPU milliseconds (user + system) the given processes have used so far; gone ones count 0. */
export function cpuMsOfPids(pids: readonly number[]): number {
  return pids.reduce((sum, one) => {
    try {
      // Fields after the parenthesised command name: utime and stime are the 12th and 13th.
      const fields = readFileSync(`/proc/${one}/stat`, "utf8").split(") ")[1]!.split(" ");
      return sum + (Number(fields[11]) + Number(fields[12])) * TICK_MS;
    } catch {
      return sum; // gone meanwhile
    }
  }, 0);
}

function cpuMsOf(pid: number): number {
  return cpuMsOfPids(processTree(pid));
}

async function waitUntilServing(url: string, child: ChildProcess, timeoutMs: number, probePath: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`next start exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}${probePath}`);
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`next start did not serve ${url} within ${timeoutMs / 1000} s`);
}

/** `appDir`: another checkout's app built into its own .next-bench (a baseline; see baseline-app.ts). */
export async function startBenchNextServer(databaseUrl: string, appDir = REPO_ROOT, probePath = "/runs"): Promise<BenchNextServer> {
  // probePath: what is fetched until the server answers; a static file (e.g. "/logo.svg") leaves every
  // page and the database connections untouched, so the next page request is a cold one.
  const port = await findFreePort();
  const child = spawn(NEXT_BIN, ["start", "--port", String(port), "--hostname", "127.0.0.1"], {
    cwd: appDir,
    env: { ...baseEnv(), DATABASE_URL: databaseUrl, WORKBENCH_INPROCESS_WORKER: "0", NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  };
  try {
    await waitUntilServing(url, child, 180_000, probePath);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop, cpuMs: () => cpuMsOf(child.pid!) };
}
