// Pid lock files beside an embedded PostgreSQL data dir. `<dataDir>.lock` names the process that owns
// the server (stops it on exit); `<dataDir>.starting` is held while one process starts it. A lock whose
// process is dead is taken over.
import { readFileSync, rmSync } from "node:fs";
import fs from "node:fs/promises";
import { isProcessAlive } from "./postmaster";

export type OwnerLock = { release: () => Promise<void>; releaseSync: () => void };

/** The live pid a lock file names, or null (no file, empty, or a dead process). */
export function lockHolder(lockPath: string): number | null {
  let content: string;
  try {
    content = readFileSync(lockPath, "utf8");
  } catch {
    return null;
  }
  const pid = Number(content);
  return Number.isInteger(pid) && pid > 0 && isProcessAlive(pid) ? pid : null;
}

/** Takes the lock when no live process holds it; null when one does. Never waits. */
export async function tryTakeLock(lockPath: string): Promise<OwnerLock | null> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    try {
      await fs.writeFile(lockPath, String(process.pid), { flag: "wx" });
      const ours = () => readFileSync(lockPath, "utf8") === String(process.pid);
      const releaseSync = () => {
        try {
          if (ours()) rmSync(lockPath, { force: true });
        } catch {
          // already gone
        }
      };
      return { release: async () => releaseSync(), releaseSync };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const content = await fs.readFile(lockPath, "utf8").catch(() => null);
    if (content === "" || content === null) {
      // Just created by another process that has not written its pid yet, or just removed: look again.
      await new Promise((resolve) => setTimeout(resolve, 50));
      continue;
    }
    if (lockHolder(lockPath) !== null) return null;
    await removeIfStill(lockPath, content);
  }
  return null;
}

/** Waits for the lock (polling), for at most `timeoutMs`. */
export async function takeLock(lockPath: string, timeoutMs: number): Promise<OwnerLock> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const lock = await tryTakeLock(lockPath);
    if (lock) return lock;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${lockPath} (held by pid ${lockHolder(lockPath)})`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Removes a stale lock only if it still names the dead owner (another process may have replaced it). */
async function removeIfStill(lockPath: string, deadContent: string) {
  const current = await fs.readFile(lockPath, "utf8").catch(() => null);
  if (current === deadContent) await fs.rm(lockPath, { force: true });
}
