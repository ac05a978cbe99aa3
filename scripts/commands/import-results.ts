// `workbench import-results --results <dir|file> [--gt v1|v2026]`: recorded v1 agent outputs → scored
// runs in the database (one per model × tool set), with traces. Re-importing the same files is a no-op.
import type { Command } from "commander";
import { rerunWithDatabase } from "../db/rerun-with-db";
import { GROUND_TRUTH_VERSIONS, type GroundTruthVersion } from "@/lib/workbench/datasets/types";

export function register(program: Command): void {
  program
    .command("import-results")
    .description("Import recorded results CSVs as scored runs (needs the imported dataset)")
    .requiredOption("--results <path>", "results directory (<domain>/<model>_<all|domains>_<ts>.csv) or one CSV")
    .option("--gt <version>", "ground truth(s) to score against: v1 | v2026 | all", "v1")
    .action(async (options: { results: string; gt: string }) => {
      const versions = options.gt === "all" ? [...GROUND_TRUTH_VERSIONS] : GROUND_TRUTH_VERSIONS.filter((v) => v === options.gt);
      if (versions.length === 0) {
        console.error(`--gt must be one of ${GROUND_TRUTH_VERSIONS.join(", ")} or all`);
        process.exitCode = 2;
        return;
      }
      if (!process.env.DATABASE_URL) {
        process.exitCode = await rerunWithDatabase(); // the embedded database, started (or attached to) for this command
        return;
      }
      process.exitCode = await importAll(options.results, versions);
    });
}

async function importAll(resultsPath: string, versions: readonly GroundTruthVersion[]): Promise<number> {
  const { prisma } = await import("@/lib/db");
  const { importRecordedResults } = await import("@/lib/runs/import/import-results");
  try {
    for (const groundTruth of versions) {
      const started = performance.now();
      const runs = await importRecordedResults(prisma, { resultsPath, groundTruth });
      for (const run of runs) {
        const accuracy = run.tasks ? ((run.correct / run.tasks) * 100).toFixed(2) : "-";
        console.log(`${run.created ? "imported" : "already imported"}  ${run.name}  ${run.correct}/${run.tasks} (${accuracy} %)  run ${run.runId}`);
      }
      console.log(`${groundTruth}: ${runs.length} run(s) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  } finally {
    await prisma.$disconnect();
  }
}
