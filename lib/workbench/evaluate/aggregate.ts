// Metrics over scored results: overall, per domain, by ground-truth action count (0 / 1+ / 2+),
// per template, and the paper's error breakdown counted as the original `calculate_metrics` does.
import type { Task } from "../datasets/types";
import type { Tally, TaskVerdict } from "./types";

export interface ScoredRow {
  readonly task: Task;
  readonly verdict: TaskVerdict;
}

export interface ErrorBreakdown {
  readonly withoutSideEffects: number;
  readonly withSideEffects: number;
  /** Failed to follow ReAct: no actions, no side effects. */
  readonly noActions: number;
  readonly wrongEmailNoSideEffects: number;
  readonly meetingStartNoSideEffects: number;
  readonly wrongEmailWithSideEffects: number;
  readonly endDateWithSideEffects: number;
  readonly meetingStartWithSideEffects: number;
  readonly contextWindow: number;
}

export interface Aggregate {
  readonly overall: Tally;
  readonly byDomain: Readonly<Record<string, Tally>>;
  /** Buckets count ground-truth actions: none, more than 0, more than 1 (2+ is inside 1+). */
  readonly byActionCount: { readonly zero: Tally; readonly onePlus: Tally; readonly twoPlus: Tally };
  /** Keyed by base template. */
  readonly byTemplate: Readonly<Record<string, Tally>>;
  readonly breakdown: ErrorBreakdown;
}

/** What a tally reads of one scored result (a verdict, or a stored TaskResult). */
export type TalliedOutcome = Pick<TaskVerdict, "correct" | "sideEffects" | "exactMatch" | "error">;

/** Counts and rates over scored results; the one rule behind the CLI tables and the dashboard. */
export function countOutcomes(outcomes: readonly TalliedOutcome[]): Tally {
  let correct = 0;
  let sideEffects = 0;
  let exactMatch = 0;
  let errors = 0;
  for (const outcome of outcomes) {
    if (outcome.correct) correct += 1;
    if (outcome.sideEffects) sideEffects += 1;
    if (outcome.exactMatch) exactMatch += 1;
    if (outcome.error) errors += 1;
  }
  const n = outcomes.length;
  return { n, correct, sideEffects, exactMatch, errors, accuracy: n ? correct / n : 0, sideEffectRate: n ? sideEffects / n : 0 };
}

/** The paper's Table 7 buckets of ground-truth action counts; 2+ lies inside 1+, as in the original. */
export const ACTION_COUNT_BUCKETS = [
  { key: "0", holds: (actions: number) => actions === 0 },
  { key: "1+", holds: (actions: number) => actions > 0 },
  { key: "2+", holds: (actions: number) => actions > 1 },
] as const;

export function tally(rows: readonly ScoredRow[]): Tally {
  return countOutcomes(rows.map((row) => row.verdict));
}

function tallyBy(rows: readonly ScoredRow[], keyOf: (row: ScoredRow) => string): Record<string, Tally> {
  const groups = new Map<string, ScoredRow[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return Object.fromEntries([...groups].map(([key, group]) => [key, tally(group)]));
}

/** What the error breakdown reads of a verdict (stored results carry just these). */
export type DiagnosedVerdict = Pick<TaskVerdict, "correct" | "sideEffects" | "diagnostics">;

/** The Fig. 6 categories of the original `calculate_metrics`: they exclude each other only with side effects. */
export function countErrorBreakdown(verdicts: readonly DiagnosedVerdict[]): ErrorBreakdown {
  const count = (keep: (verdict: DiagnosedVerdict) => boolean) => verdicts.filter(keep).length;
  const wrongWith = (side: boolean) => (v: DiagnosedVerdict) => !v.correct && v.sideEffects === side;
  return {
    withoutSideEffects: count(wrongWith(false)),
    withSideEffects: count(wrongWith(true)),
    noActions: count((v) => wrongWith(false)(v) && v.diagnostics.noActions),
    wrongEmailNoSideEffects: count((v) => wrongWith(false)(v) && v.diagnostics.wrongEmail),
    meetingStartNoSideEffects: count((v) => wrongWith(false)(v) && v.diagnostics.meetingStartTime),
    wrongEmailWithSideEffects: count(
      (v) => wrongWith(true)(v) && v.diagnostics.wrongEmail && !v.diagnostics.endDateOffByOne && !v.diagnostics.meetingStartTime,
    ),
    endDateWithSideEffects: count(
      (v) => wrongWith(true)(v) && v.diagnostics.endDateOffByOne && !v.diagnostics.wrongEmail && !v.diagnostics.meetingStartTime,
    ),
    meetingStartWithSideEffects: count((v) => wrongWith(true)(v) && v.diagnostics.meetingStartTime),
    contextWindow: count((v) => v.diagnostics.contextWindow),
  };
}

export function errorBreakdown(rows: readonly ScoredRow[]): ErrorBreakdown {
  return countErrorBreakdown(rows.map((row) => row.verdict));
}

export function aggregate(rows: readonly ScoredRow[]): Aggregate {
  const actions = (row: ScoredRow) => row.task.groundTruth.length;
  return {
    overall: tally(rows),
    byDomain: tallyBy(rows, (row) => row.task.domain),
    byActionCount: {
      zero: tally(rows.filter((row) => ACTION_COUNT_BUCKETS[0].holds(actions(row)))),
      onePlus: tally(rows.filter((row) => ACTION_COUNT_BUCKETS[1].holds(actions(row)))),
      twoPlus: tally(rows.filter((row) => ACTION_COUNT_BUCKETS[2].holds(actions(row)))),
    },
    byTemplate: tallyBy(rows, (row) => row.task.baseTemplate),
    breakdown: errorBreakdown(rows),
  };
}
