/**
 * What a compare page needs beyond the agreement matrix: per-domain accuracy deltas (B − A) with
 * Newcombe intervals and exact McNemar p-values, and the flipped tasks split into regressions
 * (right in A, wrong in B) listed first and improvements. Pure.
 */
import type { Interval } from "./wilson";
import { mcnemarExactP, pairedDifferenceInterval, type PairedCounts } from "./mcnemar";
import type { TaskVerdictPair } from "./agreement";

export interface DomainDelta extends PairedCounts {
  readonly domain: string;
  readonly shared: number;
  readonly accuracyA: number;
  readonly accuracyB: number;
  /** accuracyB − accuracyA. */
  readonly delta: number;
  readonly interval: Interval | null;
  readonly pValue: number;
}

export function pairedCounts(pairs: readonly TaskVerdictPair[]): PairedCounts {
  let bothCorrect = 0, onlyA = 0, onlyB = 0, bothWrong = 0;
  for (const pair of pairs) {
    if (pair.a.correct && pair.b.correct) bothCorrect += 1;
    else if (pair.a.correct) onlyA += 1;
    else if (pair.b.correct) onlyB += 1;
    else bothWrong += 1;
  }
  return { bothCorrect, onlyA, onlyB, bothWrong };
}

function deltaOf(domain: string, pairs: readonly TaskVerdictPair[]): DomainDelta {
  const counts = pairedCounts(pairs);
  const shared = pairs.length;
  const accuracyA = shared ? (counts.bothCorrect + counts.onlyA) / shared : 0;
  const accuracyB = shared ? (counts.bothCorrect + counts.onlyB) / shared : 0;
  return {
    domain, shared, ...counts, accuracyA, accuracyB,
    delta: accuracyB - accuracyA,
    interval: pairedDifferenceInterval(counts),
    pValue: mcnemarExactP(counts.onlyA, counts.onlyB),
  };
}

/** One row per domain (alphabetical) and an "all" row over every shared task. */
export function domainDeltas(pairs: readonly TaskVerdictPair[]): { domains: DomainDelta[]; overall: DomainDelta } {
  const byDomain = new Map<string, TaskVerdictPair[]>();
  for (const pair of pairs) byDomain.set(pair.domain, [...(byDomain.get(pair.domain) ?? []), pair]);
  const domains = [...byDomain].sort(([x], [y]) => x.localeCompare(y)).map(([domain, group]) => deltaOf(domain, group));
  return { domains, overall: deltaOf("all", pairs) };
}

/** Flipped tasks, regressions (right in A only) first, each group by key. */
export function regressionsFirst(flipped: readonly TaskVerdictPair[]): TaskVerdictPair[] {
  return [...flipped].sort((x, y) => Number(y.a.correct) - Number(x.a.correct) || x.key.localeCompare(y.key));
}
