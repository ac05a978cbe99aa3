// Detects a PostgreSQL server running on a data dir, from its postmaster.pid file
// (line 1: pid, line 4: port, line 8: status; see PostgreSQL's miscadmin.h LOCK_FILE_LINE_*).
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

/** On Linux, a live pid from a stale pid file may belong to another program since: check its name. */
function isPostgres(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/comm`, "utf8").trim().startsWith("postgres");
  } catch {
    return true; // no /proc (macOS): trust the pid
  }
}

function readPidFile(dataDir: string): string[] | null {
  try {
    return readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n");
  } catch {
    return null;
  }
}

/** The pid of the live postmaster of `dataDir`, ready or not; null when none (a stale file is ignored). */
export function findPostmasterPid(dataDir: string): number | null {
  const pid = Number(readPidFile(dataDir)?.[0]);
  return Number.isInteger(pid) && pid > 0 && isProcessAlive(pid) && isPostgres(pid) ? pid : null;
}

/** The server running and accepting connections on `dataDir`, or null. */
export function findRunningPostmaster(dataDir: string): RunningPostmaster | null {
  const lines = readPidFile(dataDir);
  const pid = findPostmasterPid(dataDir);
  const port = Number(lines?.[3]);
  if (pid === null || !Number.isInteger(port) || lines?.[7]?.trim() !== "ready") return null;
  return { pid, port };
}
