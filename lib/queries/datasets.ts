// Reads of imported datasets for the home page. Pages get data only through lib/queries/*.
import "server-only";
import { prisma } from "@/lib/db";
import { countedRunWhere } from "@/lib/runs/counted-runs";
import { DOMAINS } from "@/lib/workbench/datasets";

export type DomainCount = { domain: string; tasks: number };

export type DatasetVersionSummary = {
  name: string;
  taskCount: number;
  contentHash: string;
  importedAt: Date;
  domains: DomainCount[];
  runCount: number;
};

export type DatasetSummary = {
  slug: string;
  name: string;
  kind: string;
  seed: number | null;
  params: Record<string, unknown> | null;
  source: string;
  license: string | null;
  importedAt: Date;
  runCount: number;
  versions: DatasetVersionSummary[];
};

const domainOrder = new Map<string, number>(DOMAINS.map((domain, index) => [domain, index]));

/** Every dataset with its versions, tasks per domain (in the benchmark's domain order) and run counts. */
export async function listDatasets(): Promise<DatasetSummary[]> {
  const [datasets, domainCounts, runCounts] = await Promise.all([
    prisma.dataset.findMany({
      // The official dataset first, then generated ones by slug.
      orderBy: [{ kind: "desc" }, { slug: "asc" }],
      include: { versions: { orderBy: { name: "asc" } } },
    }),
    prisma.task.groupBy({ by: ["versionId", "domain"], _count: { _all: true } }),
    // Runs as the boards count them: test and archived runs are not a dataset's runs.
    prisma.run.groupBy({ by: ["datasetId", "groundTruth"], where: countedRunWhere(), _count: { _all: true } }),
  ]);

  return datasets.map((dataset) => {
    const runsOf = (groundTruth?: string) =>
      runCounts
        .filter((row) => row.datasetId === dataset.id && (groundTruth === undefined || row.groundTruth === groundTruth))
        .reduce((sum, row) => sum + row._count._all, 0);
    return {
      slug: dataset.slug,
      name: dataset.name,
      kind: dataset.kind,
      seed: dataset.seed,
      params: (dataset.params ?? null) as Record<string, unknown> | null,
      source: dataset.source,
      license: dataset.license,
      importedAt: dataset.importedAt,
      runCount: runsOf(),
      versions: dataset.versions.map((version) => ({
        name: version.name,
        taskCount: version.taskCount,
        contentHash: version.contentHash,
        importedAt: version.importedAt,
        runCount: runsOf(version.name),
        domains: domainCounts
          .filter((row) => row.versionId === version.id)
          .map((row) => ({ domain: row.domain, tasks: row._count._all }))
          .sort((a, b) => (domainOrder.get(a.domain) ?? 99) - (domainOrder.get(b.domain) ?? 99)),
      })),
    };
  });
}

/** Datasets for the launch form: the official one first, generated ones labelled with their seed. */
export async function listLaunchDatasets(): Promise<{ slug: string; label: string }[]> {
  const datasets = await prisma.dataset.findMany({ orderBy: [{ kind: "desc" }, { slug: "asc" }], select: { slug: true, name: true, kind: true } });
  return datasets.map((dataset) => ({ slug: dataset.slug, label: dataset.kind === "generated" ? `${dataset.name} (generated)` : dataset.name }));
}
