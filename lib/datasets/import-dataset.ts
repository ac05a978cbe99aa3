// Imports the official WorkBench files into PostgreSQL: the Dataset, one GroundTruthVersion per
// version, its sandbox rows and its tasks. Every file is read and validated before the database is
// touched, and all writes happen in ONE transaction: a failure leaves the database unchanged.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { loadDataset, resolveDataRoot, type Dataset, type GroundTruthVersion } from "@/lib/workbench/datasets";
import { versionContentHash } from "./content-hash";
import { sandboxToRows } from "./sandbox-rows";
import { writeVersion } from "./write-version";

export const DATASET_SLUG = "workbench";

export type ImportOutcome = { version: GroundTruthVersion; status: "imported" | "replaced" | "unchanged"; tasks: number; sandboxRows: number };

export type ImportOptions = {
  dataDir: string;
  versions: readonly GroundTruthVersion[];
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
      const dataset = await tx.dataset.upsert({
        where: { slug: DATASET_SLUG },
        create: { slug: DATASET_SLUG, name: "WorkBench", source: root, license: readLicense(root) },
        update: { source: root, license: readLicense(root) },
      });
      const outcomes: ImportOutcome[] = [];
      for (const { dataset: loaded, contentHash } of prepared) {
        const existing = await tx.groundTruthVersion.findUnique({
          where: { datasetId_name: { datasetId: dataset.id, name: loaded.version } },
          select: { id: true, contentHash: true },
        });
        const { rows, columns } = sandboxToRows(loaded.sandbox);
        if (existing?.contentHash === contentHash) {
          progress(`${loaded.version}: unchanged (content hash ${contentHash.slice(0, 12)})`);
          outcomes.push({ version: loaded.version, status: "unchanged", tasks: loaded.tasks.length, sandboxRows: rows.length });
          continue;
        }
        progress(`${loaded.version}: writing ${rows.length} sandbox rows and ${loaded.tasks.length} tasks`);
        await writeVersion(tx, { datasetId: dataset.id, existingId: existing?.id ?? null, loaded, contentHash, rows, columns });
        outcomes.push({ version: loaded.version, status: existing ? "replaced" : "imported", tasks: loaded.tasks.length, sandboxRows: rows.length });
      }
      return outcomes;
    },
    { maxWait: 30_000, timeout: 600_000 },
  );
}
