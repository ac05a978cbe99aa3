// One finished task as OpenTelemetry GenAI spans: an `invoke_agent {agent}` span for the task (its
// conversation id is the result's id), under it a `chat {model}` span per model call (provider, request
// and response model, token usage as stored; a call that failed — context window, provider error — is a
// chat span with error status) and an `execute_tool {tool}` span per call (tool name and call id;
// arguments and result only with content capture on; a call that raised or had a fault injected has
// error status), and the verdict as `gen_ai.evaluation.result` events on the agent span. Spans are laid
// out from the stored times: the task's start, each model turn's latency; calls take no measured time.
// Ids are derived from the run, task, trial and step (span-ids.ts), so a re-export is the same trace.
// Pure over a Tracer: the live hook (trace-result.ts) and `workbench export --format otlp` use the same function.
import { SpanKind, SpanStatusCode, context, trace, type Attributes, type Context, type Span, type Tracer } from "@opentelemetry/api";
import { injectedFault } from "@/lib/traces/build-trace";
import { argumentsAsSent } from "@/lib/workbench/agents/tool-arguments";
import { hasMeasuredUsage, type ExportResult, type ExportRun, type ExportStep } from "../run-export";
import { EVALUATION_RESULT_EVENT, GENAI, OPERATIONS } from "./semconv";
import { plannedIds, type PlannedIdGenerator, type SpanPlace, type TaskIdentity } from "./span-ids";

export interface TaskSpanOptions {
  /** OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT: tool arguments and results, model texts. */
  readonly captureContent: boolean;
}

/** Where spans start: a tracer and, when it has one, the id source that gives them their derived ids. */
export interface SpanSource {
  readonly tracer: Tracer;
  readonly ids?: PlannedIdGenerator;
}

/** gen_ai.provider.name's well-known values where Studio's provider names differ. */
const PROVIDER_NAMES: Readonly<Record<string, string>> = { gemini: "gcp.gemini", mistral: "mistral_ai", xai: "x_ai" };

/** The run errors raised by a model call itself (lib/workbench/agents/run-errors.ts runErrorFrom). */
const MODEL_CALL_ERRORS: ReadonlySet<string> = new Set(["context_window", "provider"]);

/** The conventions' finish reasons (gen_ai.output.messages finish_reason) for the AI SDK's. */
const FINISH_REASONS: Readonly<Record<string, string>> = { stop: "stop", length: "length", "content-filter": "content_filter", "tool-calls": "tool_call", tool_calls: "tool_call", error: "error" };

export function providerName(run: Pick<ExportRun, "provider" | "source">): string {
  if (!run.provider) return run.source === "imported" ? "recorded" : "none";
  return PROVIDER_NAMES[run.provider] ?? run.provider;
}

function verdictEvents(result: ExportResult): { name: string; value: number; label: string }[] {
  // Sent as doubles (the conventions type score.value double): otlp-request.ts types them on the wire.
  return [
    { name: "workbench.correct", value: result.correct ? 1 : 0, label: result.correct ? "correct" : "incorrect" },
    { name: "workbench.side_effects", value: result.sideEffects ? 1 : 0, label: result.sideEffects ? "side_effects" : "no_side_effects" },
    { name: "workbench.exact_match", value: result.exactMatch ? 1 : 0, label: result.exactMatch ? "exact_match" : "not_exact_match" },
  ];
}

/** The call's arguments as the model sent them (a number stays a number: tool-arguments.ts). */
function argsOf(step: ExportStep): Record<string, unknown> {
  return argumentsAsSent(step);
}

/** Each tool step's call id (`call_<n>`, as the Inspect transcript numbers them) by step index. */
function callIds(steps: readonly ExportStep[]): Map<number, string> {
  const ids = new Map<number, string>();
  steps.forEach((step, index) => step.kind === "tool" && ids.set(index, `call_${ids.size}`));
  return ids;
}

/** The model turn at `index` as the conventions' output message: its text (when any) and the calls it made. */
function outputMessage(steps: readonly ExportStep[], index: number, ids: Map<number, string>): string {
  const step = steps[index] as ExportStep;
  const parts: Record<string, unknown>[] = step.text ? [{ type: "text", content: step.text }] : [];
  for (let next = index + 1; next < steps.length && steps[next]?.kind === "tool"; next += 1) {
    const call = steps[next] as ExportStep;
    parts.push({ type: "tool_call", id: ids.get(next), name: call.tool ?? "", arguments: argsOf(call) });
  }
  return JSON.stringify([{ role: "assistant", parts, finish_reason: FINISH_REASONS[step.finishReason ?? ""] ?? "stop" }]);
}

/** Emits (and ends) the task's spans; returns how many spans it made. */
export function emitTaskSpans(source: SpanSource, run: ExportRun, result: ExportResult, options: TaskSpanOptions): number {
  const model = run.model ?? run.agent;
  const provider = providerName(run);
  const measured = hasMeasuredUsage(run);
  const task: TaskIdentity = { runId: run.id, taskKey: result.taskKey, trial: result.trial };
  const startSpan = (place: SpanPlace, name: string, options: Parameters<Tracer["startSpan"]>[1], parent?: Context): Span => {
    const begin = () => source.tracer.startSpan(name, options, parent);
    return source.ids ? source.ids.startWith(plannedIds(task, place), begin) : begin();
  };
  const start = (result.startedAt ?? result.finishedAt ?? new Date()).getTime();
  const end = Math.max(start, (result.finishedAt ?? result.startedAt ?? new Date()).getTime());
  const agentAttributes: Attributes = {
    [GENAI.operation]: OPERATIONS.invokeAgent, [GENAI.agentName]: run.agent, [GENAI.conversationId]: result.id,
    [GENAI.provider]: provider, [GENAI.requestModel]: model,
    "workbench.run.id": run.id, "workbench.task.key": result.taskKey, "workbench.task.domain": result.domain, "workbench.trial": result.trial,
    ...(measured ? { [GENAI.inputTokens]: result.inputTokens, [GENAI.outputTokens]: result.outputTokens } : {}),
    ...(result.errorKind ? { [GENAI.errorType]: result.errorKind } : {}),
  };
  const agent = startSpan("agent", `${OPERATIONS.invokeAgent} ${run.agent}`, { kind: SpanKind.INTERNAL, root: true, startTime: start, attributes: agentAttributes });
  const parent = trace.setSpan(context.active(), agent);
  const chatAttributes: Attributes = { [GENAI.operation]: OPERATIONS.chat, [GENAI.provider]: provider, [GENAI.requestModel]: model };
  const ids = callIds(result.steps);
  let spans = 1;
  let clock = start;
  result.steps.forEach((step, index) => {
    if (step.kind === "model") {
      const chat = startSpan(index, `${OPERATIONS.chat} ${model}`, {
        kind: SpanKind.CLIENT, startTime: clock,
        attributes: {
          ...chatAttributes, [GENAI.responseModel]: model,
          ...(step.finishReason ? { [GENAI.finishReasons]: [step.finishReason] } : {}),
          ...(measured ? { [GENAI.inputTokens]: step.inputTokens ?? 0, [GENAI.outputTokens]: step.outputTokens ?? 0 } : {}),
          ...(options.captureContent ? { [GENAI.outputMessages]: outputMessage(result.steps, index, ids) } : {}),
        },
      }, parent);
      clock = Math.min(end, clock + (step.latencyMs ?? 0));
      chat.end(clock);
      spans += 1;
    } else if (step.kind === "error" && MODEL_CALL_ERRORS.has(step.errorKind ?? "")) {
      // The call that failed: no response, so no response model or usage; its error as the convention asks.
      const chat = startSpan(index, `${OPERATIONS.chat} ${model}`, { kind: SpanKind.CLIENT, startTime: clock, attributes: { ...chatAttributes, [GENAI.errorType]: step.errorKind ?? "" } }, parent);
      chat.setStatus({ code: SpanStatusCode.ERROR, message: step.text ?? "" });
      chat.end(clock);
      spans += 1;
    } else if (step.kind === "tool") {
      spans += emitToolSpan(startSpan, parent, step, index, ids.get(index) ?? "", clock, options);
    }
  });
  for (const verdict of verdictEvents(result)) {
    agent.addEvent(EVALUATION_RESULT_EVENT, {
      [GENAI.evaluationName]: verdict.name, [GENAI.scoreValue]: verdict.value, [GENAI.scoreLabel]: verdict.label,
      ...(verdict.name === "workbench.correct" && result.error ? { [GENAI.explanation]: result.error } : {}),
    }, end);
  }
  if (result.error) agent.setStatus({ code: SpanStatusCode.ERROR, message: result.error });
  agent.end(end);
  return spans;
}

type StartSpan = (place: SpanPlace, name: string, options: Parameters<Tracer["startSpan"]>[1], parent?: Context) => Span;

/** A tool call's span; an injected fault (Step.fault) gives error status, `error.type` and its kind. */
function emitToolSpan(startSpan: StartSpan, parent: Context, step: ExportStep, index: number, callId: string, at: number, options: TaskSpanOptions): number {
  const tool = step.tool ?? "";
  const fault = injectedFault(step.fault);
  const errorType = fault ? "injected_fault" : step.ok === false ? "tool_error" : null;
  const span = startSpan(index, `${OPERATIONS.executeTool} ${tool}`, {
    kind: SpanKind.INTERNAL, startTime: at,
    attributes: {
      [GENAI.operation]: OPERATIONS.executeTool, [GENAI.toolName]: tool, [GENAI.toolType]: "function", [GENAI.toolCallId]: callId,
      ...(options.captureContent ? { [GENAI.toolArguments]: JSON.stringify(argsOf(step)), [GENAI.toolResult]: step.observation ?? "" } : {}),
      ...(errorType ? { [GENAI.errorType]: errorType } : {}),
      ...(fault ? { "workbench.fault.kind": fault.kind, "workbench.fault.ordinal": fault.ordinal } : {}),
    },
  }, parent);
  if (errorType) span.setStatus({ code: SpanStatusCode.ERROR, ...(fault ? { message: `injected ${fault.kind} fault` } : {}) });
  span.end(at);
  return 1;
}
