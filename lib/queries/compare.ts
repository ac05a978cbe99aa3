// Run-vs-run comparison, trial 0. Runs on different datasets are refused; runs of one dataset pair
// their tasks by stable key where the task text is identical (lib/metrics/comparability.ts).
import "server-only";
import { prisma } from "@/lib/db";
import { compareVerdicts, type TaskVerdictPair } from "@/lib/metrics/agreement";
import { comparability, pairIdenticalTasks, type RunIdentity } from "@/lib/metrics/comparability";
import { domainDeltas, regressionsFirst } from "@/lib/metrics/paired-comparison";

async function verdictsByKey(runId: string) {
  const rows = await prisma.taskResult.findMany({
    where: { runId, status: "done", trial: 0 },
    select: { id: true, correct: true, task: { select: { key: true, domain: true, text: true } } },
  });
  return new Map(rows.map((row) => [row.task.key, { ...row, text: row.task.text }]));
}

export async function runIdentity(id: string): Promise<RunIdentity | null> {
  const run = await prisma.run.findUnique({
    where: { id },
    select: {
      datasetId: true, groundTruth: true, versionId: true, protocol: true, scoringRevision: true,
      dataset: { select: { name: true, slug: true } },
      version: { select: { revision: true } },
    },
  });
  if (!run) return null;
  return {
    datasetId: run.datasetId,
    datasetName: `${run.dataset.name} (${run.dataset.slug})`,
    groundTruth: run.groundTruth,
    versionId: run.versionId,
    versionRevision: run.version?.revision ?? null,
    protocol: run.protocol,
    scoringRevision: run.scoringRevision,
  };
}

export const FLIPPED_PAGE_SIZE = 25;

/**
 * The agreement of two runs; `flipped` holds one page of the flipped tasks, `flippedTotal` all of them.
 * `refused` when the runs cannot be compared at all; `differences` lists the rules that differ.
 */
export async function compareRuns({ a, b, page = 0 }: { a: string; b: string; page?: number }) {
  const [identityA, identityB] = await Promise.all([runIdentity(a), runIdentity(b)]);
  if (!identityA || !identityB) return { status: "missing" as const };
  const verdict = comparability(identityA, identityB);
  if (!verdict.comparable) return { status: "refused" as const, reason: verdict.reason };
  const [left, right] = await Promise.all([verdictsByKey(a), verdictsByKey(b)]);
  const matched = pairIdenticalTasks(left, right);
  const pairs: TaskVerdictPair[] = matched.pairs.map(({ key, a: l, b: r }) => ({
    key,
    domain: l.task.domain,
    text: l.text,
    a: { resultId: l.id, correct: l.correct === true },
    b: { resultId: r.id, correct: r.correct === true },
  }));
  const agreement = compareVerdicts(pairs);
  // Regressions first, then paged: the first page shows what got worse.
  const flipped = regressionsFirst(agreement.flipped);
  const pages = Math.max(1, Math.ceil(flipped.length / FLIPPED_PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  return {
    status: "compared" as const,
    differences: verdict.differences,
    textDiffers: matched.textDiffers,
    ...agreement,
    flipped: flipped.slice(current * FLIPPED_PAGE_SIZE, (current + 1) * FLIPPED_PAGE_SIZE),
    flippedTotal: flipped.length,
    page: current,
    pages,
    deltas: domainDeltas(pairs),
  };
}
