// A run as the paper's recorded-results CSVs (WorkBench v1 data/results): one file per domain,
// `<domain>/<model>_<all|domains>_<YYYY-MM-DD_HH-MM-SS>.csv`, columns query, function_calls,
// full_response, error, every field quoted as in the published files. function_calls is the Python
// list of call strings the original evaluator replays; full_response is the repr of LangChain's agent
// output ({'input', 'output', 'intermediate_steps': [(AgentAction(tool, tool_input, log), observation)]}),
// which Studio's importer reads back for the trace (lib/workbench/results/full-response.ts).
import { stringify } from "csv-stringify/sync";
import { formatPythonLiteral, type PyValue } from "@/lib/workbench/calls/python-literal";
import type { ExportResult, ExportRun } from "./run-export";
import { InteropError } from "./errors";
import { OFFICIAL_DATASET_SLUG } from "@/lib/datasets/official-slug";
import { fileModel, fileStamp, finalTurnText, recordedCallEntries, resultsByTrial } from "./recorded-steps";

export interface ExportedFile {
  /** Relative to the export folder. */
  readonly path: string;
  readonly content: string | Uint8Array;
}

/** A JSON-ish value as the Python literal it came from (objects as dicts, null as None). */
export function toPy(value: unknown): PyValue {
  if (value === null || value === undefined) return null;
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return value;
  if (Array.isArray(value)) return value.map(toPy);
  return { kind: "dict", entries: Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, toPy(item)] as const) };
}

/** `trial`: the trial's number (1-based) when the run has several, else null. */
function fullResponse(result: ExportResult, trial: number | null): string {
  const entries = recordedCallEntries(result);
  const steps = entries.map((entry): PyValue => ({
    kind: "tuple",
    items: [{ kind: "call", name: "AgentAction", args: [], kwargs: { tool: entry.tool, tool_input: toPy(entry.args), log: entry.log } }, entry.observation],
  }));
  const finalLog = finalTurnText(result);
  return formatPythonLiteral({
    kind: "dict",
    entries: [
      ["input", result.text], ["output", finalText(result)], ["intermediate_steps", steps],
      ["model_turns", entries.map((entry) => entry.turn)],
      // Studio's additions (the original evaluator reads only function_calls and error): which calls
      // opened a model turn, the final answer's turn, in a faulted run each call's injected fault, and in a
      // run of several trials the trial (so two trials with the same outcome are still two imports).
      ...(finalLog === null ? [] : [["final_log", finalLog] as const]),
      ...(entries.some((entry) => entry.fault) ? [["faults", entries.map((entry) => toPy(entry.fault))] as const] : []),
      ...(trial === null ? [] : [["trial", trial] as const]),
    ],
  });
}

/** The final answer's text when the trace ends with one (None otherwise: no final step comes back). */
export function finalText(result: ExportResult): string | null {
  const final = result.steps.find((step) => step.kind === "final");
  return final ? (final.text ?? "") : null;
}

const COLUMNS = ["query", "function_calls", "full_response", "error"];

export function domainCsv(results: readonly ExportResult[], trial: number | null = null): string {
  const rows = results.map((result) => [result.text, formatPythonLiteral([...result.calls]), fullResponse(result, trial), result.error ?? ""]);
  return stringify([COLUMNS, ...rows], { quoted: true });
}

/** Upstream's evaluators match rows to their own task files: a generated workplace's run has no place there. */
export function requireOfficialTasks(run: ExportRun): void {
  if (run.datasetSlug !== OFFICIAL_DATASET_SLUG) {
    throw new InteropError("not_workbench", `Run ${run.id} is on ${run.datasetName}: the upstream results formats hold runs of the official WorkBench tasks (use --format inspect)`);
  }
}

/** The files of a protocol-2024 run: per domain (and per trial, in `trial-<n>/`, when it has several). */
export function workbench2024Files(run: ExportRun): ExportedFile[] {
  requireOfficialTasks(run);
  if (run.protocol !== "2024") {
    throw new InteropError("wrong_protocol", `Run ${run.id} follows protocol ${run.protocol}: the 2024 results format holds protocol-2024 runs (use --format workbench-2026)`);
  }
  const trials = resultsByTrial(run);
  const name = `${fileModel(run)}_${run.toolSet === "domains" ? "domains" : "all"}_${fileStamp(run)}.csv`;
  return trials.flatMap((results, index) => {
    const folder = trials.length > 1 ? `trial-${index + 1}/` : "";
    const domains = [...new Set(results.map((result) => result.domain))].sort();
    return domains.map((domain) => ({ path: `${folder}${domain}/${name}`, content: domainCsv(results.filter((result) => result.domain === domain), trials.length > 1 ? index + 1 : null) }));
  });
}
