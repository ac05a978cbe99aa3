// Reads of runs for the dashboard pages. Pages get data only through lib/queries/*.
import "server-only";
import { cache } from "react";
import { prisma } from "@/lib/db";
import type { RunStatus } from "@/lib/generated/prisma/enums";

/** Statuses during which a run's numbers still move (the list refreshes itself while any exists). */
export const ACTIVE_RUN_STATUSES: readonly RunStatus[] = ["queued", "running", "cancelling"];

export function isActiveStatus(status: RunStatus): boolean {
  return ACTIVE_RUN_STATUSES.includes(status);
}

const runListSelect = {
  id: true,
  name: true,
  status: true,
  source: true,
  agent: true,
  provider: true,
  model: true,
  toolSet: true,
  groundTruth: true,
  trials: true,
  tasksTotal: true,
  tasksDone: true,
  correctCount: true,
  sideEffectCount: true,
  errorCount: true,
  costUsd: true,
  estimatedCostUsd: true,
  createdAt: true,
  finishedAt: true,
} as const;

export type RunListItem = Awaited<ReturnType<typeof listRuns>>["runs"][number];

export const RUN_PAGE_SIZE = 10;

/** One page of runs, newest first (index Run(createdAt)), with the total for the pager. */
export async function listRuns({ groundTruth, source, page = 0 }: { groundTruth?: string; source?: string; page?: number } = {}) {
  const where = { groundTruth, source };
  const [total, runs] = await Promise.all([
    prisma.run.count({ where }),
    prisma.run.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      skip: page * RUN_PAGE_SIZE,
      take: RUN_PAGE_SIZE,
      select: runListSelect,
    }),
  ]);
  return { total, runs };
}

// Per-request memo: generateMetadata and the page both read the run.
const findRun = cache((id: string) => prisma.run.findUnique({ where: { id } }));

/** The run row itself (aggregates, parameters, reproducibility fields); null when missing. */
export async function getRun({ id }: { id: string }) {
  return findRun(id);
}

export type RunDetail = NonNullable<Awaited<ReturnType<typeof getRun>>>;

/** Live progress of one run (polled by the run page while it is active). */
export async function getRunProgress({ id }: { id: string }) {
  return prisma.run.findUnique({
    where: { id },
    select: { id: true, status: true, tasksTotal: true, tasksDone: true, correctCount: true, errorCount: true },
  });
}

export const COMPARE_PICKER_SIZE = 20;

/**
 * Runs a user can pick from when comparing: the newest completed or imported ones, plus the runs
 * already chosen (`include`), so the picker stays small however long the history grows.
 */
export async function listComparableRuns({ include = [] }: { include?: readonly string[] } = {}) {
  const select = { id: true, name: true, groundTruth: true, model: true, agent: true, toolSet: true, createdAt: true } as const;
  const [recent, chosen] = await Promise.all([
    prisma.run.findMany({
      where: { OR: [{ status: "completed" }, { source: "imported" }] },
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      take: COMPARE_PICKER_SIZE,
      select,
    }),
    include.length ? prisma.run.findMany({ where: { id: { in: [...include] } }, select }) : [],
  ]);
  const byId = new Map([...recent, ...chosen].map((run) => [run.id, run]));
  return [...byId.values()].sort(
    (x, y) => x.groundTruth.localeCompare(y.groundTruth) || y.createdAt.getTime() - x.createdAt.getTime(),
  );
}
