// One run's downloads (the run page's Export menu, lib/interop/run-downloads.ts): ?format=csv (default)
// or json — the per-task results; inspect — an Inspect AI eval log under the name Inspect gives its logs;
// workbench-2024 / workbench-2026 — the results folders as a .zip; otlp-json — the run's GenAI spans as
// one OTLP/JSON request. Any other format is 400 naming these; a run a format cannot hold is 422 saying why.
// CSV columns: primary_cause is the wrong answer's one cause (lib/workbench/analysis/primary-cause.ts),
// empty when correct; tool_errors its tool calls that raised or that the tool refused by its answer;
// estimated true for an estimated run, estimate its full-benchmark estimate with the 95 % interval.
import { toCsv } from "@/lib/metrics/csv";
import { listRunExportRows } from "@/lib/queries/analysis";
import { prisma } from "@/lib/db";
import { loadRunForExport, type ExportRun } from "@/lib/interop/run-export";
import { inspectLogFile } from "@/lib/interop/export-run";
import { workbench2024Files } from "@/lib/interop/workbench-2024";
import { workbench2026Files } from "@/lib/interop/workbench-2026";
import { zipArchive } from "@/lib/interop/zip-archive";
import { runOtlpJson } from "@/lib/interop/otel/otlp-file";
import { InteropError } from "@/lib/interop/errors";
import { RUN_DOWNLOAD_FORMATS, runDownloadName, type RunDownloadFormat } from "@/lib/interop/run-downloads";
import { exportFormatOf, unknownFormatResponse } from "@/lib/export-format";

const COLUMNS = ["dataset", "ground_truth", "ground_truth_revision", "protocol", "scoring_revision", "task", "domain", "template", "gt_actions", "trial", "correct", "side_effects", "exact_match", "error_kind", "error", "calls", "primary_cause", "tool_errors", "input_tokens", "output_tokens", "cost_usd", "latency_ms", "estimated", "estimate"] as const;

const attachment = (name: string, contentType: string) => ({ "Content-Type": contentType, "Content-Disposition": `attachment; filename="${name}"` });

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await params;
  const search = new URL(request.url).searchParams;
  const format = exportFormatOf(search, RUN_DOWNLOAD_FORMATS, "csv");
  if (!format) return unknownFormatResponse(search, RUN_DOWNLOAD_FORMATS);
  if (format === "csv" || format === "json") return resultRows(id, format);
  const run = await loadRunForExport(prisma, id);
  if (!run) return new Response("Run not found", { status: 404 });
  try {
    return runFile(run, format);
  } catch (error) {
    if (error instanceof InteropError) return new Response(`${error.message}\n`, { status: 422, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    throw error;
  }
}

function runFile(run: ExportRun, format: Exclude<RunDownloadFormat, "csv" | "json">): Response {
  switch (format) {
    case "inspect": {
      const log = inspectLogFile(run);
      return new Response(log.content, { headers: attachment(log.name, "application/json") });
    }
    case "workbench-2024":
    case "workbench-2026": {
      const files = format === "workbench-2024" ? workbench2024Files(run) : workbench2026Files(run);
      return new Response(new Uint8Array(zipArchive(files)), { headers: attachment(runDownloadName(run.id, format), "application/zip") });
    }
    case "otlp-json":
      return new Response(runOtlpJson(run), { headers: attachment(runDownloadName(run.id, format), "application/json") });
    default: {
      const unknown: never = format;
      throw new Error(`Unknown download format: ${String(unknown)}`);
    }
  }
}

async function resultRows(id: string, format: "csv" | "json"): Promise<Response> {
  const rows = await listRunExportRows({ runId: id });
  if (!rows) return new Response("Run not found", { status: 404 });
  if (format === "json") return Response.json(rows, { headers: { "Content-Disposition": `attachment; filename="${runDownloadName(id, "json")}"` } });
  const text = (value: unknown) => (value === null || value === undefined ? "" : Array.isArray(value) ? value.join("\n") : String(value));
  const body = toCsv([[...COLUMNS], ...rows.map((row) => COLUMNS.map((column) => text(row[column])))]);
  return new Response(body, { headers: attachment(runDownloadName(id, "csv"), "text/csv; charset=utf-8") });
}
