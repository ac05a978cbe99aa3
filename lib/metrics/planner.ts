/**
 * How many tasks (and trials) a comparison needs to detect a difference, at a significance level and a
 * power, paired and unpaired, with the arithmetic shown.
 *   Paired (McNemar; Connor 1987): with discordance ψ = p₁₀ + p₀₁ and difference δ = p₀₁ − p₁₀,
 *     n = (z₁₋α/₂ √ψ + z₁₋β √(ψ − δ²))² / δ²  pairs.
 *   Unpaired (two proportions, normal approximation): with p̄ = (p₁ + p₂)/2,
 *     n = (z₁₋α/₂ √(2 p̄ (1 − p̄)) + z₁₋β √(p₁(1 − p₁) + p₂(1 − p₂)))² / δ²  per configuration.
 * More pairs than tasks come from trials; repeats of a task are correlated (ICC ρ), so T tasks × k trials
 * give T k / (1 + (k − 1) ρ) effective pairs (the design effect), and k is the smallest that reaches n.
 */

/** The standard normal quantile (Acklam's rational approximation; relative error < 1.2e-9). */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`a probability strictly between 0 and 1 (got ${p})`);
  const a = [-39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [-0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const low = 0.02425;
  if (p < low) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) / ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1);
  }
  if (p > 1 - low) return -normalQuantile(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) / (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1);
}

export interface PlanInput {
  /** The difference to detect, as a share (0.02 for 2 points). */
  readonly difference: number;
  /** The share of tasks on which the two disagree (p₁₀ + p₀₁), observed or stated. */
  readonly discordance: number;
  /** The accuracy of the weaker of the two (for the unpaired figure). */
  readonly baseAccuracy: number;
  readonly alpha?: number;
  readonly power?: number;
  /** Tasks available (690 for WorkBench). */
  readonly tasks?: number;
  /** Correlation of a task's repeated verdicts (ICC); 0 treats trials as new tasks. */
  readonly icc?: number;
}

export interface Plan {
  readonly pairedPairs: number;
  readonly unpairedPerConfiguration: number;
  /** Trials per task to reach the paired pairs on `tasks` tasks; null when trials cannot (ρ too high). */
  readonly pairedTrials: number | null;
  readonly unpairedTrials: number | null;
  /** The arithmetic, line by line. */
  readonly working: readonly string[];
}

function trialsFor(needed: number, tasks: number, icc: number): number | null {
  if (needed <= tasks) return 1;
  for (let k = 2; k <= 1000; k++) if ((tasks * k) / (1 + (k - 1) * icc) >= needed) return k;
  return null;
}

export function plan(input: PlanInput): Plan {
  const alpha = input.alpha ?? 0.05;
  const power = input.power ?? 0.8;
  const tasks = input.tasks ?? 690;
  const icc = input.icc ?? 0;
  const delta = Math.abs(input.difference);
  const psi = input.discordance;
  if (!(delta > 0)) throw new RangeError("the difference to detect must be above 0");
  if (!(psi >= delta && psi <= 1)) throw new RangeError(`the discordance (${psi}) must lie between the difference (${delta}) and 1: two configurations differ only where they disagree`);
  const zA = normalQuantile(1 - alpha / 2);
  const zB = normalQuantile(power);
  const paired = (zA * Math.sqrt(psi) + zB * Math.sqrt(psi - delta * delta)) ** 2 / (delta * delta);
  const p1 = input.baseAccuracy;
  const p2 = Math.min(1, p1 + delta);
  const mean = (p1 + p2) / 2;
  const unpaired = (zA * Math.sqrt(2 * mean * (1 - mean)) + zB * Math.sqrt(p1 * (1 - p1) + p2 * (1 - p2))) ** 2 / (delta * delta);
  const pairedPairs = Math.ceil(paired);
  const unpairedPerConfiguration = Math.ceil(unpaired);
  const working = [
    `z(1 − α/2) = z(${(1 - alpha / 2).toFixed(3)}) = ${zA.toFixed(4)}; z(power) = z(${power}) = ${zB.toFixed(4)}`,
    `paired: n = (${zA.toFixed(4)} × √${psi} + ${zB.toFixed(4)} × √(${psi} − ${delta}²))² / ${delta}² = ${paired.toFixed(1)} → ${pairedPairs} pairs`,
    `unpaired: p₁ = ${p1}, p₂ = ${p2.toFixed(4)}, p̄ = ${mean.toFixed(4)}: n = (${zA.toFixed(4)} × √(2 × ${mean.toFixed(4)} × ${(1 - mean).toFixed(4)}) + ${zB.toFixed(4)} × √(${(p1 * (1 - p1)).toFixed(4)} + ${(p2 * (1 - p2)).toFixed(4)}))² / ${delta}² = ${unpaired.toFixed(1)} → ${unpairedPerConfiguration} per configuration`,
    `trials on ${tasks} tasks with ICC ρ = ${icc}: effective pairs = ${tasks} k / (1 + (k − 1) ρ)`,
  ];
  return {
    pairedPairs,
    unpairedPerConfiguration,
    pairedTrials: trialsFor(pairedPairs, tasks, icc),
    unpairedTrials: trialsFor(unpairedPerConfiguration, tasks, icc),
    working,
  };
}
