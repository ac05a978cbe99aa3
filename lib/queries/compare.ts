// Run-vs-run comparison: tasks matched by their stable key (so v1 and v2026 runs compare too), trial 0.
import "server-only";
import { prisma } from "@/lib/db";
import { compareVerdicts, type TaskVerdictPair } from "@/lib/metrics/agreement";
import { domainDeltas, regressionsFirst } from "@/lib/metrics/paired-comparison";

async function verdictsByKey(runId: string) {
  const rows = await prisma.taskResult.findMany({
    where: { runId, status: "done", trial: 0 },
    select: { id: true, correct: true, task: { select: { key: true, domain: true, text: true } } },
  });
  return new Map(rows.map((row) => [row.task.key, row]));
}

export const FLIPPED_PAGE_SIZE = 25;

/** The agreement of two runs; `flipped` holds one page of the flipped tasks, `flippedTotal` all of them. */
export async function compareRuns({ a, b, page = 0 }: { a: string; b: string; page?: number }) {
  const [left, right] = await Promise.all([verdictsByKey(a), verdictsByKey(b)]);
  const pairs: TaskVerdictPair[] = [];
  for (const [key, l] of left) {
    const r = right.get(key);
    if (!r) continue;
    pairs.push({
      key,
      domain: l.task.domain,
      text: l.task.text,
      a: { resultId: l.id, correct: l.correct === true },
      b: { resultId: r.id, correct: r.correct === true },
    });
  }
  const agreement = compareVerdicts(pairs);
  // Regressions first, then paged: the first page shows what got worse.
  const flipped = regressionsFirst(agreement.flipped);
  const pages = Math.max(1, Math.ceil(flipped.length / FLIPPED_PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  return {
    ...agreement,
    flipped: flipped.slice(current * FLIPPED_PAGE_SIZE, (current + 1) * FLIPPED_PAGE_SIZE),
    flippedTotal: flipped.length,
    page: current,
    pages,
    deltas: domainDeltas(pairs),
  };
}
