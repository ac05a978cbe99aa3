// `workbench paper [--json]`: the "Reproduce the paper" figures (the /paper page, /api/paper) from the
// imported recorded runs: Tables 5-7 and Figures 4, 6, 7, each cell with the paper's value, Studio's, the
// difference and the reason beyond rounding. Without the runs it prints the commands that import them.
import type { Command } from "commander";
import { rerunWithDatabase } from "../db/rerun-with-db";
import { withPrisma } from "./with-prisma";
import { env } from "@/lib/env";
import type { PaperCell } from "@/lib/metrics/paper-report";

const show = (cell: PaperCell) => {
  const studio = cell.studio === null ? (cell.status === "context-window" ? "0 (context window)" : "-") : cell.unit === "%" ? cell.studio.toFixed(2) : String(cell.studio);
  const difference = cell.difference === null ? "" : ` ${cell.difference >= 0 ? "+" : ""}${cell.difference}`;
  return `${studio} (paper ${cell.paper}${difference})${cell.note ? " *" : ""}`;
};

export function register(program: Command): void {
  program
    .command("paper")
    .description("The paper's Tables 5-7 and Figures 4, 6, 7 from the imported recorded runs, against the printed values")
    .option("--json", "print the figures as JSON (the same as GET /api/paper)")
    .action(async (options: { json?: boolean }) => {
      if (!env().DATABASE_URL) {
        process.exitCode = await rerunWithDatabase();
        return;
      }
      process.exitCode = await withPrisma(async (prisma) => {
        const { readPaperReport } = await import("@/lib/queries/paper");
        const { paperCells } = await import("@/lib/metrics/paper-report");
        const report = await readPaperReport(prisma);
        if (options.json) {
          console.log(JSON.stringify(report, null, 2));
          return 0;
        }
        if (report.runs.length === 0) {
          const { paperImportCommands } = await import("@/lib/datasets/paper-import-commands");
          console.log("The paper's recorded runs are not imported. From the repository root:");
          for (const command of paperImportCommands({ configuredDataDir: env().WORKBENCH_DATA_DIR, datasetImported: report.datasetImported })) console.log(`  ${command}`);
          return 0;
        }
        for (const cell of paperCells(report)) console.log(`${cell.id.padEnd(34)} ${show(cell)}`);
        const notes = [...new Set(paperCells(report).flatMap((cell) => (cell.note ? [cell.note] : [])))];
        if (notes.length) console.log(`\n* ${notes.join("\n* ")}`);
        return 0;
      });
    });
}
