/**
 * Paired comparison of two runs on the same tasks: the exact McNemar test on the discordant pairs and
 * Newcombe's interval for the difference of paired proportions. Pure, no framework imports.
 */
import { wilsonInterval, Z_95, type Interval } from "./wilson";

/** Counts of a 2×2 paired table: both right, only A right, only B right, both wrong. */
export interface PairedCounts {
  readonly bothCorrect: number;
  readonly onlyA: number;
  readonly onlyB: number;
  readonly bothWrong: number;
}

/**
 * Two-sided exact McNemar p-value: under "no difference" each discordant pair is A's or B's with
 * probability ½, so the smaller count follows Binomial(b + c, ½). p = min(1, 2 · P(X ≤ min(b, c))).
 * With no discordant pair there is no evidence of a difference: p = 1.
 */
export function mcnemarExactP(onlyA: number, onlyB: number): number {
  if (!Number.isInteger(onlyA) || !Number.isInteger(onlyB) || onlyA < 0 || onlyB < 0) {
    throw new RangeError(`discordant counts must be non-negative integers (got ${onlyA}, ${onlyB})`);
  }
  const n = onlyA + onlyB;
  if (n === 0) return 1;
  const low = Math.min(onlyA, onlyB);
  // log C(n, i) by the recurrence C(n, i + 1) = C(n, i) (n − i) / (i + 1): linear in `low` (a board tests thousands of pairs).
  let tail = 0;
  let logTerm = -n * Math.LN2;
  for (let i = 0; i <= low; i += 1) {
    tail += Math.exp(logTerm);
    logTerm += Math.log(n - i) - Math.log(i + 1);
  }
  return Math.min(1, 2 * tail);
}

/**
 * Newcombe (1998, method 10) interval for p_B − p_A on paired data, built from the two Wilson intervals
 * and the phi correlation of the pairs. Unlike the Wald interval it stays inside [−1, 1] and is not
 * degenerate when a run is at 0 % or 100 %.
 */
export function pairedDifferenceInterval(counts: PairedCounts, z: number = Z_95): Interval | null {
  const { bothCorrect: a, onlyA: b, onlyB: c, bothWrong: d } = counts;
  const n = a + b + c + d;
  const wilsonA = wilsonInterval(a + b, n, z);
  const wilsonB = wilsonInterval(a + c, n, z);
  if (!wilsonA || !wilsonB) return null;
  const pA = (a + b) / n;
  const pB = (a + c) / n;
  const product = (a + b) * (c + d) * (a + c) * (b + d);
  const phi = product === 0 ? 0 : (a * d - b * c) / Math.sqrt(product);
  const delta = pB - pA;
  const lowSpread = (pB - wilsonB.low) ** 2 - 2 * phi * (pB - wilsonB.low) * (wilsonA.high - pA) + (wilsonA.high - pA) ** 2;
  const highSpread = (wilsonB.high - pB) ** 2 - 2 * phi * (wilsonB.high - pB) * (pA - wilsonA.low) + (pA - wilsonA.low) ** 2;
  return {
    low: Math.max(-1, delta - Math.sqrt(Math.max(0, lowSpread))),
    high: Math.min(1, delta + Math.sqrt(Math.max(0, highSpread))),
  };
}

export interface McNemarVerdict {
  readonly pValue: number;
  readonly significant: boolean;
  /** A plain sentence for the page: which run is better, or that the two cannot be told apart. */
  readonly sentence: string;
}

/** The test at level `alpha` with its sentence; names are the runs' display names. */
export function mcnemarVerdict(counts: PairedCounts, names: { a: string; b: string }, alpha = 0.05): McNemarVerdict {
  const pValue = mcnemarExactP(counts.onlyA, counts.onlyB);
  const significant = pValue < alpha;
  const p = formatP(pValue);
  if (!significant) {
    return { pValue, significant, sentence: `A and B are not distinguishable: the difference is within noise (exact McNemar ${p}).` };
  }
  const better = counts.onlyB > counts.onlyA ? "B" : "A";
  const worse = better === "B" ? "A" : "B";
  const betterName = better === "B" ? names.b : names.a;
  return { pValue, significant, sentence: `${better} (${betterName}) is better than ${worse} beyond noise (exact McNemar ${p}).` };
}

export function formatP(p: number): string {
  if (p < 0.001) return "p < 0.001";
  return `p = ${p < 0.01 ? p.toFixed(4) : p.toFixed(3)}`;
}
