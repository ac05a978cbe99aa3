// `workbench sweep --agents oracle,oracle-retry,tools@openai/gpt-4o --fault-rates 0,0.1,0.2`: a grid of runs
// (every agent × every fault rate [× every --phrasings wording], the same tasks and fault seed: lib/runs/sweep.ts), executed by a worker in
// this process (unless --no-worker), then a table of accuracy per agent and fault rate. Exit 1 when a run
// of the sweep does not complete.
import type { Command } from "commander";
import { rerunWithDatabase } from "../db/rerun-with-db";
import { withPrisma } from "./with-prisma";
import { badNumberListItems, emptyNumericFlags } from "./numeric-flags";
import { env } from "@/lib/env";
import { RUN_SETTINGS_DEFAULTS } from "@/lib/settings/launch-options";
import { PHRASINGS } from "@/lib/workbench/datasets/phrasings/names";
import { DEFAULT_FAULT_SHARES, formatFaultShares, parseFaultShares } from "@/lib/workbench/tools/faults";

interface SweepOptions {
  agents: string;
  faultRates: string;
  faultSeed: string;
  name?: string;
  dataset: string;
  gt: string;
  toolSet: string;
  limit?: string;
  trials: string;
  concurrency: string;
  faultShares?: string;
  clean: boolean;
  askConfidence?: boolean;
  phrasings: string;
  worker: boolean;
}

export function register(program: Command): void {
  program
    .command("sweep")
    .description("Launch a grid of runs, agents x injected fault rates, on the same tasks, and print accuracy per cell")
    .requiredOption("--agents <list>", "comma-separated: agent or agent@endpoint/model (e.g. oracle,oracle-retry,tools@mock/oracle)")
    .requiredOption("--fault-rates <list>", "comma-separated fault rates, 0 to 0.5 (e.g. 0,0.1,0.2)")
    .option("--fault-seed <n>", "seed of the fault schedule, shared by every run", String(RUN_SETTINGS_DEFAULTS.faultSeed))
    .option("--fault-shares <weights>", `weights of the fault kinds, e.g. transient=2,ambiguous=1,malformed=1 (default ${formatFaultShares(DEFAULT_FAULT_SHARES)})`)
    .option("--phrasings <list>", `comma-separated: ${PHRASINGS.join(", ")}, or all: every agent × fault rate also runs in each wording, on the tasks worded in all of them`, "original")
    .option("--no-clean", "leave out rate 0 (by default every agent also gets a clean run, the faulted runs' pair)")
    .option("--name <name>", "names the sweep and its runs")
    .option("--dataset <slug>", "dataset: workbench (official) or a generated one", "workbench")
    .option("--gt <version>", "ground truth: v1 | v2026", "v1")
    .option("--tool-set <set>", "all | domains", "all")
    .option("--limit <n>", "N tasks (a stratified sample, the same for every run)")
    .option("--trials <k>", "runs per task, per run", String(RUN_SETTINGS_DEFAULTS.trials))
    .option("--concurrency <n>", "tasks at once, per run", String(RUN_SETTINGS_DEFAULTS.concurrency))
    .option("--ask-confidence", "the model agents ask for a confidence (0-1) after each final answer, one extra turn (docs/reliability-profile.md); the reference agents run without")
    .option("--no-worker", "only enqueue: separate `npm run worker` processes do the work")
    .action(async (options: SweepOptions) => {
      const refused = [...emptyNumericFlags(options, ["faultSeed", "limit", "trials", "concurrency"]), ...badNumberListItems("--fault-rates", options.faultRates)];
      if (refused.length > 0) {
        for (const line of refused) console.error(line);
        process.exitCode = 2;
        return;
      }
      process.exitCode = env().DATABASE_URL ? await sweepCommand(options) : await rerunWithDatabase();
    });
}

async function sweepCommand(options: SweepOptions): Promise<number> {
  let faultShares: ReturnType<typeof parseFaultShares> | undefined;
  try {
    faultShares = options.faultShares === undefined ? undefined : parseFaultShares(options.faultShares);
  } catch (error) {
    console.error(`--${(error as Error).message}`);
    return 2;
  }
  const { launchSweep, parseVariant, variantLabel } = await import("@/lib/runs/sweep");
  const { LaunchError, describeLeftOut } = await import("@/lib/runs/launch");
  const { startWorker } = await import("@/lib/runs/worker");
  return withPrisma(async (prisma) => {
    const worker = options.worker ? await startWorker({ db: prisma, concurrency: Number(options.concurrency) || RUN_SETTINGS_DEFAULTS.concurrency, log: () => undefined }) : null;
    try {
      const sweep = await launchSweep(
        {
          name: options.name,
          variants: options.agents.split(",").filter((item) => item.trim()).map(parseVariant),
          faultRates: options.faultRates.split(",").filter((rate) => rate.trim()).map(Number),
          clean: options.clean,
          // Each item is checked by the sweep's schema ("A phrasing is original, alt-1 or alt-2").
          phrasings: options.phrasings.trim() === "all" ? [...PHRASINGS] : (options.phrasings.split(",").map((item) => item.trim()).filter(Boolean) as (typeof PHRASINGS)[number][]),
        },
        {
          dataset: options.dataset, groundTruth: options.gt as "v1", toolSet: options.toolSet as "all", limit: options.limit, trials: options.trials,
          concurrency: options.concurrency, faultSeed: options.faultSeed, faultShares, sample: "stratified",
          ...(options.askConfidence ? { askConfidence: true } : {}),
        },
        { db: prisma, launchedBy: "cli" },
      );
      console.log(`Sweep ${sweep.sweepId} "${sweep.name}": ${sweep.runs.length} run(s) queued${worker ? "" : " (no local worker: start `npm run worker`)"}; its page: /sweeps/${sweep.sweepId}`);
      const leftOut = sweep.runs.find((run) => run.leftOut)?.leftOut;
      if (leftOut) console.log(`  ${describeLeftOut(leftOut)}`);
      const reworded = sweep.runs.some((run) => run.phrasing !== "original");
      const final = new Set(["completed", "cancelled", "failed", "budget_exceeded"]);
      const ids = sweep.runs.map((run) => run.runId);
      for (;;) {
        const runs = await prisma.run.findMany({ where: { id: { in: ids } }, select: { id: true, status: true, tasksDone: true, correctCount: true } });
        if (runs.every((run) => final.has(run.status))) {
          for (const launched of sweep.runs) {
            const run = runs.find((candidate) => candidate.id === launched.runId);
            const accuracy = run && run.tasksDone > 0 ? `${((run.correctCount / run.tasksDone) * 100).toFixed(1)} %` : "-";
            const phrasing = reworded ? ` ${launched.phrasing.padEnd(8)}` : "";
            console.log(`${variantLabel(launched.variant).padEnd(28)} fault rate ${String(launched.faultRate).padEnd(5)}${phrasing} ${accuracy.padStart(8)}  ${run?.correctCount ?? 0}/${run?.tasksDone ?? 0}  ${run?.status}  run ${launched.runId}`);
          }
          return runs.every((run) => run.status === "completed") ? 0 : 1;
        }
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    } catch (error) {
      if (!(error instanceof LaunchError)) throw error;
      console.error(error.message);
      return 2;
    } finally {
      await worker?.stop();
    }
  });
}
