// A deletion is final: deleting an imported run remembers the files it came from (DeletedImport), and
// the importers (start-time and CLI alike) skip those files until a restore is asked for
// (`import-results --restore-deleted`, or `runs restore-deleted` to forget the deletions). A run's files
// are named relative to their results folder (Run.importFile, "<domain>/<file>, …") and identified by
// a hash of their bytes (Run.importHash, import-once.ts), so a deletion holds when the folder is elsewhere
// or on another machine, and a changed file under the same name is a new import, not a deleted one.
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";

type Db = PrismaClient | Prisma.TransactionClient;

/** What identifies an import's files (import-once.ts): their names as Run.importFile and their content hash. */
export interface DeletableImport {
  readonly importFile: string;
  readonly importHash: string;
}

/** What the files are scored as: the same files under another ground truth or protocol are another run. */
export interface ImportScoring {
  readonly groundTruth: string;
  readonly protocol: string;
}

/**
 * The remembered deletions of these files scored this way (a deletion from before hashes were kept
 * matches by name). An importer skips the files when there is one, unless asked to restore them; then
 * it forgets them (forgetDeletedImports) once the run is written, so a failed import forgets nothing.
 */
export function findDeletedImports(db: Db, identity: DeletableImport, scoring: ImportScoring) {
  return db.deletedImport.findMany({
    where: { importFile: identity.importFile, groundTruth: scoring.groundTruth, protocol: scoring.protocol, OR: [{ contentHash: identity.importHash }, { contentHash: null }] },
    orderBy: { deletedAt: "asc" },
  });
}

/** Remembers the imported runs among `runIds` as deleted (called in the delete's transaction, before the rows go). */
export async function rememberDeletedImports(db: Db, runIds: readonly string[]): Promise<number> {
  const runs = await db.run.findMany({
    where: { id: { in: [...runIds] }, source: "imported", importFile: { not: null } },
    select: { name: true, importFile: true, importHash: true, groundTruth: true, protocol: true },
  });
  if (runs.length === 0) return 0;
  const { count } = await db.deletedImport.createMany({
    data: runs.map((run) => ({ importFile: run.importFile!, contentHash: run.importHash, groundTruth: run.groundTruth, protocol: run.protocol, runName: run.name })),
  });
  return count;
}

/** Every remembered deletion, oldest first. */
export function listDeletedImports(db: Db) {
  return db.deletedImport.findMany({ orderBy: [{ deletedAt: "asc" }, { id: "asc" }] });
}

/** Forgets remembered deletions (all, or those ids): the next import brings their files back. Returns how many. */
export async function forgetDeletedImports(db: Db, ids?: readonly string[]): Promise<number> {
  const { count } = await db.deletedImport.deleteMany({ where: ids ? { id: { in: [...ids] } } : {} });
  return count;
}

/** The one line an import prints when it skipped deleted runs (none: null). */
export function describeSkippedDeletions(names: readonly string[]): string | null {
  if (names.length === 0) return null;
  return `${names.length} run(s) deleted before, not imported again: ${names.join("; ")} (import-results --restore-deleted, or runs restore-deleted, brings them back)`;
}
