// The tests' data folder: WORKBENCH_DATA_DIR as the test runner sets it (scripts/test.ts), else
// ../shared/workbench beside the checkout. Tests read the variable themselves: the engine reads no
// environment (its callers pass the folder), and lib/env.ts is outside the engine.
import path from "node:path";
import { resolveDataDir } from "../datasets/data-dir";

export const REPO_ROOT = path.resolve(import.meta.dirname, "../../..");

export function testDataDir(): string {
  return resolveDataDir(process.env.WORKBENCH_DATA_DIR, REPO_ROOT);
}
