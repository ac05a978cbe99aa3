// `workbench estimate-check --n 100 [--dataset official --gt v1] [--json out.json] [--simulate K --seed 7]`:
// the estimator's validation (lib/metrics/irt/check.ts) on the database's verdict matrix (the boards'
// configurations, recorded runs included: lib/queries/verdict-matrix.ts), or with --simulate on a simulated
// population in memory. Per held-out configuration: its full accuracy, the adaptive estimate from n tasks
// with its 95 % interval, and a template-stratified subset's; then MAE, reduction and coverage side by side.
// With fewer than 10 configurations no bank is fitted: the template-stratified estimate alone, said so.
import { writeFile } from "node:fs/promises";
import type { Command } from "commander";
import { rerunWithDatabase } from "../db/rerun-with-db";
import { withPrisma } from "./with-prisma";
import { env } from "@/lib/env";
import type { VerdictMatrix } from "@/lib/metrics/irt/fit";
import type { EstimateReport } from "@/lib/metrics/irt/check-report";

interface Flags {
  readonly n: string;
  readonly dataset: string;
  readonly gt: string;
  readonly json?: string;
  readonly simulate?: string;
  readonly seed: string;
  readonly includeTests?: boolean;
  readonly onlyTests?: boolean;
}

const whole = (flag: string, text: string, low: number, high: number) => {
  const value = Number(text);
  return text.trim() !== "" && Number.isInteger(value) && value >= low && value <= high ? null : `${flag}: a whole number from ${low} to ${high} (got "${text}")`;
};

export function checkFlagErrors(flags: Flags): string[] {
  return [
    whole("--n", flags.n, 1, 100_000),
    whole("--seed", flags.seed, 0, 2 ** 31),
    flags.simulate === undefined ? null : whole("--simulate", flags.simulate, 2, 1000),
    flags.includeTests && flags.onlyTests ? "--include-tests and --only-tests: choose one" : null,
    flags.simulate !== undefined && (flags.includeTests || flags.onlyTests) ? "--simulate: a population in memory has no test runs to choose" : null,
  ].filter((error): error is string => error !== null);
}

const points = (share: number) => (share * 100).toFixed(2);
const interval = (estimate: { accuracy: number; low: number; high: number }) => `${points(estimate.accuracy)} [${points(estimate.low)}, ${points(estimate.high)}]`;

export function reportLines(report: EstimateReport, source: string): string[] {
  const lines = [`${source}: ${report.configurations} configurations, n = ${report.n} tasks each`];
  if (report.method === "template-stratified") {
    lines.push(`the item bank cannot be fitted on ${report.configurations} configurations (10 needed): only the template-stratified estimate is given`);
  }
  const width = Math.min(48, Math.max(13, ...report.checks.map((check) => check.label.length)));
  lines.push(`${"configuration".padEnd(width)}  full    ${report.adaptive ? "adaptive [95 %]        " : ""}stratified [95 %]`);
  for (const check of report.checks) {
    const adaptive = check.adaptive ? `${interval(check.adaptive).padEnd(22)} ` : "";
    lines.push(`${check.label.slice(0, width).padEnd(width)}  ${points(check.fullAccuracy).padStart(6)}  ${adaptive}${interval(check.stratified)}`);
  }
  if (report.adaptive) {
    lines.push(`MAE (points):  adaptive ${points(report.adaptive.mae)}   stratified ${points(report.stratified.mae)}   reduction ${(report.adaptive.reduction * 100).toFixed(0)} %`);
    lines.push(`coverage:      adaptive ${(report.adaptive.coverage * 100).toFixed(0)} %   stratified ${(report.stratified.coverage * 100).toFixed(0)} %`);
  } else {
    lines.push(`MAE (points):  stratified ${points(report.stratified.mae)}`);
    lines.push(`coverage:      stratified ${(report.stratified.coverage * 100).toFixed(0)} %`);
  }
  return lines;
}

async function checkAndPrint(matrix: VerdictMatrix, labels: readonly string[] | undefined, flags: Flags, source: string): Promise<number> {
  const { estimateReport } = await import("@/lib/metrics/irt/check-report");
  const report = estimateReport(matrix, Number(flags.n), { seed: Number(flags.seed), labels });
  for (const line of reportLines(report, source)) console.log(line);
  if (flags.json) {
    await writeFile(flags.json, `${JSON.stringify(report, null, 1)}\n`);
    console.log(`per configuration tasks, estimates, intervals and full accuracy: ${flags.json}`);
  }
  return 0;
}

export function register(program: Command): void {
  program
    .command("estimate-check")
    .description("Validate the subset estimator: each configuration held out in turn and estimated from n tasks, against template-stratified subsets")
    .option("--n <tasks>", "tasks per estimate", "100")
    .option("--dataset <slug>", "dataset (official: the WorkBench tasks)", "official")
    .option("--gt <version>", "ground truth", "v1")
    .option("--json <file>", "write per configuration its tasks, estimates, intervals and full accuracy")
    .option("--simulate <configurations>", "check on a simulated population in memory instead of the database")
    .option("--seed <n>", "seed of the subsets (and of --simulate's population)", "7")
    .option("--include-tests", "take test runs in too")
    .option("--only-tests", "only test runs (e.g. a population written by simulate-population)")
    .action(async (flags: Flags) => {
      const errors = checkFlagErrors(flags);
      if (errors.length > 0) {
        for (const error of errors) console.error(error);
        process.exitCode = 2;
        return;
      }
      if (flags.simulate !== undefined) {
        const { simulatePopulation } = await import("@/lib/metrics/irt/simulate");
        const population = simulatePopulation({ configurations: Number(flags.simulate), seed: Number(flags.seed) });
        process.exitCode = await checkAndPrint(population, undefined, flags, `simulated population (seed ${flags.seed})`);
        return;
      }
      if (!env().DATABASE_URL) {
        process.exitCode = await rerunWithDatabase();
        return;
      }
      process.exitCode = await withPrisma(async (prisma) => {
        const { readVerdictMatrix } = await import("@/lib/queries/verdict-matrix");
        const tests = flags.onlyTests ? "only" : flags.includeTests ? "include" : "exclude";
        const matrix = await readVerdictMatrix(prisma, { dataset: flags.dataset, groundTruth: flags.gt, tests });
        if (matrix.tasks.length === 0) {
          console.error(`no tasks of ${flags.dataset} ${flags.gt} in the database: import them first (workbench import-data)`);
          return 1;
        }
        if (matrix.configurations.length === 0) {
          console.error(`no counted runs on ${flags.dataset} ${flags.gt}${tests === "exclude" ? " (test runs are left out: --include-tests)" : ""}`);
          return 1;
        }
        return checkAndPrint(matrix, matrix.labels, flags, `${flags.dataset} ${flags.gt}`);
      });
    });
}
