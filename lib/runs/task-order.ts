/**
 * The order a run's tasks are queued in (workers claim them in this order): domains interleaved, so a
 * run cancelled or stopped early has still covered every domain, in proportion. The first round takes
 * one task of each domain (domains in a seeded order); after it, each next task comes from the domain
 * furthest behind its share of the run; inside a domain the templates take turns (as the sample does).
 * Same tasks and seed ⇒ same order. Pure: the selection (sample-tasks.ts) is decided before, unchanged.
 */
import { seededRandom } from "@/lib/seeded-random";
import { groupBy, roundRobinByTemplate, shuffled, type SampleCandidate } from "./sample-tasks";

export function interleaveDomains<T extends SampleCandidate>(tasks: readonly T[], seed: number): T[] {
  const random = seededRandom(seed);
  const byName = [...groupBy(tasks, (task) => task.domain)].sort(([x], [y]) => x.localeCompare(y));
  const domains = shuffled(
    byName.map(([, group]) => ({ queue: roundRobinByTemplate(group, group.length, random), taken: 0 })),
    random,
  );
  const ordered: T[] = [];
  const take = (domain: (typeof domains)[number]) => {
    const task = domain.queue[domain.taken];
    domain.taken += 1;
    if (task) ordered.push(task);
  };
  for (const domain of domains) take(domain);
  while (ordered.length < tasks.length) {
    // The domain whose share of the tasks so far is furthest below its share of the run (ties: the
    // seeded domain order); a domain with nothing left is never behind.
    const position = ordered.length + 1;
    let behind: (typeof domains)[number] | undefined;
    let deficit = -Infinity;
    for (const domain of domains) {
      if (domain.taken >= domain.queue.length) continue;
      const owed = (position * domain.queue.length) / tasks.length - domain.taken;
      if (owed > deficit) [behind, deficit] = [domain, owed];
    }
    if (!behind) break;
    take(behind);
  }
  return ordered;
}
