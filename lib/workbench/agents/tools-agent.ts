// Native tool calling (our own agent). The loop is ours, one generateText per model turn, so each
// turn and each tool call is recorded as it happens. Malformed tool-call JSON and arguments that fail a
// tool's schema come back to the model as error results; the run continues. The SDK is given the JSON
// Schema only and the arguments are validated here: the SDK's zod pass would rebuild the object in the
// schema's key order, and the call string must keep the order the model sent (exact match compares them).
import { tool as defineTool, jsonSchema, zodSchema, type ModelMessage, type ToolResultPart, type ToolSet } from "ai";
import type { Agent, AgentDeps, AgentOutcome } from "./types";
import type { Task } from "../datasets/types";
import type { Tool } from "../tools/types";
import { toolInputSchema } from "../tools/input-schema";
import { Trace } from "./trace";
import { modelTurn } from "./model-turn";
import { DATE_PREAMBLE } from "./react-prompt";
import { stepLimitOf } from "./required-deps";
import { toProviderToolName } from "./tool-names";
import { ITERATION_LIMIT_MESSAGE } from "../core/v1-error-wording";
import { abortError } from "./run-errors";
import { callTool } from "./tool-call";
import { finishWithConfidence } from "./confidence";

export const TOOLS_SYSTEM_PROMPT = `${DATE_PREAMBLE} Use the tools to complete the user's request, then reply with a short final answer.`;

const toolSets = new Map<string, ToolSet>();

/**
 * Provider-safe names; strict schemas so an unexpected argument fails as the Python call would.
 * Memoised per tool list: the AI SDK converts each schema to JSON Schema, and a run asks for the same
 * few tool sets hundreds of times.
 */
export function buildToolSet(tools: readonly Tool[]): ToolSet {
  const key = tools.map((tool) => tool.name).join(",");
  let toolSet = toolSets.get(key);
  if (!toolSet) {
    toolSet = toolSetOf(tools);
    toolSets.set(key, toolSet);
  }
  return toolSet;
}

function toolSetOf(tools: readonly Tool[]): ToolSet {
  return Object.fromEntries(
    tools.map((tool) => [
      toProviderToolName(tool.name),
      // Converted once: a bare zod schema would be converted every turn. No validation by the SDK (see above).
      defineTool({ description: tool.description, inputSchema: jsonSchema(zodSchema(toolInputSchema(tool)).jsonSchema) }),
    ]),
  );
}

export const toolsAgent: Agent = {
  kind: "tools",
  async run(task: Task, deps: AgentDeps): Promise<AgentOutcome> {
    const trace = new Trace(deps.sink);
    const tools = buildToolSet(deps.tools);
    const messages: ModelMessage[] = [{ role: "user", content: task.text }];
    const maxSteps = stepLimitOf(deps);
    for (let step = 0; step < maxSteps; step++) {
      if (deps.signal.aborted) return trace.fail(abortError(deps.signal));
      const turn = await modelTurn(deps, trace, { system: TOOLS_SYSTEM_PROMPT, messages, tools });
      if (!turn.ok) return trace.fail(turn.error);
      const { content, text } = turn.result;
      const toolCalls = content.flatMap((part) => (part.type === "tool-call" ? [part] : []));
      if (toolCalls.length === 0) {
        const finalTurn = turn.result.response.messages;
        return finishWithConfidence(deps, trace, text, () => ({ system: TOOLS_SYSTEM_PROMPT, messages: [...messages, ...finalTurn], tools }));
      }
      messages.push({
        role: "assistant",
        content: [
          ...(text ? [{ type: "text" as const, text }] : []),
          // Providers such as Anthropic reject a non-object tool input in the history; the error result explains it.
          ...toolCalls.map((call) => ({ type: "tool-call" as const, toolCallId: call.toolCallId, toolName: call.toolName, input: asObject(call.input) })),
        ],
      });
      const results: ToolResultPart[] = [];
      for (const call of toolCalls) {
        const done = await callTool(deps, trace, { name: call.toolName, input: call.input, invalid: call.invalid === true ? call.error : undefined });
        const output = done.rejected ? { type: "error-text" as const, value: done.observation } : { type: "text" as const, value: done.observation };
        results.push({ type: "tool-result", toolCallId: call.toolCallId, toolName: call.toolName, output });
      }
      messages.push({ role: "tool", content: results });
    }
    return trace.fail({ kind: "iteration_limit", message: ITERATION_LIMIT_MESSAGE });
  },
};

function asObject(input: unknown): object {
  return typeof input === "object" && input !== null && !Array.isArray(input) ? input : {};
}
