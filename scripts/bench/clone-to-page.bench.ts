// From `git clone` to the first served page, as a new user does it: this checkout's committed HEAD is
// cloned into a temp dir, then `npm install --no-audit --no-fund`, then `npm start` until `/` answers 200
// (its first start builds the app and prepares data: the official files when they can be fetched, else
// a generated workplace). Prints each step's wall and CPU time, the machine's load before and after, and
// the longest silence in npm start's output (it should say what it is doing every few seconds).
// Target: ≤ 4 min on an idle 2-core machine. Uses the network only as npm install does (the registry).
// CLONE_BENCH_REF=<commit> measures another commit of this repository instead (e.g. before a change).
// CLONE_BENCH_DATA_DIR=<dir> starts with WORKBENCH_DATA_DIR=<dir> (the official files on disk, as on a machine
// with ../shared beside the checkout): the first start then imports them and the paper's recorded results.
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { findFreePort } from "../db/free-port";
import { REPO_ROOT } from "../next-build";
import { cleanEnv, longestSilenceMs, startProduct } from "./npm-start";
import { machineLoad, treeUsage } from "./process-usage";

const TARGET_S = 240;
const TICK_MS = 10;

/** CPU ms of this process's finished (waited-for) children and their descendants, from /proc/self/stat. */
function childrenCpuMs(): number {
  const stat = readFileSync("/proc/self/stat", "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ").map(Number);
  return ((fields[13] ?? 0) + (fields[14] ?? 0)) * TICK_MS;
}

/** Runs a command to completion with its output in `logFile`; resolves wall and CPU ms. */
async function timed(command: string[], cwd: string, env: NodeJS.ProcessEnv, logFile: string): Promise<{ wallMs: number; cpuMs: number }> {
  const cpuBefore = childrenCpuMs();
  const started = performance.now();
  const log = openSync(logFile, "a");
  const code = await new Promise<number>((resolve) => {
    const child = spawn(command[0]!, command.slice(1), { cwd, env, stdio: ["ignore", log, log] });
    child.on("error", () => resolve(127));
    child.on("exit", (exitCode) => resolve(exitCode ?? 1));
  });
  if (code !== 0) throw new Error(`${command.join(" ")} failed (exit ${code}); see ${logFile}`);
  return { wallMs: performance.now() - started, cpuMs: childrenCpuMs() - cpuBefore };
}

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export async function run(): Promise<void> {
  const parent = mkdtempSync(path.join(os.tmpdir(), "clone-bench-"));
  chmodSync(parent, 0o755); // the postgres user must traverse it
  const clone = path.join(parent, "workbench-studio");
  const logFile = path.join(parent, "steps.log");
  const env = cleanEnv({}, ["WORKBENCH_DATA_DIR", "HOST", "NEXT_DIST_DIR", "WORKBENCH_OFFLINE", "WORKBENCH_PG_DATA_DIR"]);
  const loadBefore = machineLoad();
  let keep = false;
  try {
    const cloned = await timed(["git", "clone", "--quiet", REPO_ROOT, clone], parent, env, logFile);
    const ref = process.env.CLONE_BENCH_REF;
    if (ref) await timed(["git", "checkout", "--quiet", ref], clone, env, logFile);
    const commit = spawnSync("git", ["rev-parse", "--short", "HEAD"], { cwd: clone, encoding: "utf8" }).stdout.trim();
    const installed = await timed(["npm", "install", "--no-audit", "--no-fund"], clone, env, logFile);
    const port = await findFreePort();
    const dataDir = process.env.CLONE_BENCH_DATA_DIR;
    const startEnv = { ...env, PORT: String(port), WORKBENCH_PG_DATA_DIR: path.join(parent, "pg"), ...(dataDir ? { WORKBENCH_DATA_DIR: path.resolve(dataDir) } : {}) };
    const product = startProduct(["npm", "start"], { cwd: clone, port, env: startEnv });
    let firstMs: number;
    let startCpuMs: number;
    try {
      firstMs = await product.firstPage(30 * 60_000);
      startCpuMs = treeUsage(product.pid).reduce((sum, usage) => sum + usage.cpuMs, 0);
    } catch (error) {
      keep = true;
      throw error;
    } finally {
      await product.stop();
    }
    const totalMs = cloned.wallMs + installed.wallMs + firstMs;
    const data = product.lines.filter((line) => line.text.startsWith("Data:")).map((line) => line.text);
    console.log(`clone of ${REPO_ROOT} at ${commit} in ${parent}`);
    console.log(`  git clone                 ${s(cloned.wallMs).padStart(9)} wall ${s(cloned.cpuMs).padStart(9)} CPU`);
    console.log(`  npm install               ${s(installed.wallMs).padStart(9)} wall ${s(installed.cpuMs).padStart(9)} CPU`);
    console.log(`  npm start → first page    ${s(firstMs).padStart(9)} wall ${s(startCpuMs).padStart(9)} CPU (build + data + server)`);
    console.log(`  total                     ${s(totalMs).padStart(9)} wall — ${totalMs / 1000 <= TARGET_S ? "within" : "over"} the ${TARGET_S} s target (idle 2-core machine)`);
    console.log(`  longest silence in npm start's output before the first page: ${s(longestSilenceMs(product.lines, firstMs))}`);
    for (const line of data) console.log(`  ${line}`);
    console.log(`  machine: before ${loadBefore}; after ${machineLoad()}`);
  } finally {
    if (keep) console.log(`(kept ${parent} for inspection)`);
    else rmSync(parent, { recursive: true, force: true });
  }
}
