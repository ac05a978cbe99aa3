// Detects a PostgreSQL server already running on a data dir, from its postmaster.pid file
// (line 1: pid, line 4: port; see PostgreSQL's miscadmin.h LOCK_FILE_LINE_*).
import { readFileSync } from "node:fs";
import path from "node:path";

export type RunningPostmaster = { pid: number; port: number };

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user (the postgres user).
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The server running on `dataDir`, or null when there is none (no pid file, or a stale one). */
export function findRunningPostmaster(dataDir: string): RunningPostmaster | null {
  let lines: string[];
  try {
    lines = readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n");
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  const ready = lines[7]?.trim() === "ready";
  if (!Number.isInteger(pid) || !Number.isInteger(port) || !isProcessAlive(pid)) return null;
  return ready ? { pid, port } : null;
}
