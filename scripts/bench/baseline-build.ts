// The compiled CLI of another commit, for A/B runs in one bench: the commit's sources are extracted
// (git archive) into a temporary folder beside this checkout's node_modules and built with that
// commit's own build script. BENCH_BASELINE names the commit (default HEAD~1, the previous build);
// "none" skips the comparison.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export interface BaselineBuild {
  /** The ref as given and the commit it named. */
  readonly ref: string;
  readonly commit: string;
  /** Its dist/workbench.mjs. */
  readonly cli: string;
  remove(): void;
}

/** Builds the baseline, or says why there is none (no git, unknown ref, same commit as HEAD, build failed). */
export function buildBaseline(root: string): BaselineBuild | { readonly skipped: string } {
  const ref = process.env.BENCH_BASELINE ?? "HEAD~1";
  if (ref === "none") return { skipped: "BENCH_BASELINE=none" };
  const git = (...args: string[]) => execFileSync("git", ["-C", root, ...args], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();
  let commit: string;
  try {
    commit = git("rev-parse", "--verify", `${ref}^{commit}`);
    if (commit === git("rev-parse", "HEAD") && git("status", "--porcelain", "--", "lib", "scripts", "config") === "") {
      return { skipped: `${ref} is HEAD with no local change` };
    }
  } catch (error) {
    return { skipped: `no commit ${ref} (${(error as Error).message.split("\n")[0]})` };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), "workbench-baseline-"));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    const archive = execFileSync("git", ["-C", root, "archive", commit, "scripts", "lib", "config", "package.json", "tsconfig.json"], { maxBuffer: 1 << 30 });
    execFileSync("tar", ["-x", "-C", dir], { input: archive });
    symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"));
    // The generated Prisma client is not in git; the CLI bundles it for its database commands.
    const generated = path.join(root, "lib", "generated");
    if (existsSync(generated) && !existsSync(path.join(dir, "lib", "generated"))) symlinkSync(generated, path.join(dir, "lib", "generated"));
    execFileSync(process.execPath, [path.join(dir, "scripts", "build", "build-cli.mjs")], { cwd: dir, stdio: "ignore" });
    return { ref, commit: commit.slice(0, 10), cli: path.join(dir, "dist", "workbench.mjs"), remove };
  } catch (error) {
    remove();
    return { skipped: `building ${ref} failed: ${(error as Error).message.split("\n")[0]}` };
  }
}
