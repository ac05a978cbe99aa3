#!/usr/bin/env tsx
// `npm start`: the product. Starts the embedded PostgreSQL (via with-db, unless DATABASE_URL is set),
// imports WORKBENCH_DATA_DIR when set and not yet imported, builds the app when the build is missing or
// older than the sources, then serves it with `next start` on PORT (default 3000).
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { rerunWithDatabase } from "./db/rerun-with-db";
import { runForwardingSignals } from "./db/run-command";

process.env.NEXT_TELEMETRY_DISABLED = "1";
process.env.CHECKPOINT_DISABLE = "1";
const repoRoot = path.resolve(import.meta.dirname, "..");
const nextBin = path.join(repoRoot, "node_modules", ".bin", "next");
const BUILD_INPUTS = ["app", "components", "lib", "public", "next.config.js", "postcss.config.mjs", "package.json", "tsconfig.json"];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function buildIsStale(): boolean {
  const buildId = path.join(repoRoot, ".next", "BUILD_ID");
  if (!existsSync(buildId)) return true;
  const built = statSync(buildId).mtimeMs;
  return BUILD_INPUTS.some((input) => newestMtime(path.join(repoRoot, input)) > built);
}

const runNext = (args: string[]) => runForwardingSignals([nextBin, ...args], { cwd: repoRoot });

/** Imports WORKBENCH_DATA_DIR if set (a no-op when already imported); returns how many versions exist. */
async function prepareData(): Promise<number> {
  const { prisma } = await import("@/lib/db");
  try {
    const dataDir = process.env.WORKBENCH_DATA_DIR;
    if (dataDir) {
      const { importDataset } = await import("@/lib/datasets/import-dataset");
      const { GROUND_TRUTH_VERSIONS } = await import("@/lib/workbench/datasets");
      const outcomes = await importDataset(prisma, { dataDir, versions: GROUND_TRUTH_VERSIONS });
      console.log(`Data: ${outcomes.map((outcome) => `${outcome.version} ${outcome.status}`).join(", ")} (${dataDir})`);
    }
    return await prisma.groundTruthVersion.count();
  } finally {
    await prisma.$disconnect();
  }
}

async function main(): Promise<number> {
  if (!process.env.DATABASE_URL) return rerunWithDatabase();
  const versions = await prepareData();
  if (process.argv.includes("--rebuild") || buildIsStale()) {
    console.log("Building the app (next build)...");
    const code = await runNext(["build"]);
    if (code !== 0) return code;
  }
  const port = process.env.PORT ?? "3000";
  console.log(`\nWorkBench Studio: http://localhost:${port}`);
  if (versions === 0) {
    console.log("No dataset imported yet. Load the official files with");
    console.log("  npm run workbench -- import-data --data <dir>     (e.g. ../shared/workbench)");
    console.log("or restart with WORKBENCH_DATA_DIR=<dir> npm start.");
  }
  return runNext(["start", "--port", port]);
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
