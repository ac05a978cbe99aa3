/**
 * What `workbench estimate-check` reports: the held-out check (check.ts) when the matrix has enough
 * configurations to fit a bank on the others, and otherwise the honest fallback, the template-stratified
 * estimate alone (the same seeded subsets the check compares against); and the `--json` shape, per
 * configuration its tasks, estimate, interval and full accuracy, for checking elsewhere.
 */
import { seededRandom } from "@/lib/seeded-random";
import { estimateCheck, type CheckSummary } from "./check";
import { estimateStratified, templateStratifiedSample, type ScoreEstimate } from "./estimate";
import type { VerdictMatrix } from "./fit";

/** Fewer configurations than this (9 left to fit on when one is held out) and no bank is fitted. */
export const MIN_BANK_CONFIGURATIONS = 10;

export interface EstimateReport {
  readonly n: number;
  readonly configurations: number;
  /** "item-response": the held-out check ran; "template-stratified": too few configurations to fit a bank. */
  readonly method: "item-response" | "template-stratified";
  readonly adaptive: { readonly mae: number; readonly coverage: number; readonly reduction: number } | null;
  readonly stratified: { readonly mae: number; readonly coverage: number };
  readonly checks: readonly ConfigurationReport[];
}

export interface EstimateJson extends ScoreEstimate {
  readonly tasks: readonly string[];
}

export interface ConfigurationReport {
  readonly configuration: string;
  readonly label: string;
  readonly fullAccuracy: number;
  readonly adaptive: EstimateJson | null;
  readonly stratified: EstimateJson;
}

const covers = (estimate: ScoreEstimate, truth: number) => estimate.low <= truth && truth <= estimate.high;

function fromCheck(summary: CheckSummary, labelOf: (configuration: string) => string): EstimateReport {
  return {
    n: summary.n,
    configurations: summary.configurations,
    method: "item-response",
    adaptive: { mae: summary.adaptiveMae, coverage: summary.adaptiveCoverage, reduction: summary.reduction },
    stratified: { mae: summary.stratifiedMae, coverage: summary.stratifiedCoverage },
    checks: summary.checks.map((check) => ({ ...check, label: labelOf(check.configuration) })),
  };
}

/** Template-stratified subsets of n of each configuration's scored tasks, scored against its full accuracy. */
function stratifiedOnly(matrix: VerdictMatrix, n: number, seed: number, labelOf: (configuration: string) => string): EstimateReport {
  const random = seededRandom(seed);
  const tasks = matrix.tasks.map((task) => ({ taskKey: task.key, template: task.template }));
  const checks = matrix.configurations.map((configuration, j): ConfigurationReport => {
    const row = matrix.rows[j] ?? [];
    const scored = tasks.flatMap((task, i) => (row[i] === null || row[i] === undefined ? [] : [{ ...task, correct: row[i] === 1 }]));
    const fullAccuracy = scored.filter((task) => task.correct).length / Math.max(1, scored.length);
    const sample = templateStratifiedSample(scored, n, random);
    const estimate = estimateStratified(tasks, sample);
    return { configuration, label: labelOf(configuration), fullAccuracy, adaptive: null, stratified: { ...estimate, tasks: sample.map((task) => task.taskKey) } };
  });
  const count = Math.max(1, checks.length);
  return {
    n,
    configurations: checks.length,
    method: "template-stratified",
    adaptive: null,
    stratified: {
      mae: checks.reduce((sum, check) => sum + Math.abs(check.stratified.accuracy - check.fullAccuracy), 0) / count,
      coverage: checks.filter((check) => covers(check.stratified, check.fullAccuracy)).length / count,
    },
    checks,
  };
}

export function estimateReport(matrix: VerdictMatrix, n: number, options: { readonly seed?: number; readonly labels?: readonly string[] } = {}): EstimateReport {
  const seed = options.seed ?? 1;
  const labels = new Map(matrix.configurations.map((configuration, j) => [configuration, options.labels?.[j] ?? configuration] as const));
  const labelOf = (configuration: string) => labels.get(configuration) ?? configuration;
  if (matrix.configurations.length < MIN_BANK_CONFIGURATIONS) return stratifiedOnly(matrix, n, seed, labelOf);
  return fromCheck(estimateCheck(matrix, n, { seed }), labelOf);
}
