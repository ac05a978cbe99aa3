// Which code produced a run (reproducibility): APP_REVISION when the deploy sets it, else the git HEAD.
import { execFileSync } from "node:child_process";
import { env } from "@/lib/env";

let cached: string | null | undefined;

export function appRevision(): string | null {
  if (cached !== undefined) return cached;
  const fromEnv = env().APP_REVISION;
  if (fromEnv) return (cached = fromEnv);
  try {
    cached = execFileSync("git", ["rev-parse", "HEAD"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim() || null;
  } catch {
    cached = null; // not a git checkout (e.g. a copied build): the run simply records no revision
  }
  return cached;
}
