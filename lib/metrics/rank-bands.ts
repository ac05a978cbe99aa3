/**
 * Rank bands: which configurations of one board a paired test cannot tell apart. Every pair is compared
 * on the (task, trial) cells both scored with the exact McNemar test, the p-values Holm-corrected over
 * all the board's comparisons (family-wise error 5 %). A configuration's rank can then lie anywhere from
 * 1 + (how many are significantly better) to N − (how many are significantly worse): "#1–3" when the
 * two above it are not significantly better. A pair sharing fewer than `minShared` cells is not tested
 * (it counts as indistinguishable) and the configuration says so. Pure.
 */
import { mcnemarExactP } from "./mcnemar";

/** One configuration's verdicts, by cell (`<task key>#<trial>`). */
export interface BoardEntry {
  readonly id: string;
  readonly verdicts: ReadonlyMap<string, boolean>;
}

export interface PairTest {
  readonly a: string;
  readonly b: string;
  readonly shared: number;
  /** Cells right for a only, for b only. */
  readonly onlyA: number;
  readonly onlyB: number;
  readonly p: number | null;
  /** Holm-adjusted p (null when not tested). */
  readonly adjusted: number | null;
}

export interface RankBand {
  readonly id: string;
  /** Accuracy over its own scored cells (the board's point estimate). */
  readonly accuracy: number;
  /** 1-based rank by accuracy. */
  readonly rank: number;
  readonly best: number;
  readonly worst: number;
  /** Other configurations it could not be compared with (too few shared cells). */
  readonly untested: number;
  readonly label: string;
}

export const MIN_SHARED_CELLS = 30;

/** Holm's step-down adjustment: the k-th smallest of m p-values times (m − k + 1), made monotone, capped at 1. */
export function holmAdjust(pValues: readonly number[]): number[] {
  const order = pValues.map((p, index) => ({ p, index })).sort((x, y) => x.p - y.p);
  const adjusted = new Array<number>(pValues.length);
  let running = 0;
  order.forEach(({ p, index }, k) => {
    running = Math.max(running, Math.min(1, (pValues.length - k) * p));
    adjusted[index] = running;
  });
  return adjusted;
}

export function pairTests(entries: readonly BoardEntry[], minShared = MIN_SHARED_CELLS): PairTest[] {
  const raw: Omit<PairTest, "adjusted">[] = [];
  for (let i = 0; i < entries.length; i++) {
    for (let j = i + 1; j < entries.length; j++) {
      const [a, b] = [entries[i]!, entries[j]!];
      let shared = 0, onlyA = 0, onlyB = 0;
      for (const [cell, right] of a.verdicts) {
        const other = b.verdicts.get(cell);
        if (other === undefined) continue;
        shared += 1;
        if (right && !other) onlyA += 1;
        else if (other && !right) onlyB += 1;
      }
      raw.push({ a: a.id, b: b.id, shared, onlyA, onlyB, p: shared >= minShared ? mcnemarExactP(onlyA, onlyB) : null });
    }
  }
  const tested = raw.filter((pair) => pair.p !== null);
  const adjusted = holmAdjust(tested.map((pair) => pair.p as number));
  const byPair = new Map(tested.map((pair, k) => [`${pair.a}\u0000${pair.b}`, adjusted[k]!] as const));
  return raw.map((pair) => ({ ...pair, adjusted: byPair.get(`${pair.a}\u0000${pair.b}`) ?? null }));
}

export function rankBands(entries: readonly BoardEntry[], options: { readonly alpha?: number; readonly minShared?: number } = {}): RankBand[] {
  const alpha = options.alpha ?? 0.05;
  const accuracy = (entry: BoardEntry) => {
    const values = [...entry.verdicts.values()];
    return values.length === 0 ? 0 : values.filter(Boolean).length / values.length;
  };
  const ordered = [...entries].sort((x, y) => accuracy(y) - accuracy(x) || x.id.localeCompare(y.id));
  const tests = pairTests(ordered, options.minShared);
  const n = ordered.length;
  return ordered.map((entry, index) => {
    let better = 0, worse = 0, untested = 0;
    for (const test of tests) {
      if (test.a !== entry.id && test.b !== entry.id) continue;
      if (test.adjusted === null) { untested += 1; continue; }
      if (test.adjusted >= alpha) continue;
      // Significant: the one right more often on the discordant cells is the better.
      const mine = test.a === entry.id ? test.onlyA : test.onlyB;
      const theirs = test.a === entry.id ? test.onlyB : test.onlyA;
      if (theirs > mine) better += 1;
      else worse += 1;
    }
    const best = 1 + better;
    const worst = n - worse;
    const span = best === worst ? `#${best}` : `#${best}–${worst}`;
    const label = best === worst ? `${span}, distinguishable from every other` : `${span}, indistinguishable${untested ? ` (${untested} too few shared tasks to test)` : ""}`;
    return { id: entry.id, accuracy: accuracy(entry), rank: index + 1, best, worst, untested, label };
  });
}
