// Run-vs-run comparison: tasks matched by their stable key (so v1 and v2026 runs compare too), trial 0.
import "server-only";
import { prisma } from "@/lib/db";
import { compareVerdicts, type TaskVerdictPair } from "@/lib/metrics/agreement";

async function verdictsByKey(runId: string) {
  const rows = await prisma.taskResult.findMany({
    where: { runId, status: "done", trial: 0 },
    select: { id: true, correct: true, task: { select: { key: true, domain: true, text: true } } },
  });
  return new Map(rows.map((row) => [row.task.key, row]));
}

export async function compareRuns({ a, b }: { a: string; b: string }) {
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
  return compareVerdicts(pairs);
}
