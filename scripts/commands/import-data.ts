// `workbench import-data [--data <dir>] [--version v1|v2026|all] [--no-results]`: loads the official
// files into PostgreSQL, then the recorded results the folder holds as runs (idempotent: unchanged
// files and imported results are a no-op). Uses the embedded database when DATABASE_URL
// is unset.
import { existsSync } from "node:fs";
import path from "node:path";
import type { Command } from "commander";
import { importDataset } from "@/lib/datasets/import-dataset";
import { DatasetError, GROUND_TRUTH_VERSIONS, resolveDataDir, type GroundTruthVersion } from "@/lib/workbench/datasets";
import { rerunWithDatabase } from "../db/rerun-with-db";
import { env } from "@/lib/env";

function parseVersions(value: string): GroundTruthVersion[] {
  if (value === "all") return [...GROUND_TRUTH_VERSIONS];
  const version = GROUND_TRUTH_VERSIONS.find((candidate) => candidate === value);
  if (!version) throw new Error(`--version must be v1, v2026 or all (got "${value}")`);
  return [version];
}

/**
 * Without --data: WORKBENCH_DATA_DIR, else ../shared/workbench, else the copy `npm start` downloaded on
 * its first start (.data/workbench-data), so the bare command the error messages suggest finds it.
 */
function defaultDataDir(): string {
  const configured = resolveDataDir(env().WORKBENCH_DATA_DIR);
  const downloaded = path.resolve(".data", "workbench-data");
  return env().WORKBENCH_DATA_DIR || existsSync(configured) || !existsSync(downloaded) ? configured : downloaded;
}

export function register(program: Command): void {
  program
    .command("import-data")
    .description("Import the official WorkBench files (sandbox + tasks, v1 and v2026) and the recorded results they hold")
    .option("--data <dir>", "data directory (default: WORKBENCH_DATA_DIR, else ../shared/workbench, else .data/workbench-data)")
    .option("--version <version>", "v1 | v2026 | all", "all")
    .option("--no-results", "skip the recorded results the folder holds (the paper's runs, the published 2026 ones)")
    .action(async (options: { data?: string; version: string; results: boolean }) => {
      const versions = parseVersions(options.version);
      if (!env().DATABASE_URL) {
        process.exitCode = await rerunWithDatabase();
        return;
      }
      const { prisma } = await import("@/lib/db");
      const started = Date.now();
      try {
        const dataDir = options.data ?? defaultDataDir();
        const outcomes = await importDataset(prisma, { dataDir, versions, onProgress: (line) => console.log(`  ${line}`) });
        for (const outcome of outcomes) {
          console.log(`${outcome.version}: ${outcome.status} (${outcome.tasks} tasks, ${outcome.sandboxRows} sandbox rows)`);
        }
        if (options.results) {
          const { importOfficialResults, describeOutcome } = await import("@/lib/runs/import/import-official-results");
          for (const outcome of await importOfficialResults(prisma, dataDir, versions)) {
            console.log(describeOutcome(outcome));
            if (outcome.error) process.exitCode = 1;
          }
        }
        console.log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
      } catch (error) {
        // A bad data file is the user's to fix: name it (file:line) without a stack trace.
        if (!(error instanceof DatasetError)) throw error;
        console.error(`import-data: ${error.message}\nNothing was imported (the database is unchanged).`);
        process.exitCode = 1;
      } finally {
        await prisma.$disconnect();
      }
    });
}
