// `workbench import-results --results <dir|file> [--gt v1|v2026] [--revision 2026-06|2026-07]`: recorded
// agent outputs → scored runs in the database (one per model × tool set), with traces. The 2024 layout
// (`<model>_<setting>_<ts>.csv`) is scored against --gt under protocol 2024; the 2026 layout (`.csv.gz`
// + `_meta.json`) against the ground truth its meta names (v2026, or upstream's v1 snapshot) under
// protocol 2026 and --revision, or under the protocol a Studio export recorded (lib/runs/import/
// import-results-2026.ts). Re-importing is a no-op. Files whose run was deleted are skipped, with one
// line saying so, unless --restore-deleted (lib/runs/import/deleted-imports.ts).
import v8 from "node:v8";
import type { Command } from "commander";
import { rerunWithDatabase } from "../db/rerun-with-db";
import { withPrisma } from "./with-prisma";
import { GROUND_TRUTH_VERSIONS, type GroundTruthVersion } from "@/lib/workbench/datasets/types";
import { defaultRevision, PROTOCOLS, type ScoringRevision } from "@/lib/workbench/protocols";
import { env } from "@/lib/env";

const REVISIONS_2026 = PROTOCOLS["2026"].revisions.map((revision) => revision.id);

function printRuns(runs: readonly { created: boolean; name: string; correct: number; tasks: number; runId: string }[], label: string, started: number): void {
  for (const run of runs) {
    const accuracy = run.tasks ? ((run.correct / run.tasks) * 100).toFixed(2) : "-";
    console.log(`${run.created ? "imported" : "already imported"}  ${run.name}  ${run.correct}/${run.tasks} (${accuracy} %)  run ${run.runId}`);
  }
  console.log(`${label}: ${runs.length} run(s) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

export function register(program: Command): void {
  program
    .command("import-results")
    .description("Import recorded results CSVs as scored runs (needs the imported dataset)")
    .requiredOption("--results <path>", "results directory (<domain>/<model>_<all|domains>_<ts>.csv; trial-<n>/ folders are one run's trials) or one CSV")
    .option("--gt <version>", "ground truth(s) to score 2024-layout files against: v1 | v2026 | all", "v1")
    .option("--revision <revision>", `2026 scoring revision for 2026-layout files: ${REVISIONS_2026.join(" | ")}`, defaultRevision("2026"))
    .option("--restore-deleted", "import again the files of runs that were deleted (skipped otherwise)")
    .action(async (options: { results: string; gt: string; revision: string; restoreDeleted?: boolean }) => {
      const versions = options.gt === "all" ? [...GROUND_TRUTH_VERSIONS] : GROUND_TRUTH_VERSIONS.filter((v) => v === options.gt);
      if (versions.length === 0) {
        console.error(`--gt must be one of ${GROUND_TRUTH_VERSIONS.join(", ")} or all`);
        process.exitCode = 2;
        return;
      }
      const revision = REVISIONS_2026.find((known) => known === options.revision);
      if (!revision) {
        console.error(`--revision must be one of ${REVISIONS_2026.join(", ")}`);
        process.exitCode = 2;
        return;
      }
      if (!env().DATABASE_URL) {
        process.exitCode = await rerunWithDatabase(); // the embedded database, started (or attached to) for this command
        return;
      }
      favourMemoryOverSpeed();
      process.exitCode = await importAll(options.results, versions, revision, options.restoreDeleted === true);
    });
}

/**
 * Results files are read a batch at a time (lib/workbench/results/stream.ts), so an import's live
 * memory stays small, but V8 lets the heap grow up to 4× its live size before collecting the batches'
 * garbage (and its default limit is a quarter of the machine's memory): a 200 MB file peaked at
 * ~390 MB RSS. A fixed growing factor of 1.25 makes it collect sooner: ~255 MB, for ~10 % more CPU
 * (`npm run bench -- import`). --optimize-for-size went lower (~200-230 MB) but slowed the scoring
 * itself: +80 % CPU on the paper's results. This process only imports, and V8 reads the flag at each
 * collection, so setting it now takes effect.
 */
function favourMemoryOverSpeed(): void {
  v8.setFlagsFromString("--heap-growing-percent=25");
}

async function importAll(resultsPath: string, versions: readonly GroundTruthVersion[], revision: ScoringRevision, restoreDeleted: boolean): Promise<number> {
  const { importRecordedResults } = await import("@/lib/runs/import/import-results");
  const { describeSkippedDeletions } = await import("@/lib/runs/import/deleted-imports");
  // Runs deleted before are skipped; they are named once, at the end.
  const skipped: string[] = [];
  const deletion = { restoreDeleted, onSkippedDeleted: (run: { name: string }) => void skipped.push(run.name) };
  const sayDeleted = () => {
    const line = describeSkippedDeletions(skipped);
    if (line) console.log(line);
  };
  const { importResults2026, GroundTruthSnapshotError } = await import("@/lib/runs/import/import-results-2026");
  const { listResultFiles, listResultFiles2026 } = await import("@/lib/runs/import/list-result-files");
  return withPrisma(async (prisma) => {
    const has2026 = (await listResultFiles2026(resultsPath)).length > 0;
    if (has2026) {
      const started = performance.now();
      const label2026 = `2026 layout (protocol 2026 · ${revision}, or as a Studio export records)`;
      try {
        const runs = await importResults2026(prisma, { resultsPath, revision, ...deletion });
        printRuns(runs, label2026, started);
      } catch (error) {
        if (!(error instanceof GroundTruthSnapshotError)) throw error;
        // The runs on the ground truth Studio holds are imported; the others are named, not scored wrongly.
        printRuns(error.imported, label2026, started);
        sayDeleted();
        console.error(error.message);
        return 1;
      }
    }
    // Without 2024-layout files beside them, 2026 files alone are a complete import.
    const hasV1 = await listResultFiles(resultsPath).then(() => true, () => false);
    if (has2026 && !hasV1) {
      sayDeleted();
      return 0;
    }
    for (const groundTruth of versions) {
      const started = performance.now();
      const runs = await importRecordedResults(prisma, { resultsPath, groundTruth, ...deletion });
      printRuns(runs, groundTruth, started);
    }
    sayDeleted();
    return 0;
  });
}
