/**
 * Rank bands: which configurations of one board a paired test cannot tell apart. Configurations are
 * compared only within their group (one dataset, ground truth and scoring revision: the same tasks). Every
 * pair of a group is compared on the tasks both scored with the exact McNemar test (the sign test on the
 * discordant tasks: a task counts for the configuration with the larger share of right verdicts on it, so
 * with one verdict each it is McNemar's 2×2 table; ties are concordant), and the p-values are
 * Holm-corrected over every comparison the board makes (family-wise error 5 %). A configuration's rank can
 * then lie anywhere from 1 + (how many of its group are significantly better) to N − (how many are
 * significantly worse): "#1–3" when the two above it are not significantly better. A pair sharing fewer than
 * `minShared` tasks is not tested (it counts as indistinguishable) and the configuration says so. Pure.
 */
import { mcnemarExactP } from "./mcnemar";

/** One configuration's verdicts, by task: right or wrong, or the share of its verdicts there that are right. */
export interface BoardEntry {
  readonly id: string;
  readonly verdicts: ReadonlyMap<string, boolean | number>;
  /** The board's point estimate (its pass@1); by default the mean of `verdicts`. Ranks follow it. */
  readonly accuracy?: number;
  /** Entries of different groups are never compared (another dataset or scoring revision); one group by default. */
  readonly group?: string;
}

export interface PairTest {
  readonly a: string;
  readonly b: string;
  /** Tasks both scored. */
  readonly shared: number;
  /** Tasks a did better on, and b. */
  readonly onlyA: number;
  readonly onlyB: number;
  readonly p: number | null;
  /** Holm-adjusted p (null when not tested). */
  readonly adjusted: number | null;
}

export interface RankBand {
  readonly id: string;
  /** The board's point estimate. */
  readonly accuracy: number;
  /** 1-based rank by accuracy within its group. */
  readonly rank: number;
  readonly best: number;
  readonly worst: number;
  /** Configurations of its group. */
  readonly of: number;
  /** Others of its group it is not significantly different from (tested or not), best first. */
  readonly peers: readonly string[];
  /** Others it could not be compared with (fewer than `minShared` shared tasks). */
  readonly untested: number;
  /** Tests the board made (the Holm family). */
  readonly comparisons: number;
  readonly label: string;
}

export const MIN_SHARED_TASKS = 30;

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

const score = (value: boolean | number) => (typeof value === "number" ? value : value ? 1 : 0);

/** A group's entries as dense rows over the group's tasks (NaN: not scored), so a pair is compared in one pass. */
function denseRows(entries: readonly BoardEntry[]): Float64Array[] {
  const index = new Map<string, number>();
  for (const entry of entries) for (const task of entry.verdicts.keys()) if (!index.has(task)) index.set(task, index.size);
  return entries.map((entry) => {
    const row = new Float64Array(index.size).fill(Number.NaN);
    for (const [task, value] of entry.verdicts) row[index.get(task) as number] = score(value);
    return row;
  });
}

/** Discordant tasks of a pair (NaN on either side: not shared). */
function compare(a: Float64Array, b: Float64Array): { shared: number; onlyA: number; onlyB: number } {
  let shared = 0, onlyA = 0, onlyB = 0;
  for (let t = 0; t < a.length; t++) {
    const mine = a[t]!, theirs = b[t]!;
    if (Number.isNaN(mine) || Number.isNaN(theirs)) continue;
    shared += 1;
    if (mine > theirs) onlyA += 1;
    else if (theirs > mine) onlyB += 1;
  }
  return { shared, onlyA, onlyB };
}

/** Every pair within each group, tested where they share enough tasks; Holm over all of them at once. */
export function pairTests(entries: readonly BoardEntry[], minShared = MIN_SHARED_TASKS): PairTest[] {
  const raw: Omit<PairTest, "adjusted">[] = [];
  const groups = new Map<string, BoardEntry[]>();
  for (const entry of entries) groups.set(entry.group ?? "", [...(groups.get(entry.group ?? "") ?? []), entry]);
  for (const members of groups.values()) {
    const rows = denseRows(members);
    for (let i = 0; i < members.length; i++) {
      for (let j = i + 1; j < members.length; j++) {
        const counts = compare(rows[i]!, rows[j]!);
        raw.push({ a: members[i]!.id, b: members[j]!.id, ...counts, p: counts.shared >= minShared ? mcnemarExactP(counts.onlyA, counts.onlyB) : null });
      }
    }
  }
  const tested = raw.filter((pair) => pair.p !== null);
  const adjusted = holmAdjust(tested.map((pair) => pair.p as number));
  const byPair = new Map(tested.map((pair, k) => [`${pair.a}\u0000${pair.b}`, adjusted[k]!] as const));
  return raw.map((pair) => ({ ...pair, adjusted: byPair.get(`${pair.a}\u0000${pair.b}`) ?? null }));
}

const meanScore = (entry: BoardEntry) => {
  const values = [...entry.verdicts.values()].map(score);
  return values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
};

export function rankBands(entries: readonly BoardEntry[], options: { readonly alpha?: number; readonly minShared?: number } = {}): RankBand[] {
  const alpha = options.alpha ?? 0.05;
  const accuracy = (entry: BoardEntry) => entry.accuracy ?? meanScore(entry);
  const ordered = [...entries].sort((x, y) => accuracy(y) - accuracy(x) || x.id.localeCompare(y.id));
  const tests = pairTests(ordered, options.minShared);
  const comparisons = tests.filter((test) => test.adjusted !== null).length;
  return ordered.map((entry) => {
    const group = ordered.filter((other) => (other.group ?? "") === (entry.group ?? ""));
    let better = 0, worse = 0, untested = 0;
    const apart = new Set<string>();
    for (const test of tests) {
      if (test.a !== entry.id && test.b !== entry.id) continue;
      if (test.adjusted === null) { untested += 1; continue; }
      if (test.adjusted >= alpha) continue;
      // Significant: the one better on more discordant tasks is the better.
      const mine = test.a === entry.id ? test.onlyA : test.onlyB;
      const theirs = test.a === entry.id ? test.onlyB : test.onlyA;
      if (theirs > mine) better += 1;
      else worse += 1;
      apart.add(test.a === entry.id ? test.b : test.a);
    }
    const best = 1 + better;
    const worst = group.length - worse;
    const span = best === worst ? `#${best}` : `#${best}–${worst}`;
    const label = group.length === 1
      ? "#1, alone in its group"
      : best === worst
        ? `${span}, distinguishable from every other`
        : `${span}, indistinguishable${untested ? ` (${untested} with too few shared tasks to test)` : ""}`;
    const peers = group.filter((other) => other.id !== entry.id && !apart.has(other.id)).map((other) => other.id);
    return { id: entry.id, accuracy: accuracy(entry), rank: group.indexOf(entry) + 1, best, worst, of: group.length, peers, untested, comparisons, label };
  });
}
