// `workbench reliability --agent tools --endpoint openai --model gpt-4o [--limit 69] [--trials 3] --yes`:
// the reliability preset (lib/runs/reliability-preset.ts): k trials of each phrasing (original, alt-1,
// alt-2) on one stratified sample plus the original at fault rate 0.1, four runs linked as one sweep. It
// prints the estimated cost first and launches only with --yes; then a worker in this process (unless
// --no-worker) executes them and accuracy per run is printed (the profile: the configuration page's Reliability link). Exit 1 when a run does not complete.
import type { Command } from "commander";
import { rerunWithDatabase } from "../db/rerun-with-db";
import { withPrisma } from "./with-prisma";
import { emptyNumericFlags } from "./numeric-flags";
import { env } from "@/lib/env";
import { RUN_SETTINGS_DEFAULTS } from "@/lib/settings/launch-options";

interface ReliabilityOptions {
  agent: string;
  endpoint?: string;
  model?: string;
  dataset: string;
  gt: string;
  protocol?: string;
  toolSet: string;
  limit?: string;
  trials: string;
  seed?: string;
  concurrency: string;
  name?: string;
  yes: boolean;
  worker: boolean;
}

export function register(program: Command): void {
  program
    .command("reliability")
    .description("The reliability preset: k trials x three phrasings on a stratified sample, plus fault rate 0.1; prints the estimated cost, launches with --yes")
    .requiredOption("--agent <kind>", "react | tools | workbench-2026 | oracle | oracle-retry | noop")
    .option("--endpoint <name>", "a configured endpoint (model agents)")
    .option("--model <id>", "model id, e.g. gpt-4o")
    .option("--dataset <slug>", "dataset: workbench (official) or a generated one", "workbench")
    .option("--gt <version>", "ground truth: v1 | v2026", "v1")
    .option("--protocol <id>", "2024 | 2026 (default: the ground truth's own)")
    .option("--tool-set <set>", "all | domains", "all")
    .option("--limit <n>", "tasks in the stratified sample (default: one per task template, 69 for WorkBench)")
    .option("--trials <k>", "trials per task in each run (at least 2)", "3")
    .option("--seed <n>", "seed of the sample (random when absent; the same for the four runs)")
    .option("--concurrency <n>", "tasks at once, per run", String(RUN_SETTINGS_DEFAULTS.concurrency))
    .option("--name <name>", "names the battery (its sweep) and its runs")
    .option("--yes", "launch after printing the estimate (without it, only the estimate is printed)", false)
    .option("--no-worker", "only enqueue: separate `npm run worker` processes do the work")
    .action(async (options: ReliabilityOptions) => {
      const refused = emptyNumericFlags(options, ["limit", "trials", "seed", "concurrency"]);
      if (refused.length > 0) {
        for (const line of refused) console.error(line);
        process.exitCode = 2;
        return;
      }
      process.exitCode = env().DATABASE_URL ? await reliabilityCommand(options) : await rerunWithDatabase();
    });
}

async function reliabilityCommand(options: ReliabilityOptions): Promise<number> {
  const { prepareReliabilityPreset, createReliabilityPreset } = await import("@/lib/runs/reliability-preset");
  const { describePresetEstimate } = await import("@/lib/costs/preset-estimate");
  const { LaunchError } = await import("@/lib/runs/launch");
  const { startWorker } = await import("@/lib/runs/worker");
  return withPrisma(async (prisma) => {
    let prepared;
    try {
      prepared = await prepareReliabilityPreset(
        {
          agent: options.agent as "tools", endpoint: options.endpoint, model: options.model, dataset: options.dataset, groundTruth: options.gt as "v1",
          protocol: options.protocol as "2024" | undefined, toolSet: options.toolSet as "all", limit: options.limit, trials: options.trials,
          seed: options.seed === undefined ? undefined : Number(options.seed), concurrency: options.concurrency, name: options.name,
        },
        { db: prisma, launchedBy: "cli" },
      );
    } catch (error) {
      if (!(error instanceof LaunchError)) throw error;
      console.error(error.field ? `--${error.field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}: ${error.message}` : error.message);
      return 2;
    }
    console.log(`Reliability preset "${prepared.name}": ${prepared.launches.map(({ phrasing, faultRate }) => `${phrasing}${faultRate ? ` at fault rate ${faultRate}` : ""}`).join(", ")}`);
    console.log(`Estimated cost: ${describePresetEstimate(prepared.estimate)}`);
    if (!options.yes) {
      console.log("Nothing launched: add --yes to launch these runs.");
      return 0;
    }
    const worker = options.worker ? await startWorker({ db: prisma, concurrency: Number(options.concurrency) || RUN_SETTINGS_DEFAULTS.concurrency, log: () => undefined }) : null;
    try {
      const preset = await createReliabilityPreset(prepared, { db: prisma, launchedBy: "cli" });
      console.log(`Sweep ${preset.sweepId}: ${preset.runs.length} run(s) queued${worker ? "" : " (no local worker: start `npm run worker`)"}; its page: /sweeps/${preset.sweepId}`);
      const final = new Set(["completed", "cancelled", "failed", "budget_exceeded"]);
      const ids = preset.runs.map((run) => run.runId);
      for (;;) {
        const runs = await prisma.run.findMany({ where: { id: { in: ids } }, select: { id: true, status: true, tasksDone: true, correctCount: true } });
        if (runs.every((run) => final.has(run.status))) {
          for (const launched of preset.runs) {
            const run = runs.find((candidate) => candidate.id === launched.runId);
            const accuracy = run && run.tasksDone > 0 ? `${((run.correctCount / run.tasksDone) * 100).toFixed(1)} %` : "-";
            console.log(`${launched.phrasing.padEnd(9)} fault rate ${String(launched.faultRate).padEnd(4)} ${accuracy.padStart(8)}  ${run?.correctCount ?? 0}/${run?.tasksDone ?? 0}  ${run?.status}  run ${launched.runId}`);
          }
          return runs.every((run) => run.status === "completed") ? 0 : 1;
        }
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    } finally {
      await worker?.stop();
    }
  });
}
