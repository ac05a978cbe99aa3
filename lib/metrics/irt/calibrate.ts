/**
 * How far to trust a bank's intervals. The 95 % interval of estimateWithBank treats the fitted items as
 * the truth; they are estimates from a few dozen configurations, so on held-out configurations the
 * interval is too narrow (over 20 simulated populations of 40 the errors' variance was 1.33 × what the
 * intervals implied, and 92 % of them covered). The bank is therefore cross-fitted on its own
 * configurations: in k folds, each configuration is estimated from n adaptively chosen tasks by a bank
 * fitted without its fold, and its error divided by the sd its interval implied. The mean square of those
 * standardised errors, floored at 1 (a bank is never made surer than its model says), is how much the
 * interval's spread around the estimate is widened: `intervalScale` = √(mean z²). Pure and deterministic.
 */
import { runAdaptive } from "./adaptive";
import { estimateWithBank, type ScoreEstimate } from "./estimate";
import { fitItemBank, type ItemBank, type VerdictMatrix } from "./fit";

/** The z of a 95 % normal interval. */
const Z95 = 1.959963984540054;

export interface IntervalCalibration {
  /** The factor an estimate's interval is widened by around its estimate (≥ 1). */
  readonly intervalScale: number;
  /** The standardised errors' mean square it came from, and how many configurations gave one. */
  readonly meanSquaredZ: number;
  readonly configurations: number;
  readonly folds: number;
  /** The number of tasks the cross-fitted estimates were made from. */
  readonly n: number;
}

export interface CalibratedBank extends ItemBank {
  readonly calibration: IntervalCalibration | null;
}

/** Too few configurations to cross-fit on: each fold's bank needs this many to fit. */
export const MIN_CALIBRATION_CONFIGURATIONS = 10;

/** The bank, and its interval calibration when it has enough configurations to cross-fit. */
export function fitCalibratedBank(matrix: VerdictMatrix, options: { readonly n?: number; readonly folds?: number } = {}): CalibratedBank {
  const bank = fitItemBank(matrix);
  return { ...bank, calibration: calibrateIntervals(matrix, options) };
}

export function calibrateIntervals(matrix: VerdictMatrix, options: { readonly n?: number; readonly folds?: number } = {}): IntervalCalibration | null {
  const n = options.n ?? 100;
  const J = matrix.configurations.length;
  const folds = Math.min(options.folds ?? 5, J);
  // Each fold's bank is fitted on the others: they must be enough to fit one.
  if (J - Math.ceil(J / folds) < MIN_CALIBRATION_CONFIGURATIONS) return null;
  let sum = 0;
  let count = 0;
  for (let fold = 0; fold < folds; fold++) {
    // Configuration j is in fold j mod k: deterministic, and each fold spans the board's order.
    const inFold = (j: number) => j % folds === fold;
    const training: VerdictMatrix = { ...matrix, configurations: matrix.configurations.filter((_, j) => !inFold(j)), rows: matrix.rows.filter((_, j) => !inFold(j)) };
    const bank = fitItemBank(training);
    matrix.rows.forEach((row, j) => {
      if (!inFold(j)) return;
      const verdictOf = new Map(matrix.tasks.map((task, i) => [task.key, row[i]] as const));
      const scored = row.filter((value) => value !== null);
      if (scored.length === 0) return;
      const full = scored.filter((value) => value === 1).length / scored.length;
      const observed = runAdaptive(bank, n, (key) => { const value = verdictOf.get(key); return value === null || value === undefined ? null : value === 1; });
      const estimate = estimateWithBank(bank.items, observed);
      const sd = (estimate.high - estimate.low) / (2 * Z95);
      // An interval of width 0 (every task run) says nothing about the spread: left out.
      if (sd <= 0) return;
      sum += ((estimate.accuracy - full) / sd) ** 2;
      count += 1;
    });
  }
  if (count === 0) return null;
  const meanSquaredZ = sum / count;
  return { intervalScale: Math.sqrt(Math.max(1, meanSquaredZ)), meanSquaredZ, configurations: count, folds, n };
}

/** The estimate with its interval widened around it by the calibration (clipped to [0, 1]); unchanged without one. */
export function calibrated(estimate: ScoreEstimate, calibration: IntervalCalibration | null): ScoreEstimate {
  const scale = calibration?.intervalScale ?? 1;
  if (scale === 1) return estimate;
  // Widened in whole tasks, as the interval's own quantiles are counts of tasks.
  const total = estimate.tasksTotal;
  const widen = (bound: number) => Math.round((estimate.accuracy + scale * (bound - estimate.accuracy)) * total) / total;
  return { ...estimate, low: Math.max(0, widen(estimate.low)), high: Math.min(1, widen(estimate.high)), intervalScale: scale };
}

/** How the bank's intervals are calibrated, in one line (also the item bank page's title text). */
export function intervalLine(calibration: IntervalCalibration | null): string {
  if (!calibration) return "intervals as the model gives them (too few configurations to cross-fit)";
  return `intervals widened ×${calibration.intervalScale.toFixed(2)}: cross-fitted in ${calibration.folds} folds, ${calibration.configurations} configurations estimated from ${calibration.n} tasks, mean squared z ${calibration.meanSquaredZ.toFixed(2)}`;
}
