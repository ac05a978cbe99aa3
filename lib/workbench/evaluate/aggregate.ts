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

export function tally(rows: readonly ScoredRow[]): Tally {
  let correct = 0;
  let sideEffects = 0;
  let exactMatch = 0;
  let errors = 0;
  for (const { verdict } of rows) {
    if (verdict.correct) correct += 1;
    if (verdict.sideEffects) sideEffects += 1;
    if (verdict.exactMatch) exactMatch += 1;
    if (verdict.error !== null) errors += 1;
  }
  const n = rows.length;
  return { n, correct, sideEffects, exactMatch, errors, accuracy: n ? correct / n : 0, sideEffectRate: n ? sideEffects / n : 0 };
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
      zero: tally(rows.filter((row) => actions(row) === 0)),
      onePlus: tally(rows.filter((row) => actions(row) > 0)),
      twoPlus: tally(rows.filter((row) => actions(row) > 1)),
    },
    byTemplate: tallyBy(rows, (row) => row.task.baseTemplate),
    breakdown: errorBreakdown(rows),
  };
}
