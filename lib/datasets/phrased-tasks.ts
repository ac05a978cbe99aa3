// The tasks of an imported version in one phrasing (lib/workbench/datasets/phrasings), as a run sees
// them: the launch leaves out the tasks that have no such wording, the worker and the external agents'
// claim hand each task its wording, and the exports carry the wording that was sent. One function for
// all of them, so the wording a run was given is the wording it reports.
//
// Only the official dataset has paraphrases: v1 from its own templates; v2026 with v1's phrasings (its
// revised tasks match none and are left out with the reason). A generated dataset's tasks have none.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { DOMAINS, type Domain, type Task } from "@/lib/workbench/datasets/types";
import { phraseTasks, templateWordings, type Phrasing, type UnphrasedTask, type Wording } from "@/lib/workbench/datasets/phrasings";
import { DATASET_SLUG } from "./import-dataset";

export interface VersionPhrasing {
  readonly phrasing: Phrasing;
  /** The worded text of each task that has this phrasing, by task key. */
  readonly texts: ReadonlyMap<string, string>;
  /** The tasks left out, each with why. */
  readonly unphrased: readonly UnphrasedTask[];
}

const cache = new Map<string, Promise<VersionPhrasing>>();

/**
 * The version's tasks in `phrasing`. A stored version's tasks never change (a re-import is a new
 * version), so the answer is computed once per process. The whole version is worded at once: a task's
 * slot values are recovered with the help of the version's other texts (phrasings.ts), so a subset
 * could parse differently.
 */
export function phrasedVersion(db: PrismaClient, versionId: string, phrasing: Phrasing): Promise<VersionPhrasing> {
  const key = `${versionId}:${phrasing}`;
  let found = cache.get(key);
  if (!found) {
    found = wordVersion(db, versionId, phrasing);
    cache.set(key, found);
    found.catch(() => cache.delete(key));
  }
  return found;
}

/** A run's task texts in its phrasing, or null for a run of the tasks as written (nothing to swap). */
export async function runTaskTexts(db: PrismaClient, run: { readonly versionId: string | null; readonly phrasing: Phrasing }): Promise<ReadonlyMap<string, string> | null> {
  if (run.phrasing === "original" || !run.versionId) return null;
  return (await phrasedVersion(db, run.versionId, run.phrasing)).texts;
}

/** The task's text in a run's phrasing; a task the launch left in always has one. */
export function phrasedText(texts: ReadonlyMap<string, string>, taskKey: string, phrasing: Phrasing): string {
  const text = texts.get(taskKey);
  if (text === undefined) throw new Error(`Task ${taskKey} has no ${phrasing} wording`);
  return text;
}

async function wordVersion(db: PrismaClient, versionId: string, phrasing: Phrasing): Promise<VersionPhrasing> {
  const version = await db.groundTruthVersion.findUniqueOrThrow({ where: { id: versionId }, select: { name: true, dataset: { select: { slug: true } } } });
  const tasks = await tasksOf(db, versionId);
  if (version.dataset.slug !== DATASET_SLUG) {
    return { phrasing, texts: new Map(), unphrased: tasks.map((task) => ({ key: task.key, reason: "a generated dataset's tasks have no paraphrases (only the official tasks do)" })) };
  }
  const wordings = await officialWordings(db, version.name.startsWith("v1") ? { versionId, tasks } : null);
  if (!wordings) {
    return { phrasing, texts: new Map(), unphrased: tasks.map((task) => ({ key: task.key, reason: "v2026 is worded with v1's phrasings, and v1 is not imported" })) };
  }
  const worded = phraseTasks(tasks, phrasing, wordings);
  return { phrasing, texts: new Map(worded.tasks.map((task) => [task.key, task.text])), unphrased: worded.unphrased };
}

/** v1's template wordings: from the version itself when it is v1, else from the current official v1. */
async function officialWordings(db: PrismaClient, v1: { versionId: string; tasks: readonly Task[] } | null): Promise<Map<string, Wording[]> | null> {
  if (v1) return templateWordings(v1.tasks);
  const current = await db.groundTruthVersion.findFirst({ where: { name: "v1", dataset: { slug: DATASET_SLUG } }, select: { id: true } });
  return current ? templateWordings(await tasksOf(db, current.id)) : null;
}

async function tasksOf(db: PrismaClient, versionId: string): Promise<Task[]> {
  const rows = await db.task.findMany({
    where: { versionId },
    orderBy: [{ domain: "asc" }, { position: "asc" }],
    select: { key: true, domain: true, position: true, text: true, groundTruth: true, baseTemplate: true, chosenTemplate: true, toolkits: true },
  });
  // The order the official files use (templates' wordings are numbered by first use: phrasings.ts).
  const domainOrder = new Map<string, number>(DOMAINS.map((domain, index) => [domain, index]));
  return rows
    .sort((a, b) => (domainOrder.get(a.domain) ?? 0) - (domainOrder.get(b.domain) ?? 0) || a.position - b.position)
    .map((row) => ({ ...row, domain: row.domain as Domain }));
}
