// A lock file that names the process owning an embedded PostgreSQL data dir. Exactly one live process
// holds it; a lock left by a dead process is taken over.
import fs from "node:fs/promises";
import { isProcessAlive } from "./postmaster";

export type OwnerLock = { release: () => Promise<void> };

const POLL_MS = 200;
const ATTACH_TIMEOUT_MS = 120_000;

/**
 * Returns an OwnerLock when this process becomes the owner, or "attach" once another live owner's
 * server is ready (`isReady`). Throws if the owner never gets its server ready.
 */
export async function acquireOwnerLock(lockPath: string, isReady: () => boolean): Promise<OwnerLock | "attach"> {
  const deadline = Date.now() + ATTACH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    try {
      await fs.writeFile(lockPath, String(process.pid), { flag: "wx" });
      return { release: () => fs.rm(lockPath, { force: true }) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const content = await fs.readFile(lockPath, "utf8").catch(() => null);
    const ownerPid = Number(content);
    if (content === "" || content === null) {
      // Just created by another process that has not written its pid yet, or just removed: look again.
    } else if (Number.isInteger(ownerPid) && ownerPid > 0 && isProcessAlive(ownerPid)) {
      if (isReady()) return "attach";
    } else {
      await removeIfStill(lockPath, ownerPid);
      continue;
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error(`timed out waiting for the PostgreSQL owning ${lockPath} to become ready`);
}

/** Removes a stale lock only if it still names the dead owner (another process may have replaced it). */
async function removeIfStill(lockPath: string, deadPid: number) {
  const current = Number(await fs.readFile(lockPath, "utf8").catch(() => "NaN"));
  if (current === deadPid || (Number.isNaN(current) && Number.isNaN(deadPid))) await fs.rm(lockPath, { force: true });
}
