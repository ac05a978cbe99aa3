// `workbench estimate-costs [--results <dir>] [--force]`: estimated token counts and costs for the paper's
// recorded runs imported before estimates existed (new imports estimate by themselves). Reads each run's
// own results files again; writes only the estimated* columns (lib/runs/import/backfill-estimates.ts).
import path from "node:path";
import type { Command } from "commander";
import { rerunWithDatabase } from "../db/rerun-with-db";
import { withPrisma } from "./with-prisma";
import { env } from "@/lib/env";

export function register(program: Command): void {
  program
    .command("estimate-costs")
    .description("Estimate tokens and cost of imported recorded runs that have no usage (from their prompts, 2024 prices)")
    .option("--results <dir>", "the 2024 results directory (<domain>/<model>_<all|domains>_<ts>.csv)")
    .option("--force", "estimate again runs that already have an estimate")
    .action(async (options: { results?: string; force?: boolean }) => {
      if (!env().DATABASE_URL) {
        process.exitCode = await rerunWithDatabase();
        return;
      }
      const { resolveDataDir } = await import("@/lib/workbench/datasets/data-dir");
      const resultsDir = options.results ?? path.join(resolveDataDir(env().WORKBENCH_DATA_DIR), "v1", "data", "results");
      process.exitCode = await withPrisma(async (prisma) => {
        const { backfillRecordedEstimates } = await import("@/lib/runs/import/backfill-estimates");
        const started = performance.now();
        const outcomes = await backfillRecordedEstimates(prisma, { resultsDir, force: options.force });
        for (const { runId, name, result } of outcomes) {
          console.log("costUsd" in result ? `estimated  ${name}  $${result.costUsd.toFixed(2)}  run ${runId}` : `skipped    ${name}  (${result.skipped})  run ${runId}`);
        }
        console.log(`estimate-costs: ${outcomes.length} run(s) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
        return 0;
      });
    });
}
