// Recorded rows name their task only by query text (the original evaluator joins on it). The text
// identifies a task of the version being scored (2026 results carry the v2026 wording) or else a v1
// task, whose key (domain/position) finds the same task in the version being scored.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { RecordedResult } from "@/lib/workbench/results/types";
import { DATASET_SLUG } from "../launch";

export interface MatchedRow {
  readonly row: RecordedResult;
  readonly taskId: string;
  readonly taskKey: string;
}

/** Matches rows to tasks one batch at a time (an import streams its files); a task matched twice in one trial of a run is refused. */
export type RowMatcher = (rows: readonly RecordedResult[]) => MatchedRow[];

export async function createRowMatcher(db: PrismaClient, versionId: string): Promise<RowMatcher> {
  const v1 = await db.groundTruthVersion.findFirst({ where: { name: "v1", dataset: { slug: DATASET_SLUG } }, select: { id: true } });
  if (!v1) throw new Error("Recorded results are matched through the v1 task texts: import ground truth v1 first");
  const [v1Tasks, targetTasks] = await Promise.all([
    db.task.findMany({ where: { versionId: v1.id }, select: { key: true, domain: true, text: true } }),
    db.task.findMany({ where: { versionId }, select: { id: true, key: true, domain: true, text: true } }),
  ]);
  // The scored version's own wording wins over v1's.
  const keyByText = new Map([...v1Tasks, ...targetTasks].map((task) => [`${task.domain}\n${task.text}`, task.key]));
  const idByKey = new Map(targetTasks.map((task) => [task.key, task.id]));
  const seen = new Set<string>();
  return (rows) =>
    rows.map((row) => {
      const where = `${row.file}:${row.line}`;
      const taskKey = keyByText.get(`${row.domain}\n${row.query}`);
      if (!taskKey) throw new Error(`${where}: the query matches no ${row.domain} task`);
      const taskId = idByKey.get(taskKey);
      if (!taskId) throw new Error(`${where}: task ${taskKey} is missing from the ground truth being scored`);
      const slot = `${taskKey}#${row.trial ?? 0}`;
      if (seen.has(slot)) throw new Error(`${where}: a second row for task ${taskKey} in the same ${row.trial ? `trial (${row.trial + 1}) of the ` : ""}run`);
      seen.add(slot);
      return { row, taskId, taskKey };
    });
}

export async function matchRowsToTasks(db: PrismaClient, versionId: string, rows: readonly RecordedResult[]): Promise<MatchedRow[]> {
  return (await createRowMatcher(db, versionId))(rows);
}
