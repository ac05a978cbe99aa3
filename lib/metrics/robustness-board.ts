// The leaderboard's robustness view: each configuration that has runs with injected faults, its clean
// figures beside its figures at each fault rate, and the drop in accuracy with a 95 % interval. The two
// sides are different runs (not paired verdicts), so the interval is Newcombe's for a difference of two
// independent proportions (method 10: from the two Wilson intervals).
import type { ConfigRow } from "./config-leaderboard";
import { wilsonInterval, type Interval } from "./wilson";

export interface RobustnessCell {
  readonly faultRate: number;
  readonly key: string;
  readonly results: number;
  readonly accuracy: number;
  readonly accuracyInterval: Interval | null;
  readonly sideEffectRate: number;
  /** Clean accuracy minus this accuracy (positive: faults cost accuracy), with its 95 % interval; null without a clean row. */
  readonly drop: number | null;
  readonly dropInterval: Interval | null;
}

export interface RobustnessRow {
  readonly label: string;
  readonly agent: string;
  readonly toolSet: string;
  readonly clean: Pick<ConfigRow, "key" | "results" | "passAt1" | "passAt1Interval" | "sideEffectRate"> | null;
  /** Ordered by fault rate. */
  readonly faulted: readonly RobustnessCell[];
}

/** Newcombe's interval for p1 − p2 from two independent samples (Wilson score intervals combined). */
export function differenceInterval(c1: number, n1: number, c2: number, n2: number): Interval | null {
  const a = wilsonInterval(c1, n1);
  const b = wilsonInterval(c2, n2);
  if (!a || !b) return null;
  const p1 = c1 / n1;
  const p2 = c2 / n2;
  const d = p1 - p2;
  return { low: d - Math.sqrt((p1 - a.low) ** 2 + (b.high - p2) ** 2), high: d + Math.sqrt((a.high - p1) ** 2 + (p2 - b.low) ** 2) };
}

/** The configuration a faulted row belongs to: its key without the "fault=<rate>" part. */
function cleanKeyOf(key: string): string {
  return JSON.stringify((JSON.parse(key) as string[]).filter((part) => !part.startsWith("fault=")));
}

/** What the view reads of a board row. */
export type RobustnessInputRow = Pick<ConfigRow, "key" | "label" | "agent" | "toolSet" | "faultRate" | "correct" | "results" | "passAt1" | "passAt1Interval" | "sideEffectRate">;

/** Rows of configurations with at least one faulted row, from the board's rows (every fault rate, the clean one if any). */
export function robustnessBoard(rows: readonly RobustnessInputRow[]): RobustnessRow[] {
  const groups = new Map<string, RobustnessInputRow[]>();
  for (const row of rows) {
    const key = cleanKeyOf(row.key);
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const board: RobustnessRow[] = [];
  for (const members of groups.values()) {
    const clean = members.find((row) => row.faultRate === null) ?? null;
    const faulted = members.filter((row) => row.faultRate !== null).sort((a, b) => (a.faultRate ?? 0) - (b.faultRate ?? 0));
    const first = faulted[0];
    if (!first) continue;
    board.push({
      label: first.label,
      agent: first.agent,
      toolSet: first.toolSet,
      clean: clean ? { key: clean.key, results: clean.results, passAt1: clean.passAt1, passAt1Interval: clean.passAt1Interval, sideEffectRate: clean.sideEffectRate } : null,
      faulted: faulted.map((row) => ({
        faultRate: row.faultRate ?? 0,
        key: row.key,
        results: row.results,
        accuracy: row.passAt1,
        accuracyInterval: row.passAt1Interval,
        sideEffectRate: row.sideEffectRate,
        drop: clean ? clean.passAt1 - row.passAt1 : null,
        dropInterval: clean ? differenceInterval(clean.correct, clean.results, row.correct, row.results) : null,
      })),
    });
  }
  return board.sort((a, b) => a.label.localeCompare(b.label) || a.agent.localeCompare(b.agent));
}
