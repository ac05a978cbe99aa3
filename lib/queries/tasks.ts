// Reads of benchmark tasks (the /tasks browser).
import "server-only";
import { prisma } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";

export interface TaskFilter {
  readonly version: string;
  readonly domain?: string;
  readonly template?: string;
  readonly q?: string;
}

export const TASK_PAGE_SIZE = 25;

function taskWhere(filter: TaskFilter): Prisma.TaskWhereInput {
  return {
    version: { name: filter.version },
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

/** Domains and templates of a version with task counts, for the filter controls. */
export async function getTaskFacets({ version, domain }: { version: string; domain?: string }) {
  const [domains, templates] = await Promise.all([
    prisma.task.groupBy({ by: ["domain"], where: { version: { name: version } }, _count: { _all: true }, orderBy: { domain: "asc" } }),
    prisma.task.groupBy({
      by: ["baseTemplate"],
      where: { version: { name: version }, domain },
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
  return prisma.task.findUnique({ where: { id }, include: { version: { select: { name: true } } } });
}

/** The same task (by key) in the other ground-truth versions, to show revised ground truth. */
export async function listTaskVersions({ key }: { key: string }) {
  return prisma.task.findMany({
    where: { key },
    select: { id: true, groundTruth: true, version: { select: { name: true } } },
    orderBy: { version: { name: "asc" } },
  });
}
