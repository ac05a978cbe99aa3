/**
 * The two-parameter logistic item response model (Birnbaum 1968): a configuration of ability θ answers a
 * task of difficulty b and discrimination a correctly with probability σ(a(θ − b)). Abilities are on the
 * scale of the configurations the bank was fitted on (mean 0, sd 1).
 */

export interface Item {
  readonly taskKey: string;
  /** The task's template: items of one template share a prior mean difficulty. */
  readonly template: string;
  readonly difficulty: number;
  readonly discrimination: number;
  /** The standard error of the fitted difficulty (0 for known parameters). */
  readonly difficultySe?: number;
}

/**
 * The item as a prediction should use it: averaging σ(a(θ − b)) over the difficulty's uncertainty
 * b ~ N(b̂, se²) flattens the curve, which the probit approximation gives as a smaller discrimination,
 * a / √(1 + π a² se² / 8). A bank fitted on few configurations then neither overstates what one verdict
 * says about the ability nor how sure its predictions are.
 */
export function predictiveItem(item: Item): Item {
  const se = item.difficultySe ?? 0;
  if (se === 0) return item;
  return { ...item, discrimination: item.discrimination / Math.sqrt(1 + (Math.PI * item.discrimination ** 2 * se ** 2) / 8) };
}

export function logistic(x: number): number {
  return x >= 0 ? 1 / (1 + Math.exp(-x)) : Math.exp(x) / (1 + Math.exp(x));
}

/** P(correct | θ) for one item. */
export function probabilityCorrect(item: Pick<Item, "difficulty" | "discrimination">, ability: number): number {
  return logistic(item.discrimination * (ability - item.difficulty));
}

/** Fisher information of one item at θ: a² P (1 − P). */
export function itemInformation(item: Pick<Item, "difficulty" | "discrimination">, ability: number): number {
  const p = probabilityCorrect(item, ability);
  return item.discrimination ** 2 * p * (1 - p);
}

/** A standard normal's CDF (Abramowitz–Stegun 7.1.26 through erf; |error| < 1.5e-7). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erf = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return z >= 0 ? 0.5 * (1 + erf) : 0.5 * (1 - erf);
}
