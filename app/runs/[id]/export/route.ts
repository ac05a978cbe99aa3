// One run's per-task results: ?format=csv (default) or ?format=json. Unknown values are empty / null.
// ?format=inspect: the run as an Inspect AI eval log (lib/interop/inspect).
// primary_cause: the wrong answer's one cause (lib/workbench/analysis/primary-cause.ts), empty when
// correct; tool_errors: its tool calls that raised or that the tool refused by its answer.
import { toCsv } from "@/lib/metrics/csv";
import { listRunExportRows } from "@/lib/queries/analysis";
import { prisma } from "@/lib/db";
import { loadRunForExport } from "@/lib/interop/run-export";
import { inspectLogJson } from "@/lib/interop/export-run";

const COLUMNS = ["dataset", "ground_truth", "ground_truth_revision", "protocol", "scoring_revision", "task", "domain", "template", "gt_actions", "trial", "correct", "side_effects", "exact_match", "error_kind", "error", "calls", "primary_cause", "tool_errors", "input_tokens", "output_tokens", "cost_usd", "latency_ms"] as const;

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await params;
  if (new URL(request.url).searchParams.get("format") === "inspect") return inspectLog(id);
  const rows = await listRunExportRows({ runId: id });
  if (!rows) return new Response("Run not found", { status: 404 });
  const name = `run-${id}`;
  if (new URL(request.url).searchParams.get("format") === "json") {
    return Response.json(rows, { headers: { "Content-Disposition": `attachment; filename="${name}.json"` } });
  }
  const text = (value: unknown) => (value === null || value === undefined ? "" : Array.isArray(value) ? value.join("\n") : String(value));
  const body = toCsv([[...COLUMNS], ...rows.map((row) => COLUMNS.map((column) => text(row[column])))]);
  return new Response(body, { headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${name}.csv"` } });
}

async function inspectLog(id: string): Promise<Response> {
  const run = await loadRunForExport(prisma, id);
  if (!run) return new Response("Run not found", { status: 404 });
  return new Response(inspectLogJson(run), {
    headers: { "Content-Type": "application/json", "Content-Disposition": `attachment; filename="run-${id}.inspect.json"` },
  });
}
