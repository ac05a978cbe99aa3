// Writes one ground-truth version inside the import transaction. A replaced version keeps the ids of
// tasks whose key still exists (updated in place), so recorded runs keep their results.
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Dataset, Task } from "@/lib/workbench/datasets";
import type { SandboxColumns, StoredSandboxRow } from "./sandbox-rows";

const BATCH_SIZE = 1_000;

type Tx = Prisma.TransactionClient;

export type VersionWrite = {
  datasetId: string;
  existingId: string | null;
  loaded: Dataset;
  contentHash: string;
  rows: StoredSandboxRow[];
  columns: SandboxColumns;
};

function batches<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += BATCH_SIZE) out.push(items.slice(start, start + BATCH_SIZE));
  return out;
}

function taskColumns(task: Task) {
  return {
    domain: task.domain,
    position: task.position,
    text: task.text,
    groundTruth: [...task.groundTruth],
    actionCount: task.groundTruth.length,
    baseTemplate: task.baseTemplate,
    chosenTemplate: task.chosenTemplate,
    toolkits: [...task.toolkits],
  };
}

export async function writeVersion(tx: Tx, write: VersionWrite): Promise<void> {
  const { loaded } = write;
  const fields = { contentHash: write.contentHash, taskCount: loaded.tasks.length, sandboxColumns: write.columns, importedAt: new Date() };
  const version = write.existingId
    ? await tx.groundTruthVersion.update({ where: { id: write.existingId }, data: fields })
    : await tx.groundTruthVersion.create({ data: { ...fields, datasetId: write.datasetId, name: loaded.version } });

  await tx.sandboxRow.deleteMany({ where: { versionId: version.id } });
  for (const batch of batches(write.rows)) {
    await tx.sandboxRow.createMany({ data: batch.map((row) => ({ ...row, versionId: version.id })) });
  }
  await writeTasks(tx, version.id, loaded.tasks);
}

type TaskColumns = ReturnType<typeof taskColumns>;

function sameColumns(stored: Record<keyof TaskColumns, unknown>, incoming: TaskColumns): boolean {
  return (Object.keys(incoming) as (keyof TaskColumns)[]).every(
    (column) => JSON.stringify(stored[column]) === JSON.stringify(incoming[column]),
  );
}

async function writeTasks(tx: Tx, versionId: string, tasks: readonly Task[]) {
  const existing = await tx.task.findMany({ where: { versionId } });
  const byKey = new Map(existing.map((task) => [task.key, task]));
  const incomingKeys = new Set(tasks.map((task) => task.key));
  const removed = existing.filter((task) => !incomingKeys.has(task.key)).map((task) => task.id);
  if (removed.length) await tx.task.deleteMany({ where: { id: { in: removed } } });

  const fresh = tasks.filter((task) => !byKey.has(task.key));
  for (const batch of batches(fresh)) {
    await tx.task.createMany({ data: batch.map((task) => ({ versionId, key: task.key, ...taskColumns(task) })) });
  }
  // Only tasks whose content changed are written (a revision touches a few percent of them).
  for (const task of tasks) {
    const stored = byKey.get(task.key);
    const incoming = taskColumns(task);
    if (stored && !sameColumns(stored, incoming)) await tx.task.update({ where: { id: stored.id }, data: incoming });
  }
}
