/**
 * Wilson score interval for a binomial proportion. Used instead of the normal approximation because
 * it stays inside [0, 1] and behaves at 0 % and 100 %, which small task subsets hit often.
 */

/** z for a two-sided 95 % interval. */
export const Z_95 = 1.959963984540054;

export interface Interval {
  readonly low: number;
  readonly high: number;
}

/** The interval for `successes` out of `n`; null when there is nothing to estimate. */
export function wilsonInterval(successes: number, n: number, z: number = Z_95): Interval | null {
  if (n <= 0) return null;
  if (successes < 0 || successes > n) throw new RangeError(`successes ${successes} outside 0..${n}`);
  const p = successes / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const halfWidth = (z / denominator) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  // Clamp away float dust (1 - 1e-16) so 100 % reads as 100 %.
  return { low: Math.max(0, centre - halfWidth), high: Math.min(1, centre + halfWidth) };
}

/** `part / whole`, 0 when whole is 0 (an empty subset has no accuracy, not NaN). */
export function ratio(part: number, whole: number): number {
  return whole > 0 ? part / whole : 0;
}
