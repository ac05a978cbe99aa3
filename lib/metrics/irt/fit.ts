/**
 * Fitting an item bank: the 2PL's difficulty and discrimination for every task, and an ability for every
 * configuration, from stored verdicts (a configuration × task matrix, missing cells allowed). Maximum a
 * posteriori by alternating Fisher scoring, with priors that keep every estimate finite:
 *   θ ~ N(0, 1)                    abilities (then rescaled to mean 0, sd 1: the model's scale)
 *   log a ~ N(μ, 0.5²)             discriminations near their common level (μ re-estimated: on the
 *                                  abilities' scale the typical discrimination is not 1)
 *   b ~ N(m_template, τ²)          a task's difficulty pooled towards its template's mean, so a task with
 *                                  few or one-sided verdicts borrows from its nine siblings
 *   m_template ~ N(0, 2²)          and τ² re-estimated from the spread of difficulties within templates
 *                                  (plus their posterior variances, as an EM step would: MAP estimates alone
 *                                  understate it and over-pool).
 * Pure and deterministic: the same matrix gives the same bank.
 */
import { logistic, type Item } from "./two-pl";

/** Verdicts of configurations (rows) on tasks (columns): 1 right, 0 wrong, null not run. */
export interface VerdictMatrix {
  readonly configurations: readonly string[];
  readonly tasks: readonly { readonly key: string; readonly template: string }[];
  /** rows[c][t] */
  readonly rows: readonly (readonly (0 | 1 | null)[])[];
}

export interface ItemBank {
  readonly items: readonly Item[];
  /** Fitted abilities of the configurations it was fitted on, by name. */
  readonly abilities: ReadonlyMap<string, number>;
  readonly configurations: number;
  readonly verdicts: number;
  /** The spread of difficulties within templates the fit settled on (τ). */
  readonly withinTemplateSd: number;
  readonly iterations: number;
}

export interface FitOptions {
  readonly iterations?: number;
  /** Cells to leave out of the fit (for a held-out likelihood), as `row * tasks + column`. */
  readonly leaveOut?: ReadonlySet<number>;
}

const ABILITY_PRIOR_VAR = 1;
const LOG_DISCRIMINATION_PRIOR_VAR = 0.25;
const TEMPLATE_MEAN_PRIOR_VAR = 4;
const MIN_TAU2 = 0.04;
const clampStep = (step: number, limit = 1) => Math.max(-limit, Math.min(limit, step));

export function fitItemBank(matrix: VerdictMatrix, options: FitOptions = {}): ItemBank {
  const iterations = options.iterations ?? 40;
  const J = matrix.configurations.length;
  const I = matrix.tasks.length;
  // Flat storage: y[j * I + i] is 1, 0, or -1 (missing or left out).
  const y = new Int8Array(J * I);
  let verdicts = 0;
  for (let j = 0; j < J; j++) {
    const row = matrix.rows[j] ?? [];
    for (let i = 0; i < I; i++) {
      const value = row[i];
      const cell = j * I + i;
      y[cell] = value === null || value === undefined || options.leaveOut?.has(cell) ? -1 : value;
      if (y[cell] !== -1) verdicts += 1;
    }
  }
  const templates = [...new Set(matrix.tasks.map((task) => task.template))];
  const templateOf = Int32Array.from(matrix.tasks.map((task) => templates.indexOf(task.template)));
  const theta = new Float64Array(J);
  const logA = new Float64Array(I);
  const b = new Float64Array(I);
  const m = new Float64Array(templates.length);
  let tau2 = 1;
  let logAMean = 0;
  const difficultyVariance = new Float64Array(I);

  // Start from the observed shares: ability from each row's accuracy, difficulty from each column's.
  const logit = (p: number) => Math.log(p / (1 - p));
  const share = (right: number, seen: number) => (right + 0.5) / (seen + 1);
  for (let j = 0; j < J; j++) {
    let right = 0, seen = 0;
    for (let i = 0; i < I; i++) if (y[j * I + i] !== -1) { seen++; right += y[j * I + i] as number; }
    theta[j] = logit(share(right, seen));
  }
  for (let i = 0; i < I; i++) {
    let right = 0, seen = 0;
    for (let j = 0; j < J; j++) if (y[j * I + i] !== -1) { seen++; right += y[j * I + i] as number; }
    b[i] = -logit(share(right, seen));
  }

  for (let iteration = 0; iteration < iterations; iteration++) {
    // Abilities given items: one Fisher-scoring step each.
    for (let j = 0; j < J; j++) {
      let gradient = -theta[j]! / ABILITY_PRIOR_VAR;
      let information = 1 / ABILITY_PRIOR_VAR;
      for (let i = 0; i < I; i++) {
        const v = y[j * I + i]!;
        if (v === -1) continue;
        const a = Math.exp(logA[i]!);
        const p = logistic(a * (theta[j]! - b[i]!));
        gradient += a * (v - p);
        information += a * a * p * (1 - p);
      }
      theta[j] = theta[j]! + clampStep(gradient / information);
    }
    // Rescale to the model's scale: mean 0, sd 1 (the item parameters follow, the probabilities do not change).
    let mean = 0;
    for (let j = 0; j < J; j++) mean += theta[j]!;
    mean /= Math.max(1, J);
    let variance = 0;
    for (let j = 0; j < J; j++) variance += (theta[j]! - mean) ** 2;
    const sd = J > 1 ? Math.sqrt(variance / J) || 1 : 1;
    for (let j = 0; j < J; j++) theta[j] = (theta[j]! - mean) / sd;
    for (let i = 0; i < I; i++) { b[i] = (b[i]! - mean) / sd; logA[i] = logA[i]! + Math.log(sd); }
    for (let t = 0; t < m.length; t++) m[t] = (m[t]! - mean) / sd;

    // Items given abilities: a 2×2 Fisher-scoring step in (log a, b) each.
    for (let i = 0; i < I; i++) {
      const a = Math.exp(logA[i]!);
      const prior = m[templateOf[i]!]!;
      let gA = -(logA[i]! - logAMean) / LOG_DISCRIMINATION_PRIOR_VAR;
      let gB = -(b[i]! - prior) / tau2;
      let iAA = 1 / LOG_DISCRIMINATION_PRIOR_VAR;
      let iBB = 1 / tau2;
      let iAB = 0;
      for (let j = 0; j < J; j++) {
        const v = y[j * I + i]!;
        if (v === -1) continue;
        const z = theta[j]! - b[i]!;
        const p = logistic(a * z);
        const w = p * (1 - p);
        gA += (v - p) * a * z;
        gB += (v - p) * -a;
        iAA += w * (a * z) ** 2;
        iBB += w * a * a;
        iAB += w * (a * z) * -a;
      }
      const det = iAA * iBB - iAB * iAB;
      if (det <= 0) continue;
      difficultyVariance[i] = iAA / det;
      logA[i] = logA[i]! + clampStep((iBB * gA - iAB * gB) / det, 0.5);
      b[i] = b[i]! + clampStep((iAA * gB - iAB * gA) / det);
    }

    // Template means and the within-template spread.
    const sums = new Float64Array(templates.length);
    const counts = new Float64Array(templates.length);
    for (let i = 0; i < I; i++) { sums[templateOf[i]!] = sums[templateOf[i]!]! + b[i]!; counts[templateOf[i]!] = counts[templateOf[i]!]! + 1; }
    for (let t = 0; t < templates.length; t++) m[t] = sums[t]! / (counts[t]! + tau2 / TEMPLATE_MEAN_PRIOR_VAR);
    let spread = 0;
    for (let i = 0; i < I; i++) spread += (b[i]! - m[templateOf[i]!]!) ** 2 + difficultyVariance[i]!;
    tau2 = Math.max(MIN_TAU2, spread / Math.max(1, I));
    logAMean = logA.reduce((sum, value) => sum + value, 0) / Math.max(1, I);
  }

  return {
    items: matrix.tasks.map((task, i) => ({
      taskKey: task.key,
      template: task.template,
      difficulty: b[i]!,
      discrimination: Math.exp(logA[i]!),
      difficultySe: Math.sqrt(difficultyVariance[i]!),
    })),
    abilities: new Map(matrix.configurations.map((name, j) => [name, theta[j]!] as const)),
    configurations: J,
    verdicts,
    withinTemplateSd: Math.sqrt(tau2),
    iterations,
  };
}

/**
 * The fit's held-out log-likelihood per verdict: a seeded tenth of the cells is left out, the bank fitted
 * on the rest, and the left-out verdicts scored under it (higher is better; ln ½ ≈ −0.693 is a coin).
 */
export function heldOutLogLikelihood(matrix: VerdictMatrix, random: () => number, share = 0.1): { readonly perVerdict: number; readonly verdicts: number } {
  const I = matrix.tasks.length;
  const leaveOut = new Set<number>();
  matrix.rows.forEach((row, j) => row.forEach((value, i) => { if (value !== null && random() < share) leaveOut.add(j * I + i); }));
  const bank = fitItemBank(matrix, { leaveOut });
  let total = 0;
  for (const cell of leaveOut) {
    const j = Math.floor(cell / I);
    const i = cell % I;
    const item = bank.items[i]!;
    const p = logistic(item.discrimination * ((bank.abilities.get(matrix.configurations[j]!) ?? 0) - item.difficulty));
    const clamped = Math.min(1 - 1e-9, Math.max(1e-9, p));
    total += matrix.rows[j]![i] === 1 ? Math.log(clamped) : Math.log(1 - clamped);
  }
  return { perVerdict: leaveOut.size === 0 ? 0 : total / leaveOut.size, verdicts: leaveOut.size };
}
