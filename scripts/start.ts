#!/usr/bin/env tsx
// `npm start`: the product. Runs compiled (dist/start.mjs, built by scripts/build/build-cli.mjs like the
// CLI), as a small supervisor that never loads Prisma: it opens the database (openDatabase: the
// embedded PostgreSQL unless DATABASE_URL is set, restarted by a watchdog if it dies), then runs side by
// side, as child processes that exit when done,
//   - the data step (scripts/start-prepare.ts: migrations, WORKBENCH_DATA_DIR import, first-run data),
//   - `next build` when the build is missing or older than the sources (or with --rebuild),
// printing what is still running every 10 s (scripts/start-progress.ts), then serves with `next start`
// on PORT, restarting next-server with backoff if it crashes (scripts/supervise.ts) while PostgreSQL
// stays up. SIGTERM/SIGINT stop the tree: children are signalled and awaited, then PostgreSQL is stopped.
import "../lib/node-version-check"; // first: a clear message on a too-old Node
import os from "node:os";
import path from "node:path";
import { nodeVersionNote } from "@/lib/node-version";
import { openDatabase } from "./db/database-session";
import { stopWhenLauncherExits } from "./db/launcher-exit";
import { FORWARDED_SIGNALS, runForwardingSignals } from "./db/run-command";
import { buildIsStale, NEXT_BIN, REPO_ROOT } from "./next-build";
import { StartProgress } from "./start-progress";
import { supervise } from "./supervise";
import { errorMessage } from "@/lib/errors";

// PORT, HOST and NEXT_DIST_DIR (declared in lib/env.ts) are read raw in this file: the supervisor stays
// small and does not load zod (lib/env.ts, ~14 MB resident); the data step child (start-prepare.ts)
// parses the whole environment with env() and fails naming an invalid variable before anything serves.

// Process plumbing: what Next and Prisma (child processes) read, not settings of ours.
process.env.NEXT_TELEMETRY_DISABLED = "1";
process.env.CHECKPOINT_DISABLE = "1";
const runNext = (args: string[], options: { abort?: AbortSignal; env?: NodeJS.ProcessEnv; onSpawn?: (pid: number) => void } = {}) =>
  runForwardingSignals([NEXT_BIN, ...args], { cwd: REPO_ROOT, ...options });

/**
 * The data step's command: the compiled dist/start-prepare.mjs beside this bundle, or, when this file
 * runs from source (tsx scripts/start.ts), the source through the same loader (process.execArgv).
 */
function prepareCommand(): string[] {
  const distDir = (globalThis as { __workbenchDistDir?: string }).__workbenchDistDir;
  if (distDir) return [process.execPath, path.join(distDir, "start-prepare.mjs")];
  return [process.execPath, ...process.execArgv, path.join(REPO_ROOT, "scripts", "start-prepare.ts")];
}

/** The first stop signal, if one came while no child was running (children get it forwarded). */
let stopSignal: NodeJS.Signals | null = null;
const stopped = () => (stopSignal ? 128 + (os.constants.signals[stopSignal] ?? 1) : null);

/** The data step and the build, side by side (neither needs the other); the first failure stops the other. */
async function prepare(): Promise<number> {
  const progress = new StartProgress();
  const failed = new AbortController();
  const step = async (label: string, run: () => Promise<number>) => {
    const code = await progress.track(label, run());
    // A step killed by our stop signal is no failure: the data step is left to finish its import.
    if (code !== 0 && !stopped() && !failed.signal.aborted) failed.abort();
    return code;
  };
  const steps = [step("preparing the database and data", () => runForwardingSignals(prepareCommand(), { cwd: REPO_ROOT, abort: failed.signal }))];
  if (process.argv.includes("--rebuild") || buildIsStale(process.env.NEXT_DIST_DIR || ".next")) {
    steps.push(step("building the app (next build; 1-4 min the first time)", () => runNext(["build"], { abort: failed.signal })));
  }
  const codes = await Promise.all(steps);
  return codes.find((code) => code !== 0) ?? 0;
}

async function serve(bind: { host: string }, databaseUrl: string): Promise<number> {
  const code = await prepare();
  if (code !== 0 || stopped()) return stopped() ?? code;
  const port = process.env.PORT ?? "3000";
  console.log(`\nWorkBench Studio: http://${bind.host.includes(":") ? `[${bind.host}]` : bind.host}:${port}`);
  // Supervised: a crashed next-server is started again (with backoff) while PostgreSQL stays up. Its
  // in-process worker died with it, its tasks still `running`: the new server is told the old one's pid
  // (next-server is the process spawned), so its worker takes them back at once rather than after the
  // stale limit (lib/runs/liveness: takeBackProcess).
  let previousPid: number | undefined;
  const startServer = () =>
    runNext(["start", "--hostname", bind.host, "--port", port], {
      env: previousPid === undefined ? process.env : { ...process.env, WORKBENCH_PREVIOUS_SERVER_PID: String(previousPid) },
      onSpawn: (pid) => (previousPid = pid),
    });
  const served = await supervise(startServer, { stopping: () => stopSignal !== null });
  if (stopSignal && previousPid !== undefined) await handBack(databaseUrl, previousPid);
  return served;
}

/**
 * A stopped server's worker hands its tasks back itself as it exits; whatever it could not (Next exits
 * within its signal handler) is handed back here, while PostgreSQL is still up, rather than left
 * `running` until the next start's stale limit (lib/runs/liveness).
 */
async function handBack(databaseUrl: string, pid: number): Promise<void> {
  const { handBackStoppedProcess } = await import("@/lib/runs/liveness/stopped-process");
  const log = (message: string) => console.error(`start: ${message}`);
  const handedBack = await handBackStoppedProcess(databaseUrl, pid, log).catch((error: unknown) => {
    log(`could not hand back the tasks of the stopped server: ${errorMessage(error)}`);
    return 0;
  });
  if (handedBack > 0) console.log(`start: handed back ${handedBack} task(s) of the stopped server`);
}

/**
 * Where next-server listens (lib/security/bind-host.ts: 127.0.0.1 unless HOST is set; never a public
 * address without sign-in). bind-host reads the sign-in settings through zod, ~14 MB that would stay in
 * this long-lived process, so it is loaded only when HOST is set; unset, its answer is DEFAULT_HOST.
 */
async function bindAddress(): Promise<{ host: string } | { error: string }> {
  if (!process.env.HOST?.trim()) return { host: "127.0.0.1" };
  const { bindHost } = await import("@/lib/security/bind-host");
  return bindHost();
}

async function main(): Promise<number> {
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopSignal) process.exit(130); // a second signal: stop waiting
    stopSignal = signal;
  };
  for (const signal of FORWARDED_SIGNALS) process.on(signal, onSignal);
  process.on("exit", () => stopSignal && console.log(`WorkBench Studio stopped (${stopSignal}).`)); // a second signal exits at once too
  stopWhenLauncherExits();
  const bind = await bindAddress();
  if ("error" in bind) throw new Error(bind.error);
  console.log(nodeVersionNote(process.versions.node));
  // Migrations run in the data step's child process (they load pg and the WASM schema engine).
  const database = await openDatabase({ migrate: false });
  process.env.DATABASE_URL = database.url; // process plumbing: the children (data step, next) read it here
  try {
    return stopped() ?? (await serve(bind, database.url));
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`start: ${errorMessage(error)}`);
    process.exit(1);
  },
);
