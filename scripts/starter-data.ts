// `npm start`'s first-run data, so the leaderboard, the launch form and the built-in agents work at once.
// Only when the database holds no dataset at all:
//   - online: fetch the official files (the `fetch` command's code) into .data/workbench-data, import
//     them, and import the paper's recorded results so the leaderboard is not empty;
//   - offline (the download fails, or WORKBENCH_OFFLINE=1): generate and import a 1× workplace (seed 1).
import { existsSync } from "node:fs";
import path from "node:path";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { env } from "@/lib/env";

const FETCH_TIMEOUT_MS = 15_000;

export async function ensureStarterData(prisma: PrismaClient, repoRoot: string, log: (line: string) => void = console.log): Promise<void> {
  if ((await prisma.dataset.count()) > 0) return;
  if (env().WORKBENCH_OFFLINE !== true && (await importOfficial(prisma, repoRoot, log))) return;
  const { resolveParams } = await import("@/lib/workbench/generate");
  const { generateAndImport } = await import("@/lib/datasets/import-generated");
  const params = resolveParams({ seed: 1, scale: 1 });
  const started = performance.now();
  const imported = await generateAndImport(prisma, params, path.join(repoRoot, ".data", "generated", "gen-s1-x1"));
  log(`Data: no official files and no network; generated workplace ${imported.slug} (${imported.tasks} tasks) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** True when the official files were fetched (or already there) and imported. */
async function importOfficial(prisma: PrismaClient, repoRoot: string, log: (line: string) => void): Promise<boolean> {
  const { fetchOfficialFiles, FetchError } = await import("@/lib/datasets/fetch-official");
  const dir = path.join(repoRoot, ".data", "workbench-data");
  if (!existsSync(path.join(dir, "v2026", "sandbox", "customer_relationship_manager_data.csv"))) {
    log("Data: none imported yet; downloading the official WorkBench files...");
    try {
      const timed: typeof fetch = (url, init) => fetch(url, { ...init, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
      // WORKBENCH_FETCH_BASE_URL: another file server (the offline e2e test points it at a closed port).
      await fetchOfficialFiles({ outDir: dir, fetchImpl: timed, baseUrl: env().WORKBENCH_FETCH_BASE_URL });
    } catch (error) {
      if (!(error instanceof FetchError)) throw error;
      log(`Data: download failed (${error.message}); using a generated workplace instead.`);
      return false;
    }
  }
  const { importDataset } = await import("@/lib/datasets/import-dataset");
  const { GROUND_TRUTH_VERSIONS } = await import("@/lib/workbench/datasets");
  await importDataset(prisma, { dataDir: dir, versions: GROUND_TRUTH_VERSIONS });
  const { importRecordedResults } = await import("@/lib/runs/import/import-results");
  const runs = await importRecordedResults(prisma, { resultsPath: path.join(dir, "v1", "data", "results"), groundTruth: "v1" });
  log(`Data: imported the official files and ${runs.length} recorded runs of the paper (${dir})`);
  return true;
}
