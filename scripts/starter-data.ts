// `npm start`'s first-run data, so the leaderboard, the launch form and the built-in agents work at once.
// Only when the database holds no dataset at all:
//   - online: fetch the official files (the `fetch` command's code) into .data/workbench-data, import
//     them, and import the paper's recorded results and upstream's published 2026 results, so the
//     leaderboard shows both generations;
//   - offline (the download fails, or WORKBENCH_OFFLINE=1): generate and import a 1× workplace (seed 1).
import { existsSync } from "node:fs";
import path from "node:path";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { env } from "@/lib/env";
import type { OfficialFile } from "@/lib/datasets/official-files";

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
  await fetchMissingToolSources(dir, log);
  const { importDataset } = await import("@/lib/datasets/import-dataset");
  const { GROUND_TRUTH_VERSIONS } = await import("@/lib/workbench/datasets");
  await importDataset(prisma, { dataDir: dir, versions: GROUND_TRUTH_VERSIONS });
  log(`Data: imported the official files (${dir})`);
  await fetchPublished2026(dir, log);
  // The paper's recorded runs, and the published 2026 ones when downloaded: what any official folder gives.
  const { importOfficialResults, describeOutcome } = await import("@/lib/runs/import/import-official-results");
  for (const outcome of await importOfficialResults(prisma, dir)) log(`Data: ${describeOutcome(outcome)}`);
  return true;
}

/**
 * The 2026 tool sources the workbench-2026 agent reads its tool descriptions from, for a data folder
 * fetched before they were part of the official files. Optional: only that agent needs them.
 */
async function fetchMissingToolSources(dir: string, log: (line: string) => void): Promise<void> {
  const { fetchFiles, FetchError } = await import("@/lib/datasets/fetch-official");
  const { officialFiles } = await import("@/lib/datasets/official-files");
  const missing = officialFiles().filter((file) => file.localPath.startsWith("v2026/src/") && !existsSync(path.join(dir, file.localPath)));
  if (missing.length === 0) return;
  try {
    const timed: typeof fetch = (url, init) => fetch(url, { ...init, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    await fetchFiles(missing, { outDir: dir, fetchImpl: timed, baseUrl: env().WORKBENCH_FETCH_BASE_URL });
  } catch (error) {
    if (!(error instanceof FetchError)) throw error;
    log(`Data: the 2026 tool sources could not be downloaded (${error.message}); the workbench-2026 agent needs them.`);
  }
}

/**
 * The published 2026 leaderboard (24 models, upstream's results at f7bed57), fetched once beside the
 * official files (then imported as protocol-2026 runs with the rest of the folder's results). Optional:
 * without them (offline, or a file server that lacks them) the paper's runs are still there, and the
 * reason is logged. False when they could not be downloaded.
 */
async function fetchPublished2026(dir: string, log: (line: string) => void, files?: readonly OfficialFile[]): Promise<boolean> {
  const { fetchPublishedResults2026, FetchError } = await import("@/lib/datasets/fetch-official");
  const { publishedResults2026 } = await import("@/lib/datasets/published-results-2026");
  const missing = (files ?? publishedResults2026()).filter((file) => !existsSync(path.join(dir, file.localPath)));
  if (missing.length === 0) return true;
  log(`Data: downloading upstream's published 2026 results (${missing.length} files)...`);
  try {
    const timed: typeof fetch = (url, init) => fetch(url, { ...init, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    await fetchPublishedResults2026({ outDir: dir, files: missing, fetchImpl: timed, baseUrl: env().WORKBENCH_FETCH_BASE_URL });
    return true;
  } catch (error) {
    if (!(error instanceof FetchError)) throw error;
    log(`Data: the published 2026 results could not be downloaded (${error.message}); only the paper's runs are listed.`);
    return false;
  }
}

/** Downloads the published 2026 results into `dir` if missing, and imports them (the db test's entry). */
export async function importPublished2026(
  prisma: PrismaClient,
  dir: string,
  log: (line: string) => void,
  files?: readonly OfficialFile[],
): Promise<void> {
  if (!(await fetchPublished2026(dir, log, files))) return;
  const { importPublishedResults2026, describeOutcome } = await import("@/lib/runs/import/import-official-results");
  const { PUBLISHED_RESULTS_2026_DIR } = await import("@/lib/datasets/published-results-2026");
  log(`Data: ${describeOutcome(await importPublishedResults2026(prisma, path.join(dir, PUBLISHED_RESULTS_2026_DIR)))}`);
}
