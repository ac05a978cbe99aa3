// `workbench rebuild-aggregates [--run <id>]`: recomputes the per-run tallies the leaderboard and run
// lists read (RunTally) from the scored results. They are maintained on write; this is the repair.
import type { Command } from "commander";
import { rerunWithDatabase } from "../db/rerun-with-db";
import { env } from "@/lib/env";

export function register(program: Command): void {
  program
    .command("rebuild-aggregates")
    .description("Recompute the leaderboard's per-run aggregates from the scored results")
    .option("--run <id>", "only this run")
    .action(async (options: { run?: string }) => {
      if (!env().DATABASE_URL) {
        process.exitCode = await rerunWithDatabase();
        return;
      }
      const { prisma } = await import("@/lib/db");
      const { rebuildAllRunAggregates, rebuildRunAggregates } = await import("@/lib/runs/run-tally");
      try {
        if (options.run) {
          if (!(await prisma.run.findUnique({ where: { id: options.run }, select: { id: true } }))) {
            console.error(`rebuild-aggregates: no run ${options.run}`);
            process.exitCode = 1;
            return;
          }
          await rebuildRunAggregates(prisma, options.run);
          console.log(`rebuilt the aggregates of run ${options.run}`);
        } else {
          console.log(`rebuilt the aggregates of ${await rebuildAllRunAggregates(prisma)} run(s)`);
        }
      } finally {
        await prisma.$disconnect();
      }
    });
}
