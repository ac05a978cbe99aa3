// A Studio run as an Inspect AI EvalLog (the JSON log format of Inspect's viewer, dataframes and
// scanners; field meanings as in Inspect's published OpenAPI document, checked in
// eval-log.db.test.ts): the eval spec (task "workbench", dataset and ground truth, model, agent and
// settings), the plan, the results (accuracy, side-effect rate and exact match overall and per
// domain, as Inspect's grouped metrics name them), the stats and one sample per task and trial.
import { getProtocol, isProtocolId } from "@/lib/workbench/protocols";
import type { Tool } from "@/lib/workbench/tools/types";
import { hasMeasuredUsage, type ExportResult, type ExportRun } from "../run-export";
import { buildTranscript, usageOf, type InspectToolInfo } from "./transcript";
import { sampleScores, type PrimaryCauseHook } from "./scores";
import { evalResults } from "./results";
import { exportedFaultSettings } from "@/lib/settings/fault-settings";
import { readInjectedFault } from "@/lib/workbench/tools/faults";

export const STUDIO_PACKAGE = "workbench-studio";
export const STUDIO_VERSION = "0.1.0";

export interface EvalLogOptions {
  /** The "primary cause" of a failed task when a cause function is available (see PrimaryCauseHook). */
  readonly primaryCause?: PrimaryCauseHook;
}

const LOG_STATUS: Readonly<Record<string, string>> = { completed: "success", cancelled: "cancelled", failed: "error", budget_exceeded: "error" };

/** The model as Inspect names it: `provider/model`; recorded runs keep the model with a `recorded/` prefix. */
export function inspectModelName(run: Pick<ExportRun, "provider" | "model" | "agent">): string {
  if (!run.model) return `none/${run.agent}`;
  return `${run.provider ?? "recorded"}/${run.model}`;
}

/** Every WorkBench argument is an optional string (Python default None). */
function toolInfo(tool: Tool): InspectToolInfo {
  const properties = Object.fromEntries(tool.parameters.map((name) => [name, { type: "string" as const, description: tool.argumentDocs[name] ?? name, default: null }]));
  return { name: tool.name, description: tool.description, parameters: { type: "object", properties, required: [] } };
}

function toolsFor(run: ExportRun) {
  const protocol = getProtocol(isProtocolId(run.protocol) ? run.protocol : "2024");
  const all = protocol.tools.all.map(toolInfo);
  const byToolkits = new Map<string, InspectToolInfo[]>();
  return (result: ExportResult): InspectToolInfo[] => {
    if (run.toolSet !== "domains") return all;
    const key = result.toolkits.join(",");
    let tools = byToolkits.get(key);
    if (!tools) byToolkits.set(key, (tools = protocol.tools.forToolkits(result.toolkits).map(toolInfo)));
    return tools;
  };
}

function buildSample(run: ExportRun, result: ExportResult, tools: InspectToolInfo[], options: EvalLogOptions) {
  const model = inspectModelName(run);
  const measured = hasMeasuredUsage(run);
  const transcript = buildTranscript(result, { model, tools, measuredUsage: measured });
  const usage = measured ? { [model]: usageOf(result.inputTokens, result.outputTokens) } : {};
  const completion = transcript.completion ?? "";
  const seconds = (at: Date | null) => (at ? at.getTime() / 1000 : null);
  const started = seconds(result.startedAt);
  const finished = seconds(result.finishedAt);
  return {
    id: result.taskKey, epoch: result.trial + 1, input: result.text, target: [...result.groundTruth],
    messages: transcript.messages,
    output: {
      model, completion, usage: measured ? usageOf(result.inputTokens, result.outputTokens) : null, error: result.error,
      choices: [{ message: { role: "assistant", content: completion, tool_calls: null, model }, stop_reason: result.error ? "unknown" : "stop" }],
    },
    scores: sampleScores(result, options.primaryCause),
    metadata: {
      domain: result.domain, calls: result.calls, final_answer: result.finalAnswer, has_final: transcript.completion !== null,
      error_kind: result.errorKind, studio_result_id: result.id, cost_usd: measured ? result.costUsd : null,
      injected_faults: result.steps.flatMap((step) => readInjectedFault(step.fault) ?? []),
      // A reworded run: the input is the wording sent; the task as written beside it (absent otherwise, as before).
      ...(result.phrasing ? { phrasing: result.phrasing.name, original_input: result.phrasing.originalText } : {}),
    },
    store: {}, events: transcript.events, model_usage: usage, role_usage: {}, attachments: {},
    started_at: result.startedAt?.toISOString() ?? null, completed_at: result.finishedAt?.toISOString() ?? null,
    total_time: started !== null && finished !== null ? finished - started : null,
    working_time: result.latencyMs !== null ? result.latencyMs / 1000 : null,
    error: result.error ? { message: result.error, traceback: "", traceback_ansi: "" } : null,
  };
}

export function buildEvalLog(run: ExportRun, options: EvalLogOptions = {}) {
  const toolsOf = toolsFor(run);
  const model = inspectModelName(run);
  const measured = hasMeasuredUsage(run);
  const settings = { ground_truth: run.groundTruth, protocol: run.protocol, scoring_revision: run.scoringRevision, tool_set: run.toolSet };
  const sampleIds = [...new Set(run.results.map((result) => result.taskKey))];
  const temperature = typeof run.params.temperature === "number" ? run.params.temperature : null;
  return {
    version: 2,
    status: LOG_STATUS[run.status] ?? "started",
    eval: {
      eval_id: run.id, run_id: run.id, created: run.createdAt.toISOString(), task: "workbench", task_id: `workbench-${run.groundTruth}`,
      task_version: run.scoringRevision ?? run.protocol, task_attribs: {}, task_args: settings, task_args_passed: settings,
      dataset: { name: run.datasetSlug, location: `${run.datasetName} ${run.groundTruth}${run.versionHash ? `@${run.versionHash.slice(0, 12)}` : ""}`, samples: sampleIds.length, sample_ids: sampleIds, shuffled: false },
      model, model_generate_config: temperature === null ? {} : { temperature }, model_args: {},
      config: { epochs: run.trials }, packages: { [STUDIO_PACKAGE]: STUDIO_VERSION },
      revision: run.appRevision ? { type: "git", origin: STUDIO_PACKAGE, commit: run.appRevision } : null,
      solver: run.agent, solver_args: run.params,
      metadata: { studio_run_id: run.id, studio_run_name: run.name, source: run.source, import_file: run.importFile, fault_settings: exportedFaultSettings(run.params) },
    },
    plan: { name: "plan", steps: [{ solver: run.agent, params: run.params, params_passed: run.params }], config: temperature === null ? {} : { temperature } },
    results: evalResults(run),
    stats: {
      started_at: run.startedAt?.toISOString() ?? "", completed_at: run.finishedAt?.toISOString() ?? "",
      model_usage: measured ? { [model]: { ...usageOf(run.inputTokens, run.outputTokens), total_cost: run.costUsd } } : {},
      role_usage: {}, connection_limit_history: [],
    },
    invalidated: false, tags: [], metadata: { studio_run_id: run.id },
    samples: run.results.map((result) => buildSample(run, result, toolsOf(result), options)),
  };
}

export type EvalLog = ReturnType<typeof buildEvalLog>;
