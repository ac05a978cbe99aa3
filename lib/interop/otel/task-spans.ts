// One finished task as OpenTelemetry GenAI spans: an `invoke_agent {agent}` span for the task (its
// conversation id is the result's id), under it a `chat {model}` span per model turn (provider,
// request and response model, token usage as stored) and an `execute_tool {tool}` span per call (tool
// name and call id; arguments and result only with content capture on), and the verdict as
// `gen_ai.evaluation.result` events on the agent span. Spans are laid out from the stored times: the
// task's start, each model turn's latency; calls take no measured time. Pure over a Tracer: the live
// hook (trace-result.ts) and `workbench export --format otlp` use the same function.
import { SpanKind, SpanStatusCode, context, trace, type Attributes, type Tracer } from "@opentelemetry/api";
import { hasMeasuredUsage, type ExportResult, type ExportRun } from "../run-export";
import { EVALUATION_RESULT_EVENT, GENAI, OPERATIONS } from "./semconv";

export interface TaskSpanOptions {
  /** OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT: tool arguments and results, model texts. */
  readonly captureContent: boolean;
}

/** gen_ai.provider.name's well-known values where Studio's provider names differ. */
const PROVIDER_NAMES: Readonly<Record<string, string>> = { gemini: "gcp.gemini", mistral: "mistral_ai", xai: "x_ai" };

export function providerName(run: Pick<ExportRun, "provider" | "source">): string {
  if (!run.provider) return run.source === "imported" ? "recorded" : "none";
  return PROVIDER_NAMES[run.provider] ?? run.provider;
}

function verdictEvents(result: ExportResult): { name: string; value: number; label: string }[] {
  return [
    { name: "workbench.correct", value: result.correct ? 1 : 0, label: result.correct ? "correct" : "incorrect" },
    { name: "workbench.side_effects", value: result.sideEffects ? 1 : 0, label: result.sideEffects ? "side_effects" : "no_side_effects" },
    { name: "workbench.exact_match", value: result.exactMatch ? 1 : 0, label: result.exactMatch ? "exact_match" : "not_exact_match" },
  ];
}

/** Emits (and ends) the task's spans; returns how many spans it made. */
export function emitTaskSpans(tracer: Tracer, run: ExportRun, result: ExportResult, options: TaskSpanOptions): number {
  const model = run.model ?? run.agent;
  const provider = providerName(run);
  const measured = hasMeasuredUsage(run);
  const start = (result.startedAt ?? result.finishedAt ?? new Date()).getTime();
  const end = Math.max(start, (result.finishedAt ?? result.startedAt ?? new Date()).getTime());
  const agentAttributes: Attributes = {
    [GENAI.operation]: OPERATIONS.invokeAgent, [GENAI.agentName]: run.agent, [GENAI.conversationId]: result.id,
    [GENAI.provider]: provider, [GENAI.requestModel]: model,
    "workbench.run.id": run.id, "workbench.task.key": result.taskKey, "workbench.task.domain": result.domain, "workbench.trial": result.trial,
    ...(measured ? { [GENAI.inputTokens]: result.inputTokens, [GENAI.outputTokens]: result.outputTokens } : {}),
    ...(result.errorKind ? { [GENAI.errorType]: result.errorKind } : {}),
  };
  const agent = tracer.startSpan(`${OPERATIONS.invokeAgent} ${run.agent}`, { kind: SpanKind.INTERNAL, startTime: start, attributes: agentAttributes });
  const parent = trace.setSpan(context.active(), agent);
  let spans = 1;
  let clock = start;
  let callIndex = 0;
  for (const step of result.steps) {
    if (step.kind === "model") {
      const latency = step.latencyMs ?? 0;
      const chat = tracer.startSpan(`${OPERATIONS.chat} ${model}`, {
        kind: SpanKind.CLIENT, startTime: clock,
        attributes: {
          [GENAI.operation]: OPERATIONS.chat, [GENAI.provider]: provider, [GENAI.requestModel]: model, [GENAI.responseModel]: model,
          ...(step.finishReason ? { [GENAI.finishReasons]: [step.finishReason] } : {}),
          ...(measured ? { [GENAI.inputTokens]: step.inputTokens ?? 0, [GENAI.outputTokens]: step.outputTokens ?? 0 } : {}),
          ...(options.captureContent ? { [GENAI.outputMessages]: JSON.stringify([{ role: "assistant", parts: [{ type: "text", content: step.text ?? "" }] }]) } : {}),
        },
      }, parent);
      clock = Math.min(end, clock + latency);
      chat.end(clock);
      spans += 1;
    } else if (step.kind === "tool") {
      const tool = step.tool ?? "";
      const span = tracer.startSpan(`${OPERATIONS.executeTool} ${tool}`, {
        kind: SpanKind.INTERNAL, startTime: clock,
        attributes: {
          [GENAI.operation]: OPERATIONS.executeTool, [GENAI.toolName]: tool, [GENAI.toolType]: "function", [GENAI.toolCallId]: `call_${callIndex++}`,
          ...(options.captureContent ? { [GENAI.toolArguments]: JSON.stringify(step.args ?? {}), [GENAI.toolResult]: step.observation ?? "" } : {}),
          ...(step.ok === false ? { [GENAI.errorType]: "tool_error" } : {}),
        },
      }, parent);
      if (step.ok === false) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end(clock);
      spans += 1;
    }
  }
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
