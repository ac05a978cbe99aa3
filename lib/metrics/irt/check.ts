/**
 * The estimator's validation, rerunnable on any verdict matrix (workbench estimate-check): each
 * configuration in turn is held out, the bank refitted on the others, and its full accuracy estimated from
 * n tasks (chosen adaptively, one at a time, by the refitted bank), then compared with the accuracy it
 * actually has on every task. Template-stratified random subsets of the same n are scored the same way.
 */
import { seededRandom } from "@/lib/seeded-random";
import { fitItemBank, type ItemBank, type VerdictMatrix } from "./fit";
import { abilityPosterior, estimateStratified, estimateWithBank, nextTask, posteriorMean, templateStratifiedSample, type Observed, type ScoreEstimate } from "./estimate";

export interface HeldOutCheck {
  readonly configuration: string;
  /** Its accuracy over the tasks it has verdicts on. */
  readonly fullAccuracy: number;
  readonly adaptive: ScoreEstimate & { readonly tasks: readonly string[] };
  readonly stratified: ScoreEstimate & { readonly tasks: readonly string[] };
}

export interface CheckSummary {
  readonly n: number;
  readonly configurations: number;
  readonly adaptiveMae: number;
  readonly stratifiedMae: number;
  /** 1 − adaptive MAE / stratified MAE. */
  readonly reduction: number;
  readonly adaptiveCoverage: number;
  readonly stratifiedCoverage: number;
  readonly checks: readonly HeldOutCheck[];
}

/** n tasks chosen one at a time by the bank (most informative at the current ability), answered by `answer`. */
export function runAdaptive(bank: Pick<ItemBank, "items">, n: number, answer: (taskKey: string) => boolean | null): Observed[] {
  const items = new Map(bank.items.map((item) => [item.taskKey, item] as const));
  const done = new Set<string>();
  const observed: Observed[] = [];
  let ability = 0;
  while (observed.length < n) {
    const item = nextTask(bank.items, ability, done);
    if (!item) break;
    done.add(item.taskKey);
    const correct = answer(item.taskKey);
    if (correct === null) continue; // no verdict for it: skipped, another task takes its place
    observed.push({ taskKey: item.taskKey, correct });
    ability = posteriorMean(abilityPosterior(items, observed));
  }
  return observed;
}

export function estimateCheck(matrix: VerdictMatrix, n: number, options: { readonly seed?: number; readonly only?: readonly string[] } = {}): CheckSummary {
  const random = seededRandom(options.seed ?? 1);
  const tasks = matrix.tasks.map((task) => ({ taskKey: task.key, template: task.template }));
  const checks: HeldOutCheck[] = [];
  matrix.configurations.forEach((configuration, j) => {
    if (options.only && !options.only.includes(configuration)) return;
    const row = matrix.rows[j]!;
    const verdictOf = new Map(matrix.tasks.map((task, i) => [task.key, row[i]] as const));
    const scored = row.filter((value) => value !== null);
    const fullAccuracy = scored.filter((value) => value === 1).length / Math.max(1, scored.length);
    const others: VerdictMatrix = { ...matrix, configurations: matrix.configurations.filter((_, k) => k !== j), rows: matrix.rows.filter((_, k) => k !== j) };
    const bank = fitItemBank(others);
    const answer = (key: string) => { const value = verdictOf.get(key); return value === null || value === undefined ? null : value === 1; };
    const adaptiveObserved = runAdaptive(bank, n, answer);
    const sample = templateStratifiedSample(tasks.filter((task) => answer(task.taskKey) !== null), n, random);
    const stratifiedObserved = sample.map((task) => ({ taskKey: task.taskKey, correct: answer(task.taskKey) as boolean }));
    checks.push({
      configuration,
      fullAccuracy,
      adaptive: { ...estimateWithBank(bank.items, adaptiveObserved), tasks: adaptiveObserved.map((verdict) => verdict.taskKey) },
      stratified: { ...estimateStratified(tasks, stratifiedObserved), tasks: stratifiedObserved.map((verdict) => verdict.taskKey) },
    });
  });
  const mae = (pick: (check: HeldOutCheck) => ScoreEstimate) => checks.reduce((sum, check) => sum + Math.abs(pick(check).accuracy - check.fullAccuracy), 0) / Math.max(1, checks.length);
  const coverage = (pick: (check: HeldOutCheck) => ScoreEstimate) =>
    checks.filter((check) => pick(check).low <= check.fullAccuracy && check.fullAccuracy <= pick(check).high).length / Math.max(1, checks.length);
  const adaptiveMae = mae((check) => check.adaptive);
  const stratifiedMae = mae((check) => check.stratified);
  return {
    n,
    configurations: checks.length,
    adaptiveMae,
    stratifiedMae,
    reduction: stratifiedMae === 0 ? 0 : 1 - adaptiveMae / stratifiedMae,
    adaptiveCoverage: coverage((check) => check.adaptive),
    stratifiedCoverage: coverage((check) => check.stratified),
    checks,
  };
}
