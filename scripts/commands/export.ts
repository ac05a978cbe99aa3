// `workbench export --run <id…> | --config <key> --format <format> --out <path>`: a finished run in a
// format other tools read — an Inspect AI eval log (`inspect`, JSON), the paper's recorded-results CSVs
// (`workbench-2024`), upstream's 2026 results (`workbench-2026`) — or sent as OpenTelemetry GenAI spans
// to OTEL_EXPORTER_OTLP_ENDPOINT (`otlp`). Several runs (a configuration's) give one log per run.
import type { Command } from "commander";
import { rerunWithDatabase } from "../db/rerun-with-db";
import { withPrisma } from "./with-prisma";
import { env } from "@/lib/env";

const FORMATS = ["inspect", "workbench-2024", "workbench-2026", "otlp"] as const;
type Format = (typeof FORMATS)[number];

interface ExportOptions {
  run?: string[];
  config?: string;
  format: string;
  out?: string;
}

export function register(program: Command): void {
  program
    .command("export")
    .description("Export finished runs as Inspect eval logs, the WorkBench results formats, or OTLP traces")
    .option("--run <id...>", "run id(s)")
    .option("--config <key>", "every run of a leaderboard configuration (one log per run)")
    .requiredOption("--format <format>", `${FORMATS.join(" | ")}`)
    .option("--out <path>", "inspect: a folder getting each log under Inspect's name (default: the current folder), or a .json file name for one run; workbench-2024/2026: a folder")
    .action(async (options: ExportOptions) => {
      const format = FORMATS.find((known) => known === options.format);
      if (!format) return usage(`--format must be one of ${FORMATS.join(", ")}`);
      if (!options.run?.length && !options.config) return usage("give --run <id…> or --config <key>");
      if (format !== "otlp" && format !== "inspect" && !options.out) return usage(`--format ${format} writes files: give --out <folder>`);
      if (!env().DATABASE_URL) {
        process.exitCode = await rerunWithDatabase();
        return;
      }
      process.exitCode = await exportRuns(format, options);
    });
}

function usage(message: string): void {
  console.error(message);
  process.exitCode = 2;
}

async function exportRuns(format: Format, options: ExportOptions): Promise<number> {
  const { loadRunOrThrow, runIdsOfConfiguration, writeRunExport } = await import("@/lib/interop/export-run");
  return withPrisma(async (prisma) => {
    let exitCode = 0;
    const runIds = options.config ? await runIdsOfConfiguration(prisma, options.config) : (options.run ?? []);
    if (runIds.length === 0) throw new Error(`No runs in configuration ${options.config}`);
    for (const runId of runIds) {
      const run = await loadRunOrThrow(prisma, runId);
      if (format === "otlp") {
        const { sendRunSpans } = await import("@/lib/interop/otel/export-run-spans");
        const sent = await sendRunSpans(run);
        if (sent.dropped === 0) console.log(`run ${run.id}: ${sent.spans} span(s) sent to ${sent.endpoint}`);
        else {
          // Not delivered is a failure: a script checking the exit code must not take it for an export.
          console.error(`run ${run.id}: ${sent.dropped} of ${sent.spans} span(s) not delivered to ${sent.endpoint}`);
          exitCode = 1;
        }
        continue;
      }
      // Inspect logs default to the current folder, each under the name Inspect's listing looks for.
      const written = await writeRunExport(run, format, options.out ?? ".", { several: runIds.length > 1 });
      console.log(`run ${run.id} (${run.results.length} results) → ${written.length === 1 ? written[0] : `${written.length} files under ${options.out}`}`);
    }
    return exitCode;
  });
}
