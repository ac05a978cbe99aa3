/**
 * The full-benchmark score from a subset of its tasks. With an item bank, the configuration's ability is
 * read from the verdicts it gave (a posterior on a grid, prior N(0, 1): the bank's scale), and its score
 * on the tasks it did not run is the expected number right at that ability; the 95 % interval carries
 * both the uncertainty of the ability and the chance in which of the remaining tasks it would get right
 * (a normal approximation of that Poisson-binomial sum, mixed over the posterior). Without a bank the
 * estimate is the template-stratified subset's accuracy with its sampling interval.
 */
import { itemInformation, normalCdf, predictiveItem, probabilityCorrect, type Item } from "./two-pl";

const ABILITY_PRIOR_VAR = 1;
const GRID = Array.from({ length: 201 }, (_, g) => -5 + g * 0.05);

export interface Observed {
  readonly taskKey: string;
  readonly correct: boolean;
}

export interface ScoreEstimate {
  readonly method: "item-response" | "template-stratified";
  /** Estimated accuracy over every task of the bank (or dataset). */
  readonly accuracy: number;
  readonly low: number;
  readonly high: number;
  readonly tasksRun: number;
  readonly tasksTotal: number;
  /** The posterior mean ability (item-response only). */
  readonly ability: number | null;
  /** How much the interval was widened around the estimate (calibrate.ts); absent: as the model gives it. */
  readonly intervalScale?: number;
}

/**
 * The ability's log-posterior on the grid, unnormalised: the prior, to which each verdict adds its
 * log-likelihood (addVerdict). Kept as a running sum, an adaptive run reads its ability after each answer
 * in O(grid) instead of re-reading every answer so far.
 */
export function abilityPrior(): Float64Array {
  return Float64Array.from(GRID, (theta) => (-0.5 * theta * theta) / ABILITY_PRIOR_VAR);
}

/** Adds one verdict on `fitted` (taken as a prediction uses it: see predictiveItem) to a log-posterior. */
export function addVerdict(logWeights: Float64Array, fitted: Item, correct: boolean): void {
  const item = predictiveItem(fitted);
  for (let g = 0; g < GRID.length; g++) {
    const p = Math.min(1 - 1e-12, Math.max(1e-12, probabilityCorrect(item, GRID[g]!)));
    logWeights[g] = logWeights[g]! + Math.log(correct ? p : 1 - p);
  }
}

/** A log-posterior as weights summing to 1. */
export function normalise(logWeights: Float64Array): Float64Array {
  let top = -Infinity;
  for (const value of logWeights) top = Math.max(top, value);
  const weights = logWeights.map((value) => Math.exp(value - top));
  const total = weights.reduce((sum, value) => sum + value, 0);
  return weights.map((value) => value / total);
}

/** The posterior weights over the ability grid after these verdicts. */
export function abilityPosterior(items: ReadonlyMap<string, Item>, observed: readonly Observed[]): Float64Array {
  const logWeights = abilityPrior();
  for (const verdict of observed) {
    const fitted = items.get(verdict.taskKey);
    if (fitted) addVerdict(logWeights, fitted, verdict.correct);
  }
  return normalise(logWeights);
}

export function posteriorMean(weights: Float64Array): number {
  return GRID.reduce((sum, theta, g) => sum + theta * weights[g]!, 0);
}

/** The task to run next: the most informative at the current ability estimate among those not run. */
export function nextTask(items: readonly Item[], ability: number, done: ReadonlySet<string>): Item | null {
  let best: Item | null = null;
  let bestInformation = -1;
  for (const item of items) {
    if (done.has(item.taskKey)) continue;
    const information = itemInformation(predictiveItem(item), ability);
    if (information > bestInformation) { best = item; bestInformation = information; }
  }
  return best;
}

/** The full score from an item bank and the verdicts on a subset of its tasks. */
export function estimateWithBank(fitted: readonly Item[], observed: readonly Observed[]): ScoreEstimate {
  const bank = fitted.map(predictiveItem);
  const items = new Map(bank.map((item) => [item.taskKey, item] as const));
  const run = observed.filter((verdict) => items.has(verdict.taskKey));
  const seen = new Set(run.map((verdict) => verdict.taskKey));
  const right = run.filter((verdict) => verdict.correct).length;
  const rest = bank.filter((item) => !seen.has(item.taskKey));
  const weights = abilityPosterior(items, run);
  // For each grid ability: the mean and variance of the number right among the tasks not run.
  const means = new Float64Array(GRID.length);
  const variances = new Float64Array(GRID.length);
  for (let g = 0; g < GRID.length; g++) {
    if (weights[g]! < 1e-12) continue;
    let mean = 0, variance = 0;
    for (const item of rest) { const p = probabilityCorrect(item, GRID[g]!); mean += p; variance += p * (1 - p); }
    means[g] = mean;
    variances[g] = variance;
  }
  const total = bank.length;
  const expected = right + GRID.reduce((sum, _, g) => sum + weights[g]! * means[g]!, 0);
  // P(total right ≤ t), mixed over the posterior; quantiles by bisection on the count.
  const cdf = (t: number) => GRID.reduce((sum, _, g) => {
    if (weights[g]! < 1e-12) return sum;
    const sd = Math.sqrt(variances[g]! + 1e-9);
    return sum + weights[g]! * normalCdf((t - right - means[g]! + 0.5) / sd);
  }, 0);
  const quantile = (q: number) => {
    let low = right, high = right + rest.length;
    for (let step = 0; step < 40; step++) { const mid = (low + high) / 2; if (cdf(mid) < q) low = mid; else high = mid; }
    return Math.round(high);
  };
  return {
    method: "item-response",
    accuracy: expected / total,
    low: quantile(0.025) / total,
    high: quantile(0.975) / total,
    tasksRun: run.length,
    tasksTotal: total,
    ability: posteriorMean(weights),
  };
}

/**
 * n tasks spread over the templates in proportion to their size (each template's whole share first, the
 * remainder to seeded random templates), each template's tasks drawn at random.
 */
export function templateStratifiedSample<T extends { readonly taskKey: string; readonly template: string }>(tasks: readonly T[], n: number, random: () => number): T[] {
  const byTemplate = new Map<string, T[]>();
  for (const task of tasks) byTemplate.set(task.template, [...(byTemplate.get(task.template) ?? []), task]);
  const templates = [...byTemplate.keys()].sort();
  const quotas = new Map(templates.map((template) => [template, Math.floor((n * byTemplate.get(template)!.length) / tasks.length)] as const));
  let left = n - [...quotas.values()].reduce((sum, quota) => sum + quota, 0);
  const order = shuffle(templates, random);
  for (let k = 0; left > 0 && k < order.length * 4; k++) {
    const template = order[k % order.length]!;
    if (quotas.get(template)! < byTemplate.get(template)!.length) { quotas.set(template, quotas.get(template)! + 1); left -= 1; }
  }
  return templates.flatMap((template) => shuffle(byTemplate.get(template)!, random).slice(0, quotas.get(template)!));
}

function shuffle<T>(values: readonly T[], random: () => number): T[] {
  const copy = [...values];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/**
 * The template-stratified estimate: each template's accuracy on its sampled tasks, weighted by its share
 * of all tasks (templates not sampled take the subset's overall accuracy); the interval is the normal
 * one of a random sample without replacement (finite-population corrected; the variance floored at that
 * of one answer in n, so an all-right subset is not certain), clipped to [0, 1].
 */
export function estimateStratified(all: readonly { readonly taskKey: string; readonly template: string }[], observed: readonly Observed[]): ScoreEstimate {
  const templateOf = new Map(all.map((task) => [task.taskKey, task.template] as const));
  const run = observed.filter((verdict) => templateOf.has(verdict.taskKey));
  const overall = run.length === 0 ? 0 : run.filter((verdict) => verdict.correct).length / run.length;
  const sizes = new Map<string, number>();
  for (const task of all) sizes.set(task.template, (sizes.get(task.template) ?? 0) + 1);
  const byTemplate = new Map<string, { right: number; seen: number }>();
  for (const verdict of run) {
    const template = templateOf.get(verdict.taskKey)!;
    const tally = byTemplate.get(template) ?? { right: 0, seen: 0 };
    tally.seen += 1;
    if (verdict.correct) tally.right += 1;
    byTemplate.set(template, tally);
  }
  let accuracy = 0;
  for (const [template, size] of sizes) {
    const tally = byTemplate.get(template);
    accuracy += (size / all.length) * (tally ? tally.right / tally.seen : overall);
  }
  const n = run.length;
  const finite = n >= all.length ? 0 : (all.length - n) / Math.max(1, all.length - 1);
  const z = 1.959963984540054;
  const spread = n === 0 ? 0.5 : z * Math.sqrt((Math.max(accuracy * (1 - accuracy), 0.25 / Math.max(1, n)) / Math.max(1, n)) * finite);
  return {
    method: "template-stratified",
    accuracy,
    low: Math.max(0, accuracy - spread),
    high: Math.min(1, accuracy + spread),
    tasksRun: n,
    tasksTotal: all.length,
    ability: null,
  };
}
