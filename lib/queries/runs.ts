// Reads of runs for the dashboard pages. Pages get data only through lib/queries/*.
import "server-only";
import { cache } from "react";
import { prisma } from "@/lib/db";
import type { RunStatus } from "@/lib/generated/prisma/enums";
import { planDeletion } from "@/lib/runs/manage";
import { readRunEstimate, readRunEstimates } from "@/lib/runs/estimated-run";

const runListSelect = {
  id: true,
  name: true,
  dataset: { select: { slug: true, kind: true } },
  version: { select: { revision: true } },
  protocol: true,
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
  inputTokens: true,
  outputTokens: true,
  params: true,
  tags: true,
  note: true,
  archivedAt: true,
  testRun: true,
  estimated: true,
  // Tasks that failed at the provider (the status badge reads "failed" / "completed with errors"): the
  // count kept on write in RunBoard, so a page of the list reads 10 rows whatever the history holds.
  board: { select: { providerFailures: true } },
} as const;

export type RunListItem = Awaited<ReturnType<typeof listRuns>>["runs"][number];

export const RUN_PAGE_SIZE = 50;

/**
 * One page of runs, newest first (index Run(createdAt)), with the total for the pager; `dataset` is a
 * slug, `tag` one of the runs' tags. Archived runs are listed only when `archived` asks for them (then only they).
 */
export async function listRuns({
  dataset,
  groundTruth,
  source,
  tag,
  archived = false,
  page = 0,
}: { dataset?: string; groundTruth?: string; source?: string; tag?: string; archived?: boolean; page?: number } = {}) {
  const where = {
    groundTruth,
    source,
    archivedAt: archived ? { not: null } : null,
    ...(tag ? { tags: { has: tag } } : {}),
    ...(dataset ? { dataset: { slug: dataset } } : {}),
  };
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
  // Estimated runs (and converted ones) on the page: their estimate with its interval, from their verdicts.
  const estimates = await readRunEstimates(prisma, runs.map((run) => run.id));
  return { total, runs: runs.map((run) => ({ ...run, runEstimate: estimates.get(run.id) ?? null })) };
}

// Per-request memo: generateMetadata and the page both read the run. With the dataset and the
// ground-truth revision it was scored on: part of what the run is.
const findRun = cache((id: string) =>
  prisma.run.findUnique({
    where: { id },
    include: {
      dataset: { select: { slug: true, name: true, kind: true, seed: true } },
      version: { select: { revision: true, contentHash: true, supersededAt: true } },
    },
  }),
);

/** The run row itself (aggregates, parameters, reproducibility fields); null when missing. */
export async function getRun({ id }: { id: string }) {
  return findRun(id);
}

export type RunDetail = NonNullable<Awaited<ReturnType<typeof getRun>>>;

/** What deleting the run would remove (its results and steps): the delete confirmation names them. */
export async function getRunFootprint({ id }: { id: string }) {
  const [run] = (await planDeletion(prisma, [id])).runs;
  return { results: run?.results ?? 0, steps: run?.steps ?? 0 };
}

/** Live progress of one run (polled by the run page while it is active). */
export async function getRunProgress({ id }: { id: string }) {
  return prisma.run.findUnique({
    where: { id },
    select: { id: true, status: true, tasksTotal: true, tasksDone: true, correctCount: true, errorCount: true },
  });
}

export const COMPARE_PICKER_SIZE = 20;

/** Statuses a run can be compared in: whatever it scored (a cancelled run's scored tasks count). */
const COMPARABLE_STATUSES: readonly RunStatus[] = ["completed", "cancelled", "failed", "budget_exceeded"];

/**
 * Runs a user can pick from when comparing: the newest finished, cancelled or imported ones, plus the
 * runs already chosen (`include`), so the picker stays small however long the history grows. Each
 * names its dataset, ground truth (and revision), protocol and status.
 */
export async function listComparableRuns({ include = [] }: { include?: readonly string[] } = {}) {
  const select = {
    id: true, name: true, groundTruth: true, protocol: true, scoringRevision: true, status: true, model: true, agent: true, toolSet: true, createdAt: true,
    dataset: { select: { slug: true, name: true, kind: true } },
    version: { select: { revision: true } },
  } as const;
  const [recent, chosen] = await Promise.all([
    prisma.run.findMany({
      where: { archivedAt: null, OR: [{ status: { in: [...COMPARABLE_STATUSES] } }, { source: "imported" }] },
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      take: COMPARE_PICKER_SIZE,
      select,
    }),
    include.length ? prisma.run.findMany({ where: { id: { in: [...include] } }, select }) : [],
  ]);
  const byId = new Map([...recent, ...chosen].map((run) => [run.id, run]));
  // The official dataset first, then by dataset, ground truth and newest.
  return [...byId.values()]
    .sort(
      (x, y) =>
        Number(x.dataset.kind !== "official") - Number(y.dataset.kind !== "official") ||
        x.dataset.slug.localeCompare(y.dataset.slug) ||
        x.groundTruth.localeCompare(y.groundTruth) ||
        y.createdAt.getTime() - x.createdAt.getTime(),
    )
    .map((run) => ({
      id: run.id, name: run.name, status: run.status, groundTruth: run.groundTruth, protocol: run.protocol, scoringRevision: run.scoringRevision,
      dataset: run.dataset.slug, datasetName: run.dataset.name, datasetKind: run.dataset.kind, versionRevision: run.version?.revision ?? null,
    }));
}

/** Every tag some listed (not archived) run has, for the runs list's and boards' tag filters. */
export async function listRunTags(): Promise<string[]> {
  const rows = await prisma.$queryRaw<{ tag: string }[]>`
    SELECT DISTINCT unnest(tags) AS tag FROM "Run" WHERE "archivedAt" IS NULL AND cardinality(tags) > 0 ORDER BY 1`;
  return rows.map((row) => row.tag);
}

export type ComparableRun = Awaited<ReturnType<typeof listComparableRuns>>[number];

/** An estimated run's (or a converted one's) estimate of the full-benchmark accuracy; null for other runs. */
export async function getRunEstimate({ id }: { id: string }) {
  return readRunEstimate(prisma, id);
}
