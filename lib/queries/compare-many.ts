// Several runs of one dataset side by side (app/runs/compare/many): trial-0 verdicts as a task × run and
// a template × run matrix, and flips against a baseline. The two-run rule holds for every run against
// the baseline (lib/metrics/comparability.ts): another dataset refuses the comparison, and a task whose
// text differs from the baseline's is left out of that run's column.
import "server-only";
import { prisma } from "@/lib/db";
import { comparability, ruleDifferences } from "@/lib/metrics/comparability";
import { flipsAgainst, taskRows, templateRows, type MatrixSort, type RunVerdict } from "@/lib/metrics/verdict-matrix";
import { runIdentity } from "./compare";

export const MIN_COMPARED_RUNS = 2;
export const MAX_COMPARED_RUNS = 10;

export async function compareManyRuns({ runIds, baseline, sort }: { runIds: readonly string[]; baseline: number; sort: MatrixSort }) {
  const identities = await Promise.all(runIds.map((id) => runIdentity(id)));
  if (identities.some((identity) => identity === null)) return { status: "missing" as const };
  const known = identities.flatMap((identity) => (identity ? [identity] : []));
  const base = known[baseline] ?? known[0];
  if (!base) return { status: "missing" as const };
  for (const identity of known) {
    const verdict = comparability(base, identity);
    if (!verdict.comparable) return { status: "refused" as const, reason: verdict.reason };
  }
  const differences = [...new Set(known.flatMap((identity) => ruleDifferences(base, identity)))];
  const rows = await prisma.taskResult.findMany({
    where: { runId: { in: [...runIds] }, status: "done", trial: 0, correct: { not: null } },
    select: { id: true, runId: true, correct: true, task: { select: { key: true, domain: true, baseTemplate: true, text: true } } },
  });
  // The baseline's text per key; other runs' verdicts count only on the same text.
  const baselineId = runIds[baseline] ?? "";
  const texts = new Map(rows.filter((row) => row.runId === baselineId).map((row) => [row.task.key, row.task.text]));
  let textDiffers = 0;
  const verdicts: RunVerdict[] = [];
  for (const row of rows) {
    const text = texts.get(row.task.key);
    if (text !== undefined && text !== row.task.text) {
      textDiffers += 1;
      continue;
    }
    verdicts.push({ runId: row.runId, key: row.task.key, domain: row.task.domain, template: row.task.baseTemplate, resultId: row.id, correct: row.correct === true });
  }
  const tasks = taskRows(runIds, verdicts, sort);
  return {
    status: "compared" as const,
    differences,
    textDiffers,
    tasks,
    templates: templateRows(runIds, tasks, sort),
    flips: flipsAgainst(runIds, tasks, baseline),
  };
}
