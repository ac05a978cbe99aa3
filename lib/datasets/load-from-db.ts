// Rebuilds an engine Dataset from the database, so workers can build sandboxes without the files.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { DOMAINS, type Dataset, type Domain, type GroundTruthVersion } from "@/lib/workbench/datasets";
import { DATASET_SLUG } from "./import-dataset";
import { rowsToSandbox } from "./sandbox-rows";

function toDomain(value: string): Domain {
  const domain = DOMAINS.find((candidate) => candidate === value);
  if (!domain) throw new Error(`stored task has unknown domain "${value}"`);
  return domain;
}

/**
 * The current revision of an imported version, or null when it has not been imported. With
 * `contentHash`, that exact revision instead, current or superseded (what a run was launched on).
 * `datasetId` picks a generated dataset; without it, the official one.
 */
export async function loadDatasetFromDb(prisma: PrismaClient, version: GroundTruthVersion, contentHash?: string, datasetId?: string): Promise<Dataset | null> {
  const name = contentHash ? { OR: [{ name: version }, { name: { startsWith: `${version}@r` } }], contentHash } : { name: version };
  const stored = await prisma.groundTruthVersion.findFirst({
    where: { ...name, ...(datasetId ? { datasetId } : { dataset: { slug: DATASET_SLUG } }) },
    select: {
      sandboxColumns: true,
      sandboxRows: { select: { table: true, position: true, data: true } },
      tasks: { orderBy: [{ domain: "asc" }, { position: "asc" }] },
    },
  });
  if (!stored) return null;
  // Same order as the file loader: domains in DOMAINS order, rows in file order.
  const domainOrder = new Map<string, number>(DOMAINS.map((domain, index) => [domain, index]));
  const tasks = [...stored.tasks]
    .sort((a, b) => (domainOrder.get(a.domain) ?? 0) - (domainOrder.get(b.domain) ?? 0) || a.position - b.position)
    .map((task) => ({
      key: task.key,
      domain: toDomain(task.domain),
      position: task.position,
      text: task.text,
      groundTruth: task.groundTruth,
      baseTemplate: task.baseTemplate,
      chosenTemplate: task.chosenTemplate,
      toolkits: task.toolkits,
    }));
  return { version, sandbox: rowsToSandbox(stored.sandboxRows, stored.sandboxColumns), tasks };
}

/** Like loadDatasetFromDb, but throws a message that tells how to import. */
export async function loadDatasetFromDbOrThrow(prisma: PrismaClient, version: GroundTruthVersion): Promise<Dataset> {
  const dataset = await loadDatasetFromDb(prisma, version);
  if (!dataset) throw new Error(`ground truth ${version} is not imported: run \`npm run workbench -- import-data\``);
  return dataset;
}
