// The Next.js app of another commit, built for side-by-side page benchmarks: its sources (git archive)
// in .bench-baseline/ inside this checkout, so packages resolve from this checkout's node_modules, with
// Turbopack's root set to this checkout (a node_modules outside the root is refused), built into its
// .next-bench with this checkout's `next`. Removed when the bench ends (its tests must not join this
// checkout's test runs meanwhile: vitest.config.ts excludes the folder).
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { runForwardingSignals } from "../db/run-command";
import { NEXT_BIN, REPO_ROOT } from "../next-build";

export interface BaselineApp {
  readonly commit: string;
  /** The folder to run `next start` in (built into its .next-bench). */
  readonly dir: string;
  remove(): void;
}

const DIR = path.join(REPO_ROOT, ".bench-baseline");
const ROOT_LINE = "turbopack: { root: import.meta.dirname }";

/** Builds `ref`'s app, or says why not and returns null (unknown ref, build failure): the bench goes on without it. */
export async function buildBaselineApp(ref: string, log: (line: string) => void): Promise<BaselineApp | null> {
  let commit: string;
  try {
    commit = execFileSync("git", ["-C", REPO_ROOT, "rev-parse", "--verify", `${ref}^{commit}`], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();
  } catch {
    log(`no baseline: ${ref} is not a commit`);
    return null;
  }
  const short = commit.slice(0, 10);
  const remove = () => rmSync(DIR, { recursive: true, force: true });
  log(`building the baseline app of ${ref} (${short}) in ${path.relative(REPO_ROOT, DIR)}/ (next build)…`);
  remove();
  try {
    return await build(commit, short, log, remove);
  } catch (error) {
    remove();
    log(`no baseline: building ${short} failed (${(error as Error).message.split("\n")[0]})`);
    return null;
  }
}

async function build(commit: string, short: string, log: (line: string) => void, remove: () => void): Promise<BaselineApp | null> {
  mkdirSync(DIR);
  const archive = execFileSync("git", ["-C", REPO_ROOT, "archive", commit], { maxBuffer: 1 << 30 });
  execFileSync("tar", ["-x", "-C", DIR], { input: archive });
  // The generated Prisma client is not in git.
  symlinkSync(path.join(REPO_ROOT, "lib", "generated"), path.join(DIR, "lib", "generated"));
  const configPath = path.join(DIR, "next.config.js");
  const config = readFileSync(configPath, "utf8");
  if (!config.includes(ROOT_LINE)) {
    log(`no baseline: ${short}'s next.config.js does not set "${ROOT_LINE}" (cannot point Turbopack at this checkout)`);
    remove();
    return null;
  }
  writeFileSync(configPath, config.replace(ROOT_LINE, `turbopack: { root: ${JSON.stringify(REPO_ROOT)} }`));
  const code = await runForwardingSignals([NEXT_BIN, "build"], {
    cwd: DIR,
    env: { ...process.env, NEXT_DIST_DIR: ".next-bench", NEXT_TELEMETRY_DISABLED: "1", CHECKPOINT_DISABLE: "1" },
  });
  if (code !== 0) {
    log(`no baseline: next build of ${short} failed (exit ${code})`);
    remove();
    return null;
  }
  return { commit: short, dir: DIR, remove };
}
