// An idle `npm run worker`: how many processes its tree holds and how much memory the worker uses,
// 10 s after start (target: one worker process, ≤ 250 MiB). Runs the compiled worker the way the npm
// script does, against the benchmark database (so no embedded server is started by the worker).
import { spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { startBenchServer } from "./bench-database";

const IDLE_MS = 10_000;
const MAX_MIB = 250;

function rssKiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").split("\n").find((entry) => entry.startsWith("VmRSS:"));
  return Number(line?.replace(/\D+/g, "") ?? 0);
}

/** The process and its descendants, from /proc (Linux). */
function tree(pid: number): { pid: number; command: string }[] {
  // ps exits 1 when the process has no children.
  const children = spawnSync("ps", ["-o", "pid=,args=", "--ppid", String(pid)], { encoding: "utf8" }).stdout.trim();
  const own = { pid, command: readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ").trim() };
  const rows = children ? children.split("\n").map((row) => Number(row.trim().split(/\s+/)[0])) : [];
  return [own, ...rows.flatMap(tree)];
}

export async function run(): Promise<void> {
  const root = path.resolve(import.meta.dirname, "..", "..");
  const database = await startBenchServer();
  const npm = spawn("npm", ["run", "--silent", "worker"], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: database.url },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const processes = tree(npm.pid!).filter((entry) => !entry.command.startsWith("npm"));
    const worker = processes.find((entry) => entry.command.includes("dist/worker.mjs"));
    if (!worker) throw new Error(`no worker process found: ${JSON.stringify(processes)}`);
    const mib = rssKiB(worker.pid) / 1024;
    const ok = processes.length === 1 && mib <= MAX_MIB;
    console.log(
      `worker: idle npm run worker after ${IDLE_MS / 1000} s: ${processes.length} process(es) besides npm itself ` +
        `(${processes.map((entry) => entry.command.slice(0, 40)).join(" | ")}), worker RSS ${mib.toFixed(0)} MiB ` +
        `[${ok ? "OK" : "over target"}: 1 process, ≤ ${MAX_MIB} MiB]`,
    );
  } finally {
    const exited = new Promise((resolve) => npm.once("exit", resolve));
    for (const entry of tree(npm.pid!).reverse()) {
      try {
        process.kill(entry.pid, "SIGTERM");
      } catch {
        // already gone
      }
    }
    await exited;
    await database.stop();
  }
}

// Standalone: `npx tsx scripts/bench/worker.bench.ts`.
if (import.meta.url === `file://${process.argv[1]}`) await run();
