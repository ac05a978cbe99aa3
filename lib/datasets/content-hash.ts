// The content hash of the files a ground-truth version is built from: re-importing unchanged files is
// a no-op, and any edit to one of them (or to how we store them) triggers a replacement.
import { createHash } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import type { GroundTruthVersion } from "@/lib/workbench/datasets";

/** Bump when the stored shape of a version changes, so existing imports are refreshed. */
const STORAGE_FORMAT = "1";

function csvFilesIn(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith(".csv"))
    .map((name) => path.join(dir, name));
}

/** The files (absolute paths, sorted) that make up `version` under a data root. */
export function versionSourceFiles(root: string, version: GroundTruthVersion): string[] {
  const processed = path.join(root, "v1", "data", "processed");
  const shared = [...csvFilesIn(processed), path.join(root, "v1", "data", "raw", "email_addresses.csv")];
  const own =
    version === "v1"
      ? csvFilesIn(path.join(processed, "queries_and_answers"))
      : [...csvFilesIn(path.join(root, "v2026", "tasks_and_outcomes")), ...csvFilesIn(path.join(root, "v2026", "sandbox"))];
  return [...shared, ...own].sort();
}

/** sha256 over (relative path, size, bytes) of each file, so renames and moves count too. */
export async function versionContentHash(root: string, version: GroundTruthVersion): Promise<string> {
  const hash = createHash("sha256").update(`format:${STORAGE_FORMAT};version:${version}\n`);
  for (const file of versionSourceFiles(root, version)) {
    const bytes = await fs.readFile(file);
    hash.update(`${path.relative(root, file)}\0${bytes.length}\0`).update(bytes);
  }
  return hash.digest("hex");
}
