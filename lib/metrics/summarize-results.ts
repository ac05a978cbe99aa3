/**
 * Aggregates of scored task results (accuracy, side effects, exact match) overall and per group.
 * Pure: the pages load light result rows through lib/queries and shape them here, so the numbers a
 * run page shows are tested without a database.
 */
import { ratio, wilsonInterval, type Interval } from "./wilson";

/** The fields of one scored (run, task, trial) the aggregates need. */
export interface ScoredResult {
  readonly domain: string;
  readonly template: string;
  /** Ground-truth action count of the task (the 0 / 1+ / 2+ buckets count ground-truth actions). */
  readonly actionCount: number;
  readonly correct: boolean;
  readonly sideEffects: boolean;
  readonly exactMatch: boolean;
  /** The run error (context window, timeout, provider...), null when the agent finished. */
  readonly error: string | null;
}

export interface ResultTally {
  readonly n: number;
  readonly correct: number;
  readonly sideEffects: number;
  readonly exactMatch: number;
  readonly errors: number;
  readonly accuracy: number;
  readonly sideEffectRate: number;
  readonly exactMatchRate: number;
  /** 95 % Wilson interval of the accuracy; null when n = 0. */
  readonly accuracyInterval: Interval | null;
}

export interface GroupTally extends ResultTally {
  readonly key: string;
}

export function tallyResults(results: readonly ScoredResult[]): ResultTally {
  let correct = 0;
  let sideEffects = 0;
  let exactMatch = 0;
  let errors = 0;
  for (const result of results) {
    if (result.correct) correct += 1;
    if (result.sideEffects) sideEffects += 1;
    if (result.exactMatch) exactMatch += 1;
    if (result.error) errors += 1;
  }
  const n = results.length;
  return {
    n,
    correct,
    sideEffects,
    exactMatch,
    errors,
    accuracy: ratio(correct, n),
    sideEffectRate: ratio(sideEffects, n),
    exactMatchRate: ratio(exactMatch, n),
    accuracyInterval: wilsonInterval(correct, n),
  };
}

/** Tallies per group, groups sorted by key so tables and charts are stable. */
export function tallyBy(results: readonly ScoredResult[], keyOf: (result: ScoredResult) => string): GroupTally[] {
  const groups = new Map<string, ScoredResult[]>();
  for (const result of results) {
    const key = keyOf(result);
    const group = groups.get(key);
    if (group) group.push(result);
    else groups.set(key, [result]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, group]) => ({ key, ...tallyResults(group) }));
}

export const ACTION_BUCKETS = ["0", "1+", "2+"] as const;
export type ActionBucket = (typeof ACTION_BUCKETS)[number];

/** The paper's Table 7 buckets; 1+ and 2+ overlap (2+ is a subset of 1+), as in the original. */
export function tallyByActionCount(results: readonly ScoredResult[]): Record<ActionBucket, ResultTally> {
  return {
    "0": tallyResults(results.filter((result) => result.actionCount === 0)),
    "1+": tallyResults(results.filter((result) => result.actionCount > 0)),
    "2+": tallyResults(results.filter((result) => result.actionCount > 1)),
  };
}
