// `workbench rescore --run <id…> --revision <revision>`: re-scores finished runs under another scoring
// revision of their protocol (e.g. 2026-06 ↔ 2026-07) from their stored calls; nothing is re-run.
import type { Command } from "commander";
import { rerunWithDatabase } from "../db/rerun-with-db";
import { withPrisma } from "./with-prisma";
import { env } from "@/lib/env";

export function register(program: Command): void {
  program
    .command("rescore")
    .description("Re-score finished runs under another scoring revision of their protocol (no re-run)")
    .requiredOption("--run <id...>", "run id(s)")
    .requiredOption("--revision <revision>", "scoring revision: 2024 | 2026-06 | 2026-07 (must belong to the run's protocol)")
    .action(async (options: { run: string[]; revision: string }) => {
      if (!env().DATABASE_URL) {
        process.exitCode = await rerunWithDatabase();
        return;
      }
      process.exitCode = await rescoreAll(options.run, options.revision);
    });
}

async function rescoreAll(runIds: readonly string[], revision: string): Promise<number> {
  const { rescoreRun } = await import("@/lib/runs/rescore");
  return withPrisma(async (prisma) => {
    for (const runId of runIds) {
      const result = await rescoreRun(prisma, { runId, revision });
      const accuracy = result.tasks ? ((result.correct / result.tasks) * 100).toFixed(2) : "-";
      console.log(`run ${result.runId}: ${result.from ?? "unrevised"} → ${result.to}  ${result.correct}/${result.tasks} (${accuracy} %), ${result.changed} verdict(s) changed`);
    }
    return 0;
  });
}
