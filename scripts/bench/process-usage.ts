// Memory and CPU of a process tree from /proc (Linux), for the start benchmarks: resident memory as
// `ps -o rss` reports it (VmRSS, shared pages counted in every process that maps them) and CPU time
// (user + system, including the finished children each process waited for).
import { readFileSync } from "node:fs";
import os from "node:os";
import { processTree } from "../db/process-tree";

const TICK_MS = 10; // USER_HZ = 100 on Linux

export interface ProcessUsage {
  readonly pid: number;
  readonly command: string;
  readonly rssKiB: number;
  /** utime + stime + cutime + cstime, in ms. */
  readonly cpuMs: number;
}

function usageOf(pid: number): ProcessUsage | null {
  try {
    const command = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean).join(" ");
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const rssKiB = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after "pid (comm) ": state is index 0, utime 11, stime 12, cutime 13, cstime 14.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ").map(Number);
    const cpuMs = ((fields[11] ?? 0) + (fields[12] ?? 0) + (fields[13] ?? 0) + (fields[14] ?? 0)) * TICK_MS;
    return { pid, command, rssKiB, cpuMs };
  } catch {
    return null; // exited meanwhile
  }
}

/** Every live process of the tree under `root`, root first. */
export function treeUsage(root: number): ProcessUsage[] {
  return processTree(root).map(usageOf).filter((usage): usage is ProcessUsage => usage !== null && usage.command !== "");
}

/** A short role for a process of `npm start`'s tree. */
export function roleOf(command: string): string {
  if (/^npm\b|npm-cli\.js/.test(command)) return "npm";
  if (/^(\/bin\/)?sh\b/.test(command)) return "sh";
  if (command.startsWith("next-server")) return "next-server";
  if (/(^|\/)postgres( |:|$)/.test(command)) return "postgres";
  if (/esbuild --service/.test(command)) return "esbuild service (tsx's)";
  if (/dist\/start\.mjs/.test(command)) return "supervisor (node dist/start.mjs)";
  if (/scripts\/start\.ts/.test(command)) return /tsx\/dist\/(preflight|loader)/.test(command) ? "supervisor (scripts/start.ts under tsx)" : "tsx launcher";
  return command.slice(0, 60);
}

/** Usage summed per role (postgres' processes together), in tree order. */
export function byRole(usages: readonly ProcessUsage[]): Map<string, { rssKiB: number; cpuMs: number; count: number }> {
  const roles = new Map<string, { rssKiB: number; cpuMs: number; count: number }>();
  for (const usage of usages) {
    const role = roleOf(usage.command);
    const sum = roles.get(role) ?? { rssKiB: 0, cpuMs: 0, count: 0 };
    roles.set(role, { rssKiB: sum.rssKiB + usage.rssKiB, cpuMs: sum.cpuMs + usage.cpuMs, count: sum.count + 1 });
  }
  return roles;
}

export const mib = (kib: number) => `${(kib / 1024).toFixed(0)} MiB`;

/** The 1-minute load average and the CPU count, for figures measured on a shared machine. */
export function machineLoad(): string {
  const [one, five] = readFileSync("/proc/loadavg", "utf8").split(" ");
  return `load ${one} (1 min), ${five} (5 min) on ${os.availableParallelism()} CPUs`;
}
