// `workbench plan --difference 0.02 --discordance 0.06 --base-accuracy 0.9 [--alpha --power --tasks --icc]`, or
// `--runs <runA> <runB>` for the discordance and base accuracy the two runs show on their shared (task,
// trial) cells: the tasks and trials a comparison needs, paired and unpaired, with the arithmetic
// (lib/metrics/planner.ts). Bad input is one line per problem and exit code 2, before any database.
import type { Command } from "commander";
import { rerunWithDatabase } from "../db/rerun-with-db";
import { withPrisma } from "./with-prisma";
import { env } from "@/lib/env";
import type { PlanInput } from "@/lib/metrics/planner";

export interface PlanFlags {
  readonly difference?: string;
  readonly discordance?: string;
  readonly baseAccuracy?: string;
  readonly alpha?: string;
  readonly power?: string;
  readonly tasks?: string;
  readonly icc?: string;
  readonly runs?: readonly string[];
}

export type PlanArguments =
  | { readonly ok: true; readonly input: Omit<PlanInput, "discordance" | "baseAccuracy"> & Partial<Pick<PlanInput, "discordance" | "baseAccuracy">>; readonly runs: readonly [string, string] | null }
  | { readonly ok: false; readonly errors: readonly string[] };

type Rule = (value: number) => string | null;
const share = (low: "open" | "closed", high: "open" | "closed"): Rule => (value) =>
  (low === "open" ? value > 0 : value >= 0) && (high === "open" ? value < 1 : value <= 1) ? null : `a share ${low === "open" ? "above" : "from"} 0 ${high === "open" ? "and below" : "to"} 1`;
const RULES: Record<Exclude<keyof PlanFlags, "runs">, readonly [flag: string, rule: Rule]> = {
  difference: ["--difference", share("open", "open")],
  discordance: ["--discordance", share("open", "closed")],
  baseAccuracy: ["--base-accuracy", share("closed", "open")],
  alpha: ["--alpha", share("open", "open")],
  power: ["--power", share("open", "open")],
  tasks: ["--tasks", (value) => (Number.isInteger(value) && value >= 1 ? null : "a whole number of tasks, at least 1")],
  icc: ["--icc", share("closed", "closed")],
};

/** The flags as the planner's input, or one line per problem naming the flag. */
export function planArguments(flags: PlanFlags): PlanArguments {
  const errors: string[] = [];
  const numbers: Partial<Record<keyof typeof RULES, number>> = {};
  for (const [key, [flag, rule]] of Object.entries(RULES) as [keyof typeof RULES, (typeof RULES)[keyof typeof RULES]][]) {
    const text = flags[key];
    if (text === undefined) continue;
    const value = text.trim() === "" ? Number.NaN : Number(text);
    const problem = Number.isFinite(value) ? rule(value) : "give a number";
    if (problem) errors.push(`${flag}: ${problem} (got "${text}")`);
    else numbers[key] = value;
  }
  if (flags.difference === undefined) errors.push("--difference: the difference to detect is required (0.02 for 2 points)");
  const runs = flags.runs ?? null;
  if (runs) {
    if (runs.length !== 2) errors.push(`--runs: give exactly two run ids (got ${runs.length})`);
    if (flags.discordance !== undefined || flags.baseAccuracy !== undefined) errors.push("--runs: the discordance and base accuracy come from the two runs; drop --discordance and --base-accuracy");
  } else {
    if (flags.discordance === undefined) errors.push("--discordance: required without --runs (the share of tasks on which the two disagree)");
    if (flags.baseAccuracy === undefined) errors.push("--base-accuracy: required without --runs (the weaker configuration's accuracy)");
  }
  const { difference, discordance } = numbers;
  if (difference !== undefined && discordance !== undefined && discordance < difference) {
    errors.push(`--discordance: at least the difference (${difference}): two configurations differ only where they disagree`);
  }
  if (errors.length > 0 || difference === undefined) return { ok: false, errors };
  return {
    ok: true,
    input: { difference, discordance, baseAccuracy: numbers.baseAccuracy, alpha: numbers.alpha, power: numbers.power, tasks: numbers.tasks, icc: numbers.icc },
    runs: runs ? [runs[0] as string, runs[1] as string] : null,
  };
}

export function register(program: Command): void {
  program
    .command("plan")
    .description("Tasks and trials needed to detect a difference between two configurations, paired and unpaired, with the arithmetic")
    .option("--difference <share>", "the difference to detect, as a share (0.02 for 2 points)")
    .option("--discordance <share>", "the share of tasks on which the two disagree (p10 + p01)")
    .option("--base-accuracy <share>", "the weaker configuration's accuracy (for the unpaired size)")
    .option("--runs <ids...>", "two runs: their observed discordance and base accuracy on shared (task, trial) cells")
    .option("--alpha <share>", "significance level", "0.05")
    .option("--power <share>", "power", "0.8")
    .option("--tasks <n>", "tasks available", "690")
    .option("--icc <share>", "correlation of a task's repeated verdicts (0: trials count as new tasks)", "0")
    .action(async (flags: PlanFlags) => {
      const parsed = planArguments(flags);
      if (!parsed.ok) {
        for (const error of parsed.errors) console.error(error);
        process.exitCode = 2;
        return;
      }
      if (!parsed.runs) {
        process.exitCode = await printPlan(parsed.input as PlanInput);
        return;
      }
      if (!env().DATABASE_URL) {
        process.exitCode = await rerunWithDatabase();
        return;
      }
      const [runA, runB] = parsed.runs;
      process.exitCode = await withPrisma(async (prisma) => {
        const { readPairDiscordance } = await import("@/lib/queries/pair-discordance");
        const observed = await readPairDiscordance(prisma, runA, runB);
        console.log(
          `observed on ${observed.shared} shared (task, trial) cells: discordance ${observed.discordance.toFixed(4)} (only ${runA}: ${observed.onlyA}, only ${runB}: ${observed.onlyB}); ` +
            `accuracy ${observed.accuracyA.toFixed(4)} and ${observed.accuracyB.toFixed(4)}; base accuracy ${observed.baseAccuracy.toFixed(4)}`,
        );
        if (observed.discordance < parsed.input.difference) {
          console.error(`the two runs disagree on ${(observed.discordance * 100).toFixed(2)} % of their cells, less than the difference to detect: no sample size can show it`);
          return 2;
        }
        return printPlan({ ...parsed.input, discordance: observed.discordance, baseAccuracy: observed.baseAccuracy });
      });
    });
}

async function printPlan(input: PlanInput): Promise<number> {
  const { plan } = await import("@/lib/metrics/planner");
  const result = plan(input);
  const trials = (k: number | null) => (k === null ? "not reachable with trials at this ICC" : `${k} trial${k === 1 ? "" : "s"} per task`);
  const tasks = input.tasks ?? 690;
  console.log(`paired (McNemar):   ${result.pairedPairs} pairs → on ${tasks} tasks: ${trials(result.pairedTrials)}`);
  console.log(`unpaired:           ${result.unpairedPerConfiguration} per configuration → on ${tasks} tasks: ${trials(result.unpairedTrials)}`);
  console.log("arithmetic:");
  for (const line of result.working) console.log(`  ${line}`);
  return 0;
}
