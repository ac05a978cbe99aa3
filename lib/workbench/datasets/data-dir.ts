// Where the official data lives and how its layout is recognised.
import { existsSync } from "node:fs";
import path from "node:path";
import { DatasetError } from "./errors";

/**
 * The configured folder (callers pass WORKBENCH_DATA_DIR from lib/env; the engine reads no environment),
 * else `../shared/workbench` relative to the repo root (the working directory).
 */
export function resolveDataDir(configured: string | undefined, cwd: string = process.cwd()): string {
  const folder = configured?.trim();
  return path.resolve(cwd, folder ? folder : "../shared/workbench");
}

/**
 * Accepts the data root (holding v1/ and v2026/), the v1 folder, or the v1 `data/processed` folder
 * (as the original's README passes it) and returns the root.
 */
export function resolveDataRoot(dir: string): string {
  const absolute = path.resolve(dir);
  const candidates = [absolute, path.resolve(absolute, ".."), path.resolve(absolute, "../../..")];
  const root = candidates.find((candidate) => existsSync(path.join(candidate, "v1", "data", "processed")));
  if (!root) {
    throw new DatasetError("bad_layout", absolute, null, "not a WorkBench data directory (expected v1/data/processed inside it)");
  }
  return root;
}

export function v1Paths(root: string) {
  const processed = path.join(root, "v1", "data", "processed");
  return {
    processed,
    tasks: path.join(processed, "queries_and_answers"),
    directory: path.join(root, "v1", "data", "raw", "email_addresses.csv"),
    results: path.join(root, "v1", "data", "results"),
  };
}

export function v2026Paths(root: string) {
  return {
    tasks: path.join(root, "v2026", "tasks_and_outcomes"),
    crm: path.join(root, "v2026", "sandbox", "customer_relationship_manager_data.csv"),
  };
}
