// `workbench import-inspect <file> [--gt v1|v2026]`: an Inspect AI eval log (.eval or JSON) whose samples are
// WorkBench tasks and whose tool calls are WorkBench's, re-scored by Studio's engine and stored as an
// imported run. A log with another benchmark's tool calls is refused, naming its first such sample.
import type { Command } from "commander";
import { rerunWithDatabase } from "../db/rerun-with-db";
import { withPrisma } from "./with-prisma";
import { GROUND_TRUTH_VERSIONS, type GroundTruthVersion } from "@/lib/workbench/datasets/types";
import { env } from "@/lib/env";

export function register(program: Command): void {
  program
    .command("import-inspect")
    .description("Import an Inspect AI eval log (.eval or JSON) of WorkBench tasks as a scored run")
    .argument("<file>", "the log, as Inspect writes it (.eval) or converted (.json)")
    .option("--gt <version>", `ground truth to score against: ${GROUND_TRUTH_VERSIONS.join(" | ")} (default: the log's, else v1)`)
    .action(async (file: string, options: { gt?: string }) => {
      const groundTruth = options.gt === undefined ? undefined : GROUND_TRUTH_VERSIONS.find((version) => version === options.gt);
      if (options.gt !== undefined && !groundTruth) {
        console.error(`--gt must be one of ${GROUND_TRUTH_VERSIONS.join(", ")}`);
        process.exitCode = 2;
        return;
      }
      if (!env().DATABASE_URL) {
        process.exitCode = await rerunWithDatabase();
        return;
      }
      process.exitCode = await importLog(file, groundTruth);
    });
}

async function importLog(file: string, groundTruth: GroundTruthVersion | undefined): Promise<number> {
  const { importInspectLog } = await import("@/lib/runs/import/import-inspect");
  return withPrisma(async (prisma) => {
    const run = await importInspectLog(prisma, { file, ...(groundTruth ? { groundTruth } : {}) });
    const accuracy = run.tasks ? ((run.correct / run.tasks) * 100).toFixed(2) : "-";
    console.log(`${run.created ? "imported" : "already imported"}  ${run.name}  ${run.correct}/${run.tasks} (${accuracy} %)  run ${run.runId}`);
    return 0;
  });
}
