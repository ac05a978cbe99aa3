/**
 * Aggregates of scored task results (accuracy, side effects, exact match) overall and per group.
 * Pure: the pages load light result rows through lib/queries and shape them here, so the numbers a
 * run page shows are tested without a database.
 */
import { ACTION_COUNT_BUCKETS, countOutcomes } from "@/lib/workbench/evaluate/aggregate";
import type { Tally } from "@/lib/workbench/evaluate/types";
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

/** The engine's tally plus what the dashboard shows beside it. */
export interface ResultTally extends Tally {
  readonly exactMatchRate: number;
  /** 95 % Wilson interval of the accuracy; null when n = 0. */
  readonly accuracyInterval: Interval | null;
}

export interface GroupTally extends ResultTally {
  readonly key: string;
}

export function tallyResults(results: readonly ScoredResult[]): ResultTally {
  const tally = countOutcomes(results);
  return {
    ...tally,
    exactMatchRate: ratio(tally.exactMatch, tally.n),
    accuracyInterval: wilsonInterval(tally.correct, tally.n),
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

export const ACTION_BUCKETS = ACTION_COUNT_BUCKETS.map((bucket) => bucket.key);
export type ActionBucket = (typeof ACTION_COUNT_BUCKETS)[number]["key"];

/** The paper's Table 7 buckets (the engine's definition); 2+ is a subset of 1+, as in the original. */
export function tallyByActionCount(results: readonly ScoredResult[]): Record<ActionBucket, ResultTally> {
  const bucket = ({ holds }: (typeof ACTION_COUNT_BUCKETS)[number]) =>
    tallyResults(results.filter((result) => holds(result.actionCount)));
  const [zero, onePlus, twoPlus] = ACTION_COUNT_BUCKETS;
  return { "0": bucket(zero), "1+": bucket(onePlus), "2+": bucket(twoPlus) };
}
