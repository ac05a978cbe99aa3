// The one tool-call pipeline for native tool calls, whoever makes them: the built-in `tools` agent and an
// external agent over MCP (lib/external-runs/session-tools.ts). A call goes through the same four steps:
//   1. name mapping: the provider-safe name back to the dotted tool name;
//   2. argument validation, once: the tool must be offered and the input must pass its strict schema;
//   3. execution on the sandbox, with the state diff;
//   4. step recording: a valid call as a tool step, a rejected one as a failed step that never ran
//      (with readable arguments it is still one of the predicted calls; the replay skips it).
// The workbench-2026 harness keeps its own loop (upstream ends a task where a call raises) and shares
// step 3 and 4 through executeRecorded.
import type { Task } from "../datasets/types";
import type { ToolSet } from "../tools/tool-set";
import type { Tool } from "../tools/types";
import { toolInputError } from "../tools/input-schema";
import type { AgentDeps } from "./types";
import type { Trace } from "./trace";
import { fromProviderToolName } from "./tool-names";
import { recordInvalidCall } from "./invalid-call";
import { protocolOf, runToolCall } from "./run-tool";

export interface NativeToolCall {
  /** The name as the model or the MCP client sent it (provider-safe, e.g. `calendar__create_event`). */
  readonly name: string;
  /** The arguments as received (an object when well formed; absent means none, as MCP clients may send). */
  readonly input: unknown;
  /** Why the caller already knows the call is unusable (the SDK could not parse its JSON). */
  readonly invalid?: unknown;
}

export interface ToolCallResult {
  /** What the caller is told (the tool's observation, or why the call was refused). */
  readonly observation: string;
  /** The tool ran and did not raise. */
  readonly ok: boolean;
  /** The call was refused before running (unknown tool, arguments failing the schema, malformed JSON). */
  readonly rejected: boolean;
  /** Refused because the name is not one of the offered tools (MCP answers that as a protocol error). */
  readonly unknownTool: boolean;
}

/** Runs one native tool call through the pipeline; `deps.tools` are the tools offered for this task. */
export async function callTool(deps: AgentDeps, trace: Trace, call: NativeToolCall): Promise<ToolCallResult> {
  const dotted = fromProviderToolName(call.name);
  const tool = deps.tools.find((candidate) => candidate.name === dotted);
  const rejection = call.invalid ?? validationError(tool, dotted, call.input ?? {});
  if (rejection !== undefined) {
    const observation = await recordInvalidCall(trace, dotted, call.input, rejection, protocolOf(deps).formatCall);
    return { observation, ok: false, rejected: true, unknownTool: !tool };
  }
  const run = await runToolCall(deps, trace, dotted, stringArgs(call.input));
  return { observation: run.observation, ok: run.ok, rejected: false, unknownTool: false };
}

/** Why a call cannot run: the tool is not offered, or the input fails its strict schema (unknown or non-string keyword). */
function validationError(tool: Tool | undefined, name: string, input: unknown): Error | undefined {
  if (!tool) return new Error(`Model tried to call unavailable tool '${name}'.`);
  return toolInputError(tool, input);
}

/** Validated input, in the sender's key order (the call string keeps it; exact match compares): its string values. */
function stringArgs(input: unknown): Record<string, string> {
  const args: Record<string, string> = {};
  if (typeof input !== "object" || input === null) return args;
  for (const [key, value] of Object.entries(input)) if (typeof value === "string") args[key] = value;
  return args;
}

/** The tools a task is offered under a run's tool set: all of the protocol's, or its toolkits' (the paper's "domains"). */
export function toolsForTask(tools: ToolSet, toolSet: "all" | "domains", task: Pick<Task, "toolkits"> | undefined): readonly Tool[] {
  return toolSet === "all" || !task ? tools.all : tools.forToolkits(task.toolkits);
}
