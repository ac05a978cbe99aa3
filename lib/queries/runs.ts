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
  createdAt: true,
  finishedAt: true,
} as const;

export type RunListItem = Awaited<ReturnType<typeof listRuns>>[number];

export async function listRuns({ groundTruth, source }: { groundTruth?: string; source?: string } = {}) {
  return prisma.run.findMany({
    where: { groundTruth, source },
    orderBy: { createdAt: "desc" },
    select: runListSelect,
  });
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

/** Runs a user can pick from when comparing (completed or imported, newest first). */
export async function listComparableRuns() {
  return prisma.run.findMany({
    where: { OR: [{ status: "completed" }, { source: "imported" }] },
    orderBy: [{ groundTruth: "asc" }, { createdAt: "desc" }],
    select: { id: true, name: true, groundTruth: true, model: true, agent: true, toolSet: true },
  });
}
