// A protocol-2026 run as upstream's WorkBench Revisited results (olly-styles/WorkBench f7bed57,
// src/evals/inference.py): per domain `<domain>/<model>_<all|domains>_<YYYY-MM-DD_HH-MM-SS>.csv.gz`
// (columns task, function_calls, full_response, error; every field quoted, gzipped), its
// `_meta.json` (_write_run_metadata's keys) and its `_traces.json` ([{task, steps: [TraceStep]}]),
// which upstream's metrics.py scores and Studio's 2026 importer reads back.
//
// Any run of the official tasks travels in it. `ground_truth_version` names the upstream snapshot the
// run's tasks are (v2026: the snapshot Studio's v2026 holds; v1: upstream's `v1` folder, the paper's
// ground truth), so upstream's metrics.py scores it against those tasks. Upstream scores every file
// with its own (2026) rules; the run's own protocol and revision ride along as `studio_*` keys, which
// upstream ignores and Studio's importer honours, so a protocol-2024 run comes back as it left. A faulted
// run's settings ride along the same way (`studio_fault_settings`), and each faulted call's trace step
// carries its `fault`, so the import restores both and does not replay a call a fault stopped.
import { runSettingsFrom } from "@/lib/settings/run-settings";
import { exportedFaultSettings } from "@/lib/settings/fault-settings";
import { gzipSync } from "node:zlib";
import { stringify } from "csv-stringify/sync";
import { formatPythonLiteral } from "@/lib/workbench/calls/python-literal";
import { V2026_TASK_SNAPSHOTS } from "@/lib/datasets/official-files";
import { UPSTREAM_V1_SNAPSHOT } from "@/lib/workbench/results/ground-truth-2026";
import type { ExportResult, ExportRun } from "./run-export";
import { fileModel, fileStamp, finalTurnText, recordedCallEntries, resultsByTrial } from "./recorded-steps";
import { finalText, requireOfficialTasks, toPy, type ExportedFile } from "./workbench-2024";

/**
 * agent.py AgentResult's repr: the importer reads its output; upstream's trace list goes to _traces.json.
 * A result that gave no final answer (a recorded row whose response held none) has output None, so it
 * comes back without one rather than with an empty answer.
 */
function agentResult(result: ExportResult): string {
  if (result.error) return "";
  const steps = recordedCallEntries(result).map((entry) => ({ kind: "tuple" as const, items: [entry.tool, toPy(entry.args)] }));
  const output = finalText(result);
  return `AgentResult(output=${output === null ? "None" : formatPythonLiteral(output)}, intermediate_steps=${formatPythonLiteral(steps)}, trace=[])`;
}

/** inference.py TraceStep per call: the model's output that asked for it, the action, its input and result. */
function traceEntry(result: ExportResult) {
  const calls = recordedCallEntries(result).map((entry) => ({
    llm_input: "", llm_output: entry.log, action: entry.tool, action_input: entry.args, observation: entry.observation, model_turn: entry.turn,
    ...(entry.fault ? { fault: entry.fault } : {}),
  }));
  const finalLog = finalTurnText(result);
  const final = finalLog === null ? [] : [{ llm_input: "", llm_output: finalLog, action: "Final Answer", action_input: finalText(result) ?? "", observation: "" }];
  return { task: result.text, steps: [...calls, ...final] };
}

/** `trial`: the trial's number (1-based) when the run has several, else null. */
function meta(run: ExportRun, domain: string, results: readonly ExportResult[], trial: number | null) {
  // Upstream's flags describe its own harness: a workbench-2026 run's are its settings, read through
  // RunSettings (their defaults live there); any other agent ran none of that harness.
  const harness = run.agent === "workbench-2026" ? runSettingsFrom(run.params).harness2026 : null;
  const faults = exportedFaultSettings(run.params);
  return {
    model_name: fileModel(run), model_id: run.model ?? run.agent, provider: run.provider ?? undefined, base_url: null,
    tool_selection: run.toolSet === "domains" ? "domains" : "all",
    tasks_path: `data/processed/tasks_and_outcomes/${domain}_tasks_and_outcomes.csv`,
    ground_truth_version: run.groundTruth === "v1" ? UPSTREAM_V1_SNAPSHOT : V2026_TASK_SNAPSHOTS[domain as keyof typeof V2026_TASK_SNAPSHOTS],
    num_tasks: results.length, log_traces: true,
    act_without_confirmation: harness?.actWithoutConfirmation === true, structured_outputs: harness?.structuredOutputs === true,
    started_at: run.startedAt?.toISOString() ?? null, finished_at: run.finishedAt?.toISOString() ?? null,
    studio_run_id: run.id, studio_agent: run.agent,
    studio_protocol: run.protocol, studio_scoring_revision: run.scoringRevision,
    ...(faults ? { studio_fault_settings: faults } : {}),
    // Which trial these files hold (so two trials with the same outcome are still two imports).
    ...(trial === null ? {} : { studio_trial: trial }),
  };
}

export function workbench2026Files(run: ExportRun): ExportedFile[] {
  requireOfficialTasks(run);
  const trials = resultsByTrial(run);
  const stem = `${fileModel(run)}_${run.toolSet === "domains" ? "domains" : "all"}_${fileStamp(run)}`;
  return trials.flatMap((results, index) => {
    const folder = trials.length > 1 ? `trial-${index + 1}/` : "";
    const domains = [...new Set(results.map((result) => result.domain))].sort();
    return domains.flatMap((domain) => {
      const rows = results.filter((result) => result.domain === domain);
      const csv = stringify([["task", "function_calls", "full_response", "error"], ...rows.map((result) => [result.text, formatPythonLiteral([...result.calls]), agentResult(result), result.error ?? ""])], { quoted: true });
      const base = `${folder}${domain}/${stem}`;
      return [
        { path: `${base}.csv.gz`, content: gzipSync(csv) },
        { path: `${base}_meta.json`, content: `${JSON.stringify(meta(run, domain, rows, trials.length > 1 ? index + 1 : null), null, 2)}\n` },
        { path: `${base}_traces.json`, content: `${JSON.stringify(rows.map(traceEntry), null, 2)}\n` },
      ];
    });
  });
}
