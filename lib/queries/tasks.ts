// Reads of benchmark tasks (the /tasks browser).
import "server-only";
import { prisma } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";

export interface TaskFilter {
  /** Dataset slug: task keys repeat across datasets (a generated workplace reuses them), so always one. */
  readonly dataset: string;
  readonly version: string;
  readonly domain?: string;
  readonly template?: string;
  readonly q?: string;
}

export const TASK_PAGE_SIZE = 25;

function taskWhere(filter: TaskFilter): Prisma.TaskWhereInput {
  return {
    version: { name: filter.version, dataset: { slug: filter.dataset } },
    domain: filter.domain,
    baseTemplate: filter.template,
    text: filter.q ? { contains: filter.q, mode: "insensitive" } : undefined,
  };
}

export async function listTasks({ filter, page = 0 }: { filter: TaskFilter; page?: number }) {
  const where = taskWhere(filter);
  const [total, tasks] = await Promise.all([
    prisma.task.count({ where }),
    prisma.task.findMany({
      where,
      orderBy: [{ domain: "asc" }, { position: "asc" }],
      skip: page * TASK_PAGE_SIZE,
      take: TASK_PAGE_SIZE,
      select: { id: true, key: true, domain: true, text: true, groundTruth: true, actionCount: true, baseTemplate: true },
    }),
  ]);
  return { total, tasks };
}

/** Domains and templates of a dataset's version with task counts, for the filter controls. */
export async function getTaskFacets({ dataset, version, domain }: { dataset: string; version: string; domain?: string }) {
  const where = { version: { name: version, dataset: { slug: dataset } } };
  const [domains, templates] = await Promise.all([
    prisma.task.groupBy({ by: ["domain"], where, _count: { _all: true }, orderBy: { domain: "asc" } }),
    prisma.task.groupBy({
      by: ["baseTemplate"],
      where: { ...where, domain },
      _count: { _all: true },
      orderBy: { baseTemplate: "asc" },
    }),
  ]);
  return {
    domains: domains.map((row) => ({ domain: row.domain, count: row._count._all })),
    templates: templates.map((row) => ({ template: row.baseTemplate, count: row._count._all })),
  };
}

export async function getTask({ id }: { id: string }) {
  return prisma.task.findUnique({
    where: { id },
    include: {
      version: {
        select: { id: true, name: true, revision: true, supersededAt: true, datasetId: true, dataset: { select: { slug: true, name: true, kind: true } } },
      },
    },
  });
}

/**
 * The same task (by key) in the dataset's other ground-truth versions, to show revised ground truth:
 * the task's own dataset only (a generated workplace's "analytics/000" is another task), its current
 * revisions and the task's own.
 */
export async function listTaskVersions({ key, datasetId, versionId }: { key: string; datasetId: string; versionId: string }) {
  return prisma.task.findMany({
    where: { key, version: { datasetId, OR: [{ supersededAt: null }, { id: versionId }] } },
    select: { id: true, groundTruth: true, version: { select: { name: true, revision: true } } },
    orderBy: [{ version: { name: "asc" } }, { version: { revision: "asc" } }],
  });
}

/** Datasets with tasks, the official one first, for the tasks browser's dataset filter. */
export async function listTaskDatasets() {
  const datasets = await prisma.dataset.findMany({
    orderBy: [{ kind: "desc" }, { slug: "asc" }],
    select: { slug: true, name: true, kind: true, versions: { where: { supersededAt: null }, select: { name: true, taskCount: true } } },
  });
  return datasets.filter((dataset) => dataset.versions.length > 0);
}
