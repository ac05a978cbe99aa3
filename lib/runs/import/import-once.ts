// What the two results importers (the paper's 2024 layout, import-results.ts, and upstream's 2026 layout,
// import-results-2026.ts) share: a run's files are imported once, recognised by their content, and the
// ground truth they are scored against is loaded the same way.
//
// Recognised by content, not by name: the trials of one run exported as `trial-<n>/` folders carry the
// same file names (as two runs of the same model and tool set written in the same second would), so a
// name says nothing about which run a file holds. The import's hash covers the bytes of every file read
// (and which trial each file is), so the same files are refused the second time and any other files,
// whatever their names, are imported.
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import path from "node:path";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { GroundTruthVersion } from "@/lib/workbench/datasets/types";
import { DATASET_SLUG } from "../launch";
import { getVersionContext, type VersionContext } from "../run-context";
import { createRowMatcher, type RowMatcher } from "./match-tasks";
import { findDeletedImports, forgetDeletedImports } from "./deleted-imports";

export interface ImportedRun {
  readonly runId: string;
  readonly name: string;
  readonly importFile: string;
  /** False when these files (by content) were already imported for this ground truth (nothing written). */
  readonly created: boolean;
  readonly tasks: number;
  readonly correct: number;
}

/** A run not imported because it was imported and deleted before (deleted-imports.ts). */
export interface SkippedImport {
  readonly name: string;
  readonly importFile: string;
}

/** What an import does with files whose run was deleted: skip them (default, telling `onSkippedDeleted`) or restore them. */
export interface DeletedImportOptions {
  /** Import files whose run was deleted too (and forget the deletion); by default they are skipped. */
  readonly restoreDeleted?: boolean;
  /** Told of each run skipped because it was deleted. */
  readonly onSkippedDeleted?: (skipped: SkippedImport) => void;
}

/** One file of an import: where it is and which trial (0-based) of the run it holds. */
export interface ImportedFile {
  readonly path: string;
  readonly trial: number;
}

/** How an imported run is recognised: its files' names (what the run page shows) and their content's hash. */
export interface ImportIdentity {
  readonly importFile: string;
  readonly importHash: string;
}

/** The ground truth an import scores against: its revision, its loaded tasks and a matcher of rows to them. */
export interface ImportTarget {
  readonly version: { readonly id: string; readonly datasetId: string };
  readonly context: VersionContext;
  readonly match: RowMatcher;
}

function fileHash(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash("sha256");
    createReadStream(file)
      .on("data", (chunk) => hash.update(chunk))
      .on("error", reject)
      .on("end", () => resolve(hash.digest("hex")));
  });
}

/**
 * sha256 over each file's content hash with its trial, in a fixed order: the same bytes in the same trials
 * give the same hash wherever the files are and whatever they are named. Files are streamed, never held.
 */
export async function importHashOf(files: readonly ImportedFile[]): Promise<string> {
  const entries: string[] = [];
  for (const file of files) entries.push(`${file.trial} ${await fileHash(file.path)}`);
  return createHash("sha256").update(entries.sort().join("\n")).digest("hex");
}

async function summary(db: PrismaClient, runId: string, name: string, importFile: string, created: boolean): Promise<ImportedRun> {
  const run = await db.run.findUniqueOrThrow({ where: { id: runId }, select: { tasksDone: true, correctCount: true } });
  return { runId, name, importFile, created, tasks: run.tasksDone, correct: run.correctCount };
}

/**
 * Imports one run unless the same content was imported for this ground truth and protocol: then that run
 * is returned and nothing is written. Runs imported before imports were hashed (no importHash) are
 * recognised by their file names, as they were then, so a database from before is not imported twice.
 * Files whose run was deleted are skipped (null), unless `restoreDeleted`: then the run is written and
 * the deletion forgotten. Otherwise the ground truth is loaded and `write` writes the run (with
 * `identity` in its row).
 */
export async function importRunOnce(
  db: PrismaClient,
  key: { readonly groundTruth: GroundTruthVersion; readonly protocol: string; readonly identity: ImportIdentity; readonly name: string },
  write: (target: ImportTarget) => Promise<{ runId: string; name: string }>,
  deleted: DeletedImportOptions = {},
): Promise<ImportedRun | null> {
  const { groundTruth, protocol, identity } = key;
  const existing = await db.run.findFirst({
    where: { source: "imported", groundTruth, protocol, OR: [{ importHash: identity.importHash }, { importHash: null, importFile: identity.importFile }] },
    select: { id: true, name: true },
  });
  if (existing) return summary(db, existing.id, existing.name, identity.importFile, false);
  const deletions = await findDeletedImports(db, identity, { groundTruth, protocol });
  if (deletions.length > 0 && !deleted.restoreDeleted) {
    deleted.onSkippedDeleted?.({ name: key.name, importFile: identity.importFile });
    return null;
  }
  const version = await db.groundTruthVersion.findFirst({ where: { name: groundTruth, dataset: { slug: DATASET_SLUG } } });
  if (!version) throw new Error(`Ground truth ${groundTruth} is not imported: run \`npm run workbench -- import-data\` first`);
  const context = await getVersionContext(db, groundTruth, version.contentHash);
  const match = await createRowMatcher(db, version.id);
  const { runId, name } = await write({ version, context, match });
  // Forgotten only once the run is written: a failed import forgets nothing.
  if (deletions.length > 0) await forgetDeletedImports(db, deletions.map((deletion) => deletion.id));
  return summary(db, runId, name, identity.importFile, true);
}

/** The run's file names as the run page shows them: `<domain>/<file>`, under `trial-<n>/` for a later trial. */
export function importFileOf(files: readonly (ImportedFile & { readonly domain: string })[]): string {
  const trials = new Set(files.map((file) => file.trial)).size;
  return files
    .map((file) => `${trials > 1 ? `trial-${file.trial + 1}/` : ""}${file.domain}/${path.basename(file.path)}`)
    .sort()
    .join(", ");
}

/** Trials per task of a run's files: the highest trial read (trials are 0-based). */
export function trialsOf(files: readonly Pick<ImportedFile, "trial">[]): number {
  return Math.max(0, ...files.map((file) => file.trial)) + 1;
}
