// Whether a Next.js build folder is missing or older than the sources it was built from (used by
// `npm start` and the pages benchmark to build only when needed).
import path from "node:path";
import { isStale } from "./build/freshness.mjs";

export const REPO_ROOT = path.resolve(import.meta.dirname, "..");
export const NEXT_BIN = path.join(REPO_ROOT, "node_modules", ".bin", "next");
const BUILD_INPUTS = ["app", "components", "lib", "public", "next.config.js", "postcss.config.mjs", "package.json", "tsconfig.json"];

export function buildIsStale(distDir = ".next"): boolean {
  return isStale(path.join(REPO_ROOT, distDir, "BUILD_ID"), REPO_ROOT, BUILD_INPUTS);
}
