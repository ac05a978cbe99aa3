// Which code produced a run (reproducibility): APP_REVISION when the deploy sets it, else the git HEAD.
import { execFileSync } from "node:child_process";

let cached: string | null | undefined;

export function appRevision(): string | null {
  if (cached !== undefined) return cached;
  const fromEnv = process.env.APP_REVISION?.trim();
  if (fromEnv) return (cached = fromEnv);
  try {
    cached = execFileSync("git", ["rev-parse", "HEAD"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim() || null;
  } catch {
    cached = null; // not a git checkout (e.g. a copied build): the run simply records no revision
  }
  return cached;
}
