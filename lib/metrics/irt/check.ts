/**
 * The estimator's validation, rerunnable on any verdict matrix (workbench estimate-check): each
 * configuration in turn is held out, the bank refitted on the others, and its full accuracy estimated from
 * n tasks (chosen adaptively, one at a time, by the refitted bank), then compared with the accuracy it
 * actually has on every task. Template-stratified random subsets of the same n are scored the same way.
 */
import { seededRandom } from "@/lib/seeded-random";
import { runAdaptive } from "./adaptive";
import { calibrated, fitCalibratedBank } from "./calibrate";
import type { VerdictMatrix } from "./fit";
import { estimateStratified, estimateWithBank, templateStratifiedSample, type ScoreEstimate } from "./estimate";

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
    // The bank as an estimated run gets it: fitted on the others, its intervals calibrated on them alone.
    const bank = fitCalibratedBank(others, { n });
    const answer = (key: string) => { const value = verdictOf.get(key); return value === null || value === undefined ? null : value === 1; };
    const adaptiveObserved = runAdaptive(bank, n, answer);
    const sample = templateStratifiedSample(tasks.filter((task) => answer(task.taskKey) !== null), n, random);
    const stratifiedObserved = sample.map((task) => ({ taskKey: task.taskKey, correct: answer(task.taskKey) as boolean }));
    checks.push({
      configuration,
      fullAccuracy,
      adaptive: { ...calibrated(estimateWithBank(bank.items, adaptiveObserved), bank.calibration), tasks: adaptiveObserved.map((verdict) => verdict.taskKey) },
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
