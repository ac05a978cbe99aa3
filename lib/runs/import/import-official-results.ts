// The recorded results an official data folder holds, imported wherever the folder's files are
// (`npm start` with WORKBENCH_DATA_DIR, `workbench import-data`, the first start's download): the
// paper's runs (v1/data/results, scored against v1) and, when the folder has them, upstream's
// published 2026 results (v2026/results, protocol 2026). Both importers skip files already imported,
// so calling this at every start writes nothing the second time, and files whose run was deleted
// (lib/runs/import/deleted-imports.ts): a deletion outlives a restart.
import { existsSync } from "node:fs";
import path from "node:path";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { resolveDataRoot, v1Paths } from "@/lib/workbench/datasets/data-dir";
import { GROUND_TRUTH_VERSIONS, type GroundTruthVersion } from "@/lib/workbench/datasets/types";
import { errorMessage } from "@/lib/errors";
import { PUBLISHED_RESULTS_2026_DIR } from "@/lib/datasets/published-results-2026";
import type { SkippedImport } from "./import-once";
import { describeSkippedDeletions } from "./deleted-imports";

export type OfficialResultsOutcome = {
  /** Which results: the paper's (2024 layout) or upstream's published 2026 ones. */
  readonly kind: "paper" | "published-2026";
  readonly dir: string;
  /** Runs written by this call. */
  readonly imported: number;
  /** Runs whose files were imported before (nothing written). */
  readonly already: number;
  /** Runs deleted before, by name: their files are skipped (lib/runs/import/deleted-imports.ts). */
  readonly deleted: readonly string[];
  /** Why some or all of these results were not imported; the others are in. */
  readonly error?: string;
  /** How long it took (scoring the runs written; a check when all were there). */
  readonly seconds: number;
};

/** One line per kind of results, for `npm start` and the CLI. */
export function describeOutcome(outcome: OfficialResultsOutcome): string {
  const label = outcome.kind === "paper" ? "the paper's recorded runs" : "upstream's published 2026 runs";
  const deleted = outcome.deleted.length ? `, ${outcome.deleted.length} deleted before and skipped` : "";
  const counts = `${outcome.imported} imported, ${outcome.already} already there${deleted} (${outcome.seconds.toFixed(1)} s)`;
  const line = outcome.error ? `${label}: ${counts}; not imported: ${outcome.error}` : `${label}: ${counts}`;
  // One line names what a deletion keeps out and how to bring it back.
  const skipped = describeSkippedDeletions(outcome.deleted);
  return skipped ? `${line}\n  ${skipped}` : line;
}

/**
 * Imports the results under `dataDir` (the data root, or any folder resolveDataRoot accepts) of the
 * ground truths in `versions` (the paper's are scored against v1, the 2026 ones against v2026). A
 * folder without results gives no outcome for that kind. A failure is reported in its outcome, never thrown:
 * the dataset itself is already imported, and a start must not fail over recorded runs.
 */
export async function importOfficialResults(
  prisma: PrismaClient,
  dataDir: string,
  versions: readonly GroundTruthVersion[] = GROUND_TRUTH_VERSIONS,
): Promise<OfficialResultsOutcome[]> {
  const root = resolveDataRoot(dataDir);
  const outcomes: OfficialResultsOutcome[] = [];
  const paperDir = v1Paths(root).results;
  if (versions.includes("v1") && existsSync(paperDir)) outcomes.push(await importPaperResults(prisma, paperDir));
  const publishedDir = path.join(root, PUBLISHED_RESULTS_2026_DIR);
  const { listResultFiles2026 } = await import("@/lib/runs/import/list-result-files");
  if (versions.includes("v2026") && existsSync(publishedDir) && (await listResultFiles2026(publishedDir)).length > 0) outcomes.push(await importPublishedResults2026(prisma, publishedDir));
  return outcomes;
}

function tally(kind: OfficialResultsOutcome["kind"], dir: string, started: number, runs: readonly { created: boolean }[], deleted: readonly SkippedImport[], error?: string): OfficialResultsOutcome {
  const imported = runs.filter((run) => run.created).length;
  const seconds = (performance.now() - started) / 1000;
  return { kind, dir, imported, already: runs.length - imported, deleted: deleted.map((run) => run.name), seconds, ...(error ? { error } : {}) };
}

/** The paper's recorded runs in `dir` (`<domain>/<model>_<all|domains>_<ts>.csv`), scored against v1. */
export async function importPaperResults(prisma: PrismaClient, dir: string): Promise<OfficialResultsOutcome> {
  const started = performance.now();
  const { importRecordedResults } = await import("@/lib/runs/import/import-results");
  const deleted: SkippedImport[] = [];
  try {
    return tally("paper", dir, started, await importRecordedResults(prisma, { resultsPath: dir, groundTruth: "v1", onSkippedDeleted: (run) => deleted.push(run) }), deleted);
  } catch (error) {
    return tally("paper", dir, started, [], deleted, errorMessage(error));
  }
}

/** Upstream's published 2026 results in `dir` (`<domain>/*.csv.gz` + `_meta.json`), protocol 2026. */
export async function importPublishedResults2026(prisma: PrismaClient, dir: string): Promise<OfficialResultsOutcome> {
  const started = performance.now();
  const { importResults2026, GroundTruthSnapshotError } = await import("@/lib/runs/import/import-results-2026");
  const deleted: SkippedImport[] = [];
  try {
    return tally("published-2026", dir, started, await importResults2026(prisma, { resultsPath: dir, onSkippedDeleted: (run) => deleted.push(run) }), deleted);
  } catch (error) {
    // The runs on the ground truth Studio holds are in; the others are named, not scored wrongly.
    if (error instanceof GroundTruthSnapshotError) return tally("published-2026", dir, started, error.imported, deleted, error.message);
    return tally("published-2026", dir, started, [], deleted, errorMessage(error));
  }
}
