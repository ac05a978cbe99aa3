// Build freshness by modification times, shared by the CLI build (build-cli.mjs, plain node) and the
// Next build checks (scripts/next-build.ts).
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

/** The newest modification time under `target` (0 when it does not exist). */
export function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** True when `marker` is missing or older than any of `inputs` (paths relative to `root`). */
export function isStale(marker, root, inputs) {
  if (!existsSync(marker)) return true;
  const built = statSync(marker).mtimeMs;
  return inputs.some((input) => newestMtime(path.join(root, input)) > built);
}
