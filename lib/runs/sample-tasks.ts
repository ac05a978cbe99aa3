/**
 * Seeded stratified sampling for a run's `limit`: the first N tasks in domain order are all analytics,
 * which measures one domain; a sample keeps each domain's share of the selection (largest remainder)
 * and, inside a domain, spreads over the task templates round-robin. Same seed and tasks ⇒ same sample.
 * Pure: callers pass the candidate tasks in benchmark order and get a subset back in that order.
 */
import { seededRandom } from "@/lib/seeded-random";

export const SAMPLE_METHODS = ["stratified", "first"] as const;
export type SampleMethod = (typeof SAMPLE_METHODS)[number];

export interface SampleCandidate {
  readonly id: string;
  readonly domain: string;
  readonly template: string;
}

/** A fresh seed for a run that did not ask for one (stored on the run so the sample can be redrawn). */
export function newSampleSeed(): number {
  return Math.floor(Math.random() * 2_147_483_647);
}

export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

export function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(keyOf(item));
    if (group) group.push(item);
    else groups.set(keyOf(item), [item]);
  }
  return groups;
}

/** Largest-remainder allocation of `size` over groups proportional to their sizes (ties by name). */
export function allocate(sizes: ReadonlyMap<string, number>, size: number): Map<string, number> {
  const total = [...sizes.values()].reduce((sum, value) => sum + value, 0);
  const quotas = [...sizes].map(([name, count]) => ({ name, count, exact: (count * size) / total }));
  const result = new Map(quotas.map((quota) => [quota.name, Math.min(quota.count, Math.floor(quota.exact))]));
  let left = size - [...result.values()].reduce((sum, value) => sum + value, 0);
  const byRemainder = [...quotas].sort((x, y) => y.exact - Math.floor(y.exact) - (x.exact - Math.floor(x.exact)) || x.name.localeCompare(y.name));
  for (const quota of byRemainder) {
    if (left === 0) break;
    if ((result.get(quota.name) ?? 0) < quota.count) {
      result.set(quota.name, (result.get(quota.name) ?? 0) + 1);
      left -= 1;
    }
  }
  return result;
}

/** `count` tasks of one domain: templates in a shuffled order, one task of each per round. */
export function roundRobinByTemplate<T extends SampleCandidate>(tasks: readonly T[], count: number, random: () => number): T[] {
  const groups = [...groupBy(shuffled(tasks, random), (task) => task.template).values()];
  const order = shuffled(groups, random);
  const picked: T[] = [];
  for (let round = 0; picked.length < count; round += 1) {
    for (const group of order) {
      const task = group[round];
      if (task && picked.length < count) picked.push(task);
    }
  }
  return picked;
}

/** The sample, in the candidates' order. All candidates when `limit` is absent or not smaller. */
export function sampleTasks<T extends SampleCandidate>(
  candidates: readonly T[],
  options: { readonly limit?: number | null; readonly method: SampleMethod; readonly seed: number },
): T[] {
  const { limit } = options;
  if (!limit || limit >= candidates.length) return [...candidates];
  if (options.method === "first") return candidates.slice(0, limit);
  const random = seededRandom(options.seed);
  const byDomain = groupBy(candidates, (task) => task.domain);
  const quotas = allocate(new Map([...byDomain].map(([domain, tasks]) => [domain, tasks.length])), limit);
  const chosen = new Set<string>();
  for (const [domain, tasks] of [...byDomain].sort(([x], [y]) => x.localeCompare(y))) {
    for (const task of roundRobinByTemplate(tasks, quotas.get(domain) ?? 0, random)) chosen.add(task.id);
  }
  return candidates.filter((task) => chosen.has(task.id));
}
