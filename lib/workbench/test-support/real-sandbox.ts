/**
 * Test helper: the real v1 initial sandbox, read once by the app's own loader (datasets/load-sandbox)
 * from WORKBENCH_DATA_DIR or ../shared/workbench. A missing data directory fails the importing test
 * file rather than skipping it. Tables are immutable, so every test may share them.
 */
import path from "node:path";
import { loadSandboxData } from "../datasets/load-sandbox";
import { resolveDataDir } from "../datasets/data-dir";
import type { SandboxData } from "../sandbox/types";

const REPO_ROOT = path.resolve(import.meta.dirname, "../../..");
const DATA_DIR = resolveDataDir(process.env.WORKBENCH_DATA_DIR, REPO_ROOT);
const REAL_V1 = await loadSandboxData(DATA_DIR, "v1");

export function realSandboxData(): SandboxData {
  return REAL_V1;
}

export function v1Dir(): string {
  return path.join(DATA_DIR, "v1");
}
