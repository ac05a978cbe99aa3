// Imports the official WorkBench files into PostgreSQL: the Dataset, one GroundTruthVersion per
// version, its sandbox rows and its tasks. Every file is read and validated before the database is
// touched, and all writes happen in ONE transaction: a failure leaves the database unchanged. Imports
// never lose data: different files add a revision (write-version.ts), so `npm start` may import at
// every start, and two imports at once are serialised by an advisory lock.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { loadDataset, resolveDataRoot, type Dataset, type GroundTruthVersion } from "@/lib/workbench/datasets";
import { versionContentHash } from "./content-hash";
import { sandboxToRows } from "./sandbox-rows";
import { writeVersion, type VersionWriteStatus } from "./write-version";

export const DATASET_SLUG = "workbench";

export type ImportOutcome = { version: GroundTruthVersion; status: VersionWriteStatus; tasks: number; sandboxRows: number };

/** pg_advisory_xact_lock key of dataset imports (any constant; "WBIM" in ASCII). */
const IMPORT_LOCK = 0x5742494d;

/** Which Dataset row the files become: the official one by default, or a generated one. */
export type DatasetIdentity = {
  slug: string;
  name: string;
  kind: "official" | "generated";
  seed?: number | null;
  params?: Record<string, unknown> | null;
};

export const OFFICIAL_DATASET: DatasetIdentity = { slug: DATASET_SLUG, name: "WorkBench", kind: "official" };

export type ImportOptions = {
  dataDir: string;
  versions: readonly GroundTruthVersion[];
  dataset?: DatasetIdentity;
  onProgress?: (message: string) => void;
};

type Prepared = { dataset: Dataset; contentHash: string };

function readLicense(root: string): string | null {
  try {
    return readFileSync(path.join(root, "v1", "LICENSE"), "utf8").split("\n")[0]?.trim() || null;
  } catch {
    return null;
  }
}

export async function importDataset(prisma: PrismaClient, options: ImportOptions): Promise<ImportOutcome[]> {
  const progress = options.onProgress ?? (() => {});
  const root = resolveDataRoot(options.dataDir);
  const prepared: Prepared[] = [];
  for (const version of options.versions) {
    progress(`${version}: reading ${root}`);
    const [dataset, contentHash] = await Promise.all([loadDataset(root, version), versionContentHash(root, version)]);
    prepared.push({ dataset, contentHash });
  }

  return prisma.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${IMPORT_LOCK})`;
      const identity = options.dataset ?? OFFICIAL_DATASET;
      const fields = {
        name: identity.name,
        source: root,
        license: readLicense(root),
        kind: identity.kind,
        seed: identity.seed ?? null,
        params: identity.params ? (identity.params as object) : undefined,
      };
      const dataset = await tx.dataset.upsert({ where: { slug: identity.slug }, create: { slug: identity.slug, ...fields }, update: fields });
      const outcomes: ImportOutcome[] = [];
      for (const { dataset: loaded, contentHash } of prepared) {
        const { rows, columns } = sandboxToRows(loaded.sandbox);
        progress(`${loaded.version}: checking ${rows.length} sandbox rows and ${loaded.tasks.length} tasks (content hash ${contentHash.slice(0, 12)})`);
        const status = await writeVersion(tx, { datasetId: dataset.id, loaded, contentHash, rows, columns });
        progress(`${loaded.version}: ${status}`);
        outcomes.push({ version: loaded.version, status, tasks: loaded.tasks.length, sandboxRows: rows.length });
      }
      return outcomes;
    },
    { maxWait: 60_000, timeout: 600_000 },
  );
}
