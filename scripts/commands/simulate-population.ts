// `workbench simulate-population --configurations 40 --seed 7 [--out dir]`: a simulated population of
// configurations with known per-task success probabilities (2PL, accuracies 10–95 %) written as the paper's
// results CSVs over the 690 official v1 tasks and imported as recorded test runs (off the boards), then
// checked cell by cell: every stored verdict must be the simulated one (lib/runs/import/simulated-population.ts).
// `workbench estimate-check --only-tests` then runs the estimator's check on them.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Command } from "commander";
import { rerunWithDatabase } from "../db/rerun-with-db";
import { withPrisma } from "./with-prisma";
import { env } from "@/lib/env";

export function register(program: Command): void {
  program
    .command("simulate-population")
    .description("Write a simulated population of configurations as recorded test runs on the official v1 tasks (for estimate-check)")
    .option("--configurations <n>", "configurations (one run each)", "40")
    .option("--seed <n>", "seed: the same seed gives the same population", "7")
    .option("--out <dir>", "keep the results CSVs in this folder (a temporary one, removed, otherwise)")
    .action(async (options: { configurations: string; seed: string; out?: string }) => {
      const configurations = Number(options.configurations);
      const seed = Number(options.seed);
      const errors = [
        ...(Number.isInteger(configurations) && configurations >= 2 && configurations <= 1000 ? [] : [`--configurations: a whole number from 2 to 1000 (got "${options.configurations}")`]),
        ...(Number.isInteger(seed) && options.seed.trim() !== "" ? [] : [`--seed: a whole number (got "${options.seed}")`]),
      ];
      if (errors.length > 0) {
        for (const error of errors) console.error(error);
        process.exitCode = 2;
        return;
      }
      if (!env().DATABASE_URL) {
        process.exitCode = await rerunWithDatabase();
        return;
      }
      const outDir = options.out ? path.resolve(options.out) : await mkdtemp(path.join(os.tmpdir(), "workbench-simulated-"));
      try {
        process.exitCode = await withPrisma(async (prisma) => {
          const { importSimulatedPopulation, simulatedMismatches } = await import("@/lib/runs/import/simulated-population");
          const started = performance.now();
          const simulated = await importSimulatedPopulation(prisma, { configurations, seed, outDir });
          const created = simulated.runs.filter((run) => run.created).length;
          console.log(`${simulated.runs.length} simulated runs (${created} imported now, ${simulated.runs.length - created} already there), marked as test runs, in ${((performance.now() - started) / 1000).toFixed(1)} s`);
          const mismatches = await simulatedMismatches(prisma, simulated);
          if (mismatches.length > 0) {
            console.error(`${mismatches.length} stored verdicts differ from the simulated ones, e.g. ${mismatches.slice(0, 3).join("; ")}`);
            return 1;
          }
          console.log(`every stored verdict is the simulated one (${simulated.runs.length} × ${simulated.tasks.filter(Boolean).length} cells); next: workbench estimate-check --only-tests`);
          return 0;
        });
      } finally {
        if (!options.out) await rm(outDir, { recursive: true, force: true });
      }
    });
}
