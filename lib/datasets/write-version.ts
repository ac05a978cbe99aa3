// Writes one ground-truth version inside the import transaction. Versions are immutable: different
// files under a name become a NEW revision (the old one is renamed "<name>@r<revision>" and kept with
// its tasks, so runs that used it keep their results and their exact tasks).
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Dataset, Task } from "@/lib/workbench/datasets";
import type { SandboxColumns, StoredSandboxRow } from "./sandbox-rows";

const BATCH_SIZE = 1_000;

type Tx = Prisma.TransactionClient;

export type VersionWrite = {
  datasetId: string;
  loaded: Dataset;
  contentHash: string;
  rows: StoredSandboxRow[];
  columns: SandboxColumns;
};

/** What an import did to a version name. */
export type VersionWriteStatus = "imported" | "revised" | "restored" | "unchanged";

/** The name a superseded revision keeps: lookups by the plain name find only the current files. */
export const supersededName = (name: string, revision: number) => `${name}@r${revision}`;

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

/**
 * Makes `write.contentHash` the current revision of the name: a no-op when it already is, the revival of
 * a superseded revision with the same files (e.g. the official data re-imported after an edited copy),
 * or a new revision. Never updates or deletes a task, a sandbox row or a result.
 */
export async function writeVersion(tx: Tx, write: VersionWrite): Promise<VersionWriteStatus> {
  const name = write.loaded.version;
  const family = await tx.groundTruthVersion.findMany({
    where: { datasetId: write.datasetId, OR: [{ name }, { name: { startsWith: `${name}@r` } }] },
    select: { id: true, name: true, revision: true, contentHash: true },
  });
  const current = family.find((version) => version.name === name);
  if (current?.contentHash === write.contentHash) return "unchanged";
  if (current) {
    await tx.groundTruthVersion.update({
      where: { id: current.id },
      data: { name: supersededName(name, current.revision), supersededAt: new Date() },
    });
  }
  const earlier = family.find((version) => version.name !== name && version.contentHash === write.contentHash);
  if (earlier) {
    await tx.groundTruthVersion.update({ where: { id: earlier.id }, data: { name, supersededAt: null } });
    return "restored";
  }
  const revision = Math.max(0, ...family.map((version) => version.revision)) + 1;
  const version = await tx.groundTruthVersion.create({
    data: {
      datasetId: write.datasetId,
      name,
      revision,
      contentHash: write.contentHash,
      taskCount: write.loaded.tasks.length,
      sandboxColumns: write.columns,
    },
  });
  for (const batch of batches(write.rows)) {
    await tx.sandboxRow.createMany({ data: batch.map((row) => ({ ...row, versionId: version.id })) });
  }
  for (const batch of batches(write.loaded.tasks)) {
    await tx.task.createMany({ data: batch.map((task) => ({ versionId: version.id, key: task.key, ...taskColumns(task) })) });
  }
  return current ? "revised" : "imported";
}
