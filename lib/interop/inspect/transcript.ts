// A result's stored steps as Inspect's transcript: the chat messages (system with the tools, the task
// as the user turn, each model turn as an assistant message carrying the tool calls it made, each
// call's result as a tool message) and the events (a `model` event per model turn, a `tool` event per
// call, a `store` event with JSON-patch changes after each call that changed the sandbox). Every step
// becomes exactly one model or tool event, or the sample's output (final) or error, so an import
// rebuilds the same steps (import-inspect.ts). A faulted call's tool event carries its fault in
// `metadata.fault`, so the import does not replay a call a fault stopped.
import type { ExportResult, ExportStep } from "../run-export";
import { storeChanges } from "./store-changes";
import { readInjectedFault, type InjectedFault } from "@/lib/workbench/tools/faults";
import { argumentsAsSent } from "@/lib/workbench/agents/tool-arguments";

export interface InspectToolInfo {
  readonly name: string;
  readonly description: string;
  readonly parameters: { readonly type: "object"; readonly properties: Record<string, { type: "string"; description: string; default: null }>; readonly required: string[] };
}

export interface InspectToolCall {
  readonly id: string;
  readonly function: string;
  readonly arguments: Record<string, unknown>;
  readonly type: "function";
}

export type InspectMessage =
  | { readonly role: "system"; readonly content: string }
  | { readonly role: "user"; readonly content: string }
  | { readonly role: "assistant"; readonly content: string; readonly tool_calls: InspectToolCall[] | null; readonly model: string | null }
  | { readonly role: "tool"; readonly content: string; readonly tool_call_id: string; readonly function: string; readonly error: { type: "unknown"; message: string } | null };

export interface InspectUsage {
  readonly input_tokens: number;
  readonly output_tokens: number;
  readonly total_tokens: number;
}

/** What a transcript needs besides the result: the model's name, the tools offered, the start time. */
export interface TranscriptContext {
  readonly model: string;
  readonly tools: readonly InspectToolInfo[];
  /** False for recorded runs: their model turns carry no token counts (null usage, not zeros). */
  readonly measuredUsage: boolean;
}

export interface Transcript {
  readonly messages: InspectMessage[];
  readonly events: Record<string, unknown>[];
  /** The final answer, when the agent gave one. */
  readonly completion: string | null;
  readonly totalSeconds: number;
}

const STOP_REASONS: Readonly<Record<string, string>> = { stop: "stop", "tool-calls": "tool_calls", tool_calls: "tool_calls", length: "max_tokens", "content-filter": "content_filter" };

export function usageOf(input: number, output: number): InspectUsage {
  return { input_tokens: input, output_tokens: output, total_tokens: input + output };
}

function systemPrompt(tools: readonly InspectToolInfo[]): string {
  return `You are a workplace assistant working in WorkBench's sandbox. Tools offered (${tools.length}): ${tools.map((tool) => tool.name).join(", ")}.`;
}

/** Model turns and the calls that followed each (a call with no model turn before it is its own group). */
function groupTurns(steps: readonly ExportStep[]): { model: ExportStep | null; tools: ExportStep[] }[] {
  const turns: { model: ExportStep | null; tools: ExportStep[] }[] = [];
  for (const step of steps) {
    if (step.kind === "model") turns.push({ model: step, tools: [] });
    else if (step.kind === "tool") {
      const last = turns.at(-1);
      if (last) last.tools.push(step);
      else turns.push({ model: null, tools: [step] });
    }
  }
  return turns;
}

export function buildTranscript(result: ExportResult, context: TranscriptContext): Transcript {
  const timestamp = (result.startedAt ?? result.finishedAt ?? new Date(0)).toISOString();
  const messages: InspectMessage[] = [{ role: "system", content: systemPrompt(context.tools) }, { role: "user", content: result.text }];
  const events: Record<string, unknown>[] = [];
  let clock = 0;
  let callIndex = 0;
  for (const turn of groupTurns(result.steps)) {
    const calls = turn.tools.map((tool): InspectToolCall => ({ id: `call_${callIndex++}`, function: tool.tool ?? "", arguments: argsOf(tool), type: "function" }));
    const assistant: InspectMessage = { role: "assistant", content: turn.model?.text ?? "", tool_calls: calls.length ? calls : null, model: context.model };
    if (turn.model) {
      const seconds = (turn.model.latencyMs ?? 0) / 1000;
      const usage = context.measuredUsage ? usageOf(turn.model.inputTokens ?? 0, turn.model.outputTokens ?? 0) : null;
      events.push({
        event: "model", timestamp, working_start: clock, working_time: seconds, model: context.model, input: [...messages],
        tools: context.tools, tool_choice: "auto", config: {}, retries: turn.model.retries ?? 0,
        output: { model: context.model, choices: [{ message: assistant, stop_reason: STOP_REASONS[turn.model.finishReason ?? ""] ?? "unknown" }], completion: assistant.content, usage, time: seconds },
        metadata: { finish_reason: turn.model.finishReason },
      });
      clock += seconds;
    }
    messages.push(assistant);
    turn.tools.forEach((tool, index) => {
      const call = calls[index] as InspectToolCall;
      const observation = tool.observation ?? "";
      const error = tool.ok === false ? { type: "unknown" as const, message: observation } : null;
      messages.push({ role: "tool", content: observation, tool_call_id: call.id, function: call.function, error });
      events.push({
        event: "tool", type: "function", timestamp, working_start: clock, id: call.id, function: call.function, arguments: call.arguments,
        result: observation, error, events: [], failed: tool.ok === false, metadata: { call: tool.call, ...faultMetadata(tool) },
      });
      const changes = storeChanges(tool.diff);
      if (changes.length > 0) events.push({ event: "store", timestamp, working_start: clock, changes, metadata: { tool_call_id: call.id } });
    });
  }
  const final = result.steps.find((step) => step.kind === "final");
  return { messages, events, completion: final ? (final.text ?? "") : null, totalSeconds: clock };
}

/** The fault the run injected into this call (`{ kind, ordinal }`), which the import restores; nothing on a clean call. */
function faultMetadata(step: ExportStep): { fault?: InjectedFault } {
  const fault = readInjectedFault(step.fault);
  return fault ? { fault } : {};
}

/** The call's arguments as the model sent them (JSON types kept), as Inspect's ToolCall holds them. */
function argsOf(step: ExportStep): Record<string, unknown> {
  return argumentsAsSent(step);
}
