#!/usr/bin/env tsx
// `npm start`: the product. Opens the database in this process (openDatabase: the embedded PostgreSQL
// unless DATABASE_URL is set, restarted by a watchdog if it dies), imports WORKBENCH_DATA_DIR when set
// (safe at every start: unchanged files are a no-op, different files add a revision), builds the app
// when the build is missing or older than the sources, then serves it with `next start` on PORT,
// restarting next-server with backoff if it crashes (scripts/supervise.ts) while PostgreSQL stays up.
// SIGTERM/SIGINT stop the tree: next is signalled and awaited, then PostgreSQL is stopped.
import "../lib/node-version-check"; // first: a clear message on a too-old Node
import { existsSync } from "node:fs";
import os from "node:os";
import { env } from "@/lib/env";
import { bindHost } from "@/lib/security/bind-host";
import { openDatabase } from "./db/database-session";
import { stopWhenLauncherExits } from "./db/launcher-exit";
import { FORWARDED_SIGNALS, runForwardingSignals } from "./db/run-command";
import { buildIsStale, NEXT_BIN, REPO_ROOT } from "./next-build";
import { ensureStarterData } from "./starter-data";
import { errorMessage } from "@/lib/errors";
import { supervise } from "./supervise";

// Process plumbing: what Next and Prisma (child processes) read, not settings of ours.
process.env.NEXT_TELEMETRY_DISABLED = "1";
process.env.CHECKPOINT_DISABLE = "1";
const runNext = (args: string[]) => runForwardingSignals([NEXT_BIN, ...args], { cwd: REPO_ROOT });

/** Imports WORKBENCH_DATA_DIR if set (a no-op when already imported); returns how many versions exist. */
async function prepareData(): Promise<number> {
  const { prisma } = await import("@/lib/db");
  try {
    const dataDir = env().WORKBENCH_DATA_DIR;
    if (dataDir && !existsSync(dataDir)) console.log(`Data: WORKBENCH_DATA_DIR=${dataDir} does not exist; not importing from it.`);
    if (dataDir && existsSync(dataDir)) {
      const { importDataset } = await import("@/lib/datasets/import-dataset");
      const { GROUND_TRUTH_VERSIONS } = await import("@/lib/workbench/datasets");
      const outcomes = await importDataset(prisma, { dataDir, versions: GROUND_TRUTH_VERSIONS });
      console.log(`Data: ${outcomes.map((outcome) => `${outcome.version} ${outcome.status}`).join(", ")} (${dataDir})`);
    }
    // First run with nothing imported: fetch the official data, or generate a workplace offline.
    await ensureStarterData(prisma, REPO_ROOT);
    return await prisma.groundTruthVersion.count();
  } finally {
    await prisma.$disconnect();
  }
}

/** The first stop signal, if one came while no child was running (children get it forwarded). */
let stopSignal: NodeJS.Signals | null = null;
const stopped = () => (stopSignal ? 128 + (os.constants.signals[stopSignal] ?? 1) : null);

async function serve(bind: { host: string }): Promise<number> {
  const versions = await prepareData();
  if (stopped()) return stopped()!;
  if (process.argv.includes("--rebuild") || buildIsStale(env().NEXT_DIST_DIR ?? ".next")) {
    console.log("Building the app (next build)...");
    const code = await runNext(["build"]);
    if (code !== 0 || stopped()) return stopped() ?? code;
  }
  const port = String(env().PORT);
  console.log(`\nWorkBench Studio: http://${bind.host.includes(":") ? `[${bind.host}]` : bind.host}:${port}`);
  if (versions === 0) {
    console.log("No dataset imported yet. Load the official files with");
    console.log("  npm run workbench -- import-data --data <dir>     (e.g. ../shared/workbench)");
    console.log("or restart with WORKBENCH_DATA_DIR=<dir> npm start.");
  }
  // Supervised: a crashed next-server is started again (with backoff) while PostgreSQL stays up.
  return supervise(() => runNext(["start", "--hostname", bind.host, "--port", port]), { stopping: () => stopSignal !== null });
}

async function main(): Promise<number> {
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopSignal) process.exit(130); // a second signal: stop waiting
    stopSignal = signal;
  };
  for (const signal of FORWARDED_SIGNALS) process.on(signal, onSignal);
  stopWhenLauncherExits();
  const bind = bindHost(); // 127.0.0.1 unless HOST is set; never a public address without sign-in
  if ("error" in bind) throw new Error(bind.error);
  const database = await openDatabase();
  process.env.DATABASE_URL = database.url; // process plumbing: lib/env and the next child read it here
  try {
    return stopped() ?? (await serve(bind));
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
