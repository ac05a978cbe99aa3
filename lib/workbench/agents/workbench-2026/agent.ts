// The WorkBench Revisited (2026) harness as an agent (`workbench-2026`): upstream agent.py
// run_agent_structured over any provider (run_agent, the ReAct text loop, when the run sets
// structured_outputs off: workbench-2026/react.ts). Native tool calls with sanitized names ("email_send_email")
// and title-only string schemas; every argument value is passed to the tool as str(value); a reply
// without tool calls is the final answer (no retry); an unknown tool is answered with the list of
// tools and still recorded as a call; at the step limit the output is the iteration-limit message.
// Anything that raised in the original (a tool exception, unparseable arguments, a provider failure)
// ends the task with that error and NO recorded calls: inference.py only collects calls from a
// returned AgentResult.
import { jsonSchema, tool as defineTool, type ModelMessage, type ToolResultPart, type ToolSet } from "ai";
import type { Agent, AgentDeps, AgentOutcome, EngineSettings } from "../types";
import type { Task } from "../../datasets/types";
import type { Tool } from "../../tools/types";
import { Trace } from "../trace";
import { modelTurn } from "../model-turn";
import { ITERATION_LIMIT_MESSAGE } from "../../core/v1-error-wording";
import { abortError } from "../run-errors";
import { execute2026, raised } from "./execute";
import { runReact2026 } from "./react";
import { harness2026Of, stepLimitOf } from "../required-deps";
import {
  formatCall2026, PROVIDER_OPTIONS_2026, orderTools2026, parametersSchema2026, recordedInput2026, sanitizeToolName2026, systemPrompt2026, toolDescription2026, toolNotFound2026,
} from "./harness";
import { pythonStr } from "../../calls";
import { finishWithConfidence } from "../confidence";

interface OfferedTools {
  /** In the harness's order. */
  readonly tools: readonly Tool[];
  readonly toolSet: ToolSet;
  /** Sanitized name → the tool (agent.py original_by_sanitized). */
  readonly bySanitized: ReadonlyMap<string, Tool>;
}

function offer(tools: readonly Tool[], engine: EngineSettings): OfferedTools {
  const bySanitized = new Map<string, Tool>();
  for (const tool of tools) {
    const name = sanitizeToolName2026(tool.name);
    if (bySanitized.has(name)) throw new Error(`Tool name collision after sanitization: '${tool.name}' → '${name}'`);
    bySanitized.set(name, tool);
  }
  // No validation by the SDK: the harness passes whatever object the model sent, in its key order.
  const toolSet = Object.fromEntries(
    [...bySanitized].map(([name, tool]) => [name, defineTool({ description: toolDescription2026(tool, engine), inputSchema: jsonSchema(parametersSchema2026(tool, engine)) })]),
  );
  return { tools, toolSet, bySanitized };
}

export const workbench2026Agent: Agent = {
  kind: "workbench-2026",
  run(task: Task, deps: AgentDeps): Promise<AgentOutcome> {
    return harness2026Of(deps).structuredOutputs ? runStructured(task, deps) : runReact2026(task, deps);
  },
};

/**
 * One native call as agent.py handles it: recorded as a call whatever happens; an unknown tool gets
 * the list of tools; a known one runs with str() values (no arguments for a non-object input). A
 * failed outcome is an exception in the original: the caller ends the task.
 */
async function answerCall(
  deps: AgentDeps,
  trace: Trace,
  offered: OfferedTools,
  call: { readonly toolName: string; readonly input: unknown },
): Promise<{ readonly ok: true; readonly observation: string } | { readonly ok: false; readonly message: string }> {
  const sanitized = sanitizeToolName2026(call.toolName);
  const tool = offered.bySanitized.get(sanitized);
  const input = recordedInput2026(call.input);
  const name = tool?.name ?? sanitized;
  const raw = formatCall2026(name, input);
  trace.addCall(raw);
  if (!tool) {
    const observation = toolNotFound2026(name, offered.tools);
    await trace.record({ kind: "tool", tool: name, args: input, call: raw, observation, ok: false, diff: [] });
    return { ok: true, observation };
  }
  const args = input === call.input ? Object.fromEntries(Object.entries(input).map(([key, value]) => [key, pythonStr(value)])) : {};
  const outcome = await execute2026(deps, trace, tool, args, input, raw);
  return outcome.ok ? { ok: true, observation: outcome.observation } : { ok: false, message: outcome.message };
}

/** agent.py run_agent_structured. */
async function runStructured(task: Task, deps: AgentDeps): Promise<AgentOutcome> {
  const trace = new Trace(deps.sink);
  const { toolSelection, actWithoutConfirmation, timeLimitMs } = harness2026Of(deps);
  const offered = offer(orderTools2026(deps.tools, task.toolkits, toolSelection), deps.engine);
  const system = systemPrompt2026(actWithoutConfirmation);
  const messages: ModelMessage[] = [{ role: "user", content: task.text }];
  const started = performance.now();
  const maxSteps = stepLimitOf(deps);
  for (let step = 0; step < maxSteps; step++) {
    if (deps.signal.aborted) return trace.fail(abortError(deps.signal));
    // agent.py: the time limit is checked before each call (a call in flight is never cut short).
    if (performance.now() - started > timeLimitMs) return trace.fail({ kind: "timeout", message: ITERATION_LIMIT_MESSAGE });
    const turn = await modelTurn(deps, trace, { system, messages, tools: offered.toolSet, providerOptions: PROVIDER_OPTIONS_2026 });
    if (!turn.ok) return turn.error.kind === "timeout" || turn.error.kind === "cancelled" ? trace.fail(turn.error) : raised(trace, turn.error);
    const { content, text } = turn.result;
    const toolCalls = content.flatMap((part) => (part.type === "tool-call" ? [part] : []));
    if (toolCalls.length === 0) {
      const finalTurn = turn.result.response.messages;
      return finishWithConfidence(deps, trace, text, () => ({ system, messages: [...messages, ...finalTurn], tools: offered.toolSet, providerOptions: PROVIDER_OPTIONS_2026 }));
    }
    const malformed = toolCalls.find((call) => call.invalid === true && typeof call.input === "string");
    if (malformed) {
      const detail = malformed.invalid === true && malformed.error instanceof Error ? malformed.error.message : "not JSON";
      return raised(trace, { kind: "format", message: `Could not parse the arguments of ${malformed.toolName}: ${detail}` });
    }
    messages.push({
      role: "assistant",
      content: [
        ...(text ? [{ type: "text" as const, text }] : []),
        // agent.py puts the sanitized name back into the history.
        ...toolCalls.map((call) => ({ type: "tool-call" as const, toolCallId: call.toolCallId, toolName: sanitizeToolName2026(call.toolName), input: call.input })),
      ],
    });
    const results: ToolResultPart[] = [];
    for (const call of toolCalls) {
      const answer = await answerCall(deps, trace, offered, call);
      if (!answer.ok) return raised(trace, { kind: "tool_error", message: answer.message });
      results.push({ type: "tool-result", toolCallId: call.toolCallId, toolName: sanitizeToolName2026(call.toolName), output: { type: "text", value: answer.observation } });
    }
    messages.push({ role: "tool", content: results });
  }
  return trace.fail({ kind: "iteration_limit", message: ITERATION_LIMIT_MESSAGE });
}
