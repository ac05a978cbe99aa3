// The 2026 harness with structured_outputs off: upstream agent.py run_agent (5b76dee). A text ReAct
// loop with no stop sequence: the human message is the task + "\n\nThought:" + the scratchpad; a
// reply's JSON blob is read by parse_action; a blob that is not valid JSON is answered with a retry
// instruction as the observation (no call made) and the loop goes on; text without any blob is the
// final answer. Non-object action input reaches the tool as one positional str().
import type { ModelMessage } from "ai";
import type { AgentDeps, AgentOutcome, EngineSettings } from "../types";
import type { Task } from "../../datasets/types";
import type { Tool } from "../../tools/types";
import { Trace } from "../trace";
import { modelTurn } from "../model-turn";
import { ITERATION_LIMIT_MESSAGE } from "../../core/v1-error-wording";
import { abortError } from "../run-errors";
import { harness2026Of, stepLimitOf } from "../required-deps";
import { FORMAT_INSTRUCTIONS, SUFFIX_REMINDER } from "../react-prompt";
import { upstreamTool2026 } from "./docstrings";
import { renderToolDescription2026 } from "./tool-schema";
import {
  ACT_WITHOUT_CONFIRMATION_SUFFIX, DATETIME_PREFIX_2026, formatCall2026, PROVIDER_OPTIONS_2026, orderTools2026, recordedInput2026, toolNotFound2026,
} from "./harness";
import { execute2026, raised } from "./execute";
import { pythonStr } from "../../calls";
import { errorMessage } from "../../core/errors";
import { finishWithConfidence } from "../confidence";

const PREFIX = "Respond to the human as helpfully and accurately as possible. You have access to the following tools:";
const FINAL_ANSWER = "Final Answer";

/** tool.py render_tool_description of the tool's upstream definition (read from the official source). */
function describeTool2026(tool: Tool, engine: EngineSettings): string {
  return renderToolDescription2026(upstreamTool2026(tool.name, engine.dataDir));
}

/** agent.py build_system_prompt: the date prefix directly followed by the LangChain-style template. */
export function buildSystemPrompt2026React(tools: readonly Tool[], actWithoutConfirmation: boolean, engine: EngineSettings): string {
  const names = tools.map((tool) => `"${tool.name}"`).join(", ");
  const suffix = actWithoutConfirmation ? SUFFIX_REMINDER + ACT_WITHOUT_CONFIRMATION_SUFFIX : SUFFIX_REMINDER;
  return DATETIME_PREFIX_2026 + [PREFIX, tools.map((tool) => describeTool2026(tool, engine)).join("\n"), FORMAT_INSTRUCTIONS.replace("{tool_names}", names), suffix].join("\n\n");
}

export type Action2026 =
  | { readonly kind: "final"; readonly output: string }
  | { readonly kind: "parse-error"; readonly observation: string }
  | { readonly kind: "action"; readonly action: unknown; readonly input: unknown };

/** agent.py parse_action: the first ``` block, else a brace-balanced {"action": …} object, else final. */
export function parseAction2026(text: string): Action2026 {
  const fenced = /```(?:json)?\s*\n?([\s\S]*?)\n?\s*```/.exec(text);
  let raw: string;
  if (fenced) raw = (fenced[1] ?? "").trim();
  else {
    const start = text.search(/\{\s*"action"\s*:/);
    if (start < 0) return { kind: "final", output: text.trim() };
    raw = text.slice(start, balancedEnd(text, start));
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (error) {
    const reason = errorMessage(error);
    return { kind: "parse-error", observation: `Could not parse your action as JSON (${reason}). Respond with a single JSON object with "action" and "action_input" keys.` };
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    return { kind: "parse-error", observation: 'Your action must be a JSON object with "action" and "action_input" keys.' };
  }
  const { action = FINAL_ANSWER, action_input: input = "" } = parsed as { action?: unknown; action_input?: unknown };
  if (action === FINAL_ANSWER) return { kind: "final", output: typeof input === "string" ? input : JSON.stringify(input) };
  return { kind: "action", action, input };
}

/** Where the object starting at `start` closes (counting braces, as agent.py does); `start` if never. */
function balancedEnd(text: string, start: number): number {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    if (text[i] === "{") depth += 1;
    else if (text[i] === "}" && --depth === 0) return i + 1;
  }
  return start;
}

export async function runReact2026(task: Task, deps: AgentDeps): Promise<AgentOutcome> {
  const trace = new Trace(deps.sink);
  const { toolSelection, actWithoutConfirmation, timeLimitMs } = harness2026Of(deps);
  const tools = orderTools2026(deps.tools, task.toolkits, toolSelection);
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const system = buildSystemPrompt2026React(tools, actWithoutConfirmation, deps.engine);
  let scratchpad = "";
  const started = performance.now();
  const maxSteps = stepLimitOf(deps);
  for (let step = 0; step < maxSteps; step++) {
    if (deps.signal.aborted) return trace.fail(abortError(deps.signal));
    // agent.py: the time limit is checked before each call (a call in flight is never cut short).
    if (performance.now() - started > timeLimitMs) return trace.fail({ kind: "timeout", message: ITERATION_LIMIT_MESSAGE });
    const human: ModelMessage = { role: "user", content: `${task.text}\n\nThought:${scratchpad}` };
    const turn = await modelTurn(deps, trace, { system, messages: [human], providerOptions: PROVIDER_OPTIONS_2026 });
    if (!turn.ok) return turn.error.kind === "timeout" || turn.error.kind === "cancelled" ? trace.fail(turn.error) : raised(trace, turn.error);
    const reply = turn.result.text;
    const action = parseAction2026(reply);
    if (action.kind === "final") {
      const finalTurn = turn.result.response.messages;
      return finishWithConfidence(deps, trace, action.output, () => ({ system, messages: [human, ...finalTurn], providerOptions: PROVIDER_OPTIONS_2026 }));
    }
    let observation: string;
    if (action.kind === "parse-error") {
      observation = action.observation;
    } else {
      const name = pythonStr(action.action);
      const tool = byName.get(name);
      const recorded = recordedInput2026(action.input);
      const raw = formatCall2026(name, recorded);
      trace.addCall(raw);
      if (!tool) {
        observation = toolNotFound2026(name, tools);
        await trace.record({ kind: "tool", tool: name, args: recorded, call: raw, observation, ok: false, diff: [] });
      } else {
        // A non-object input is one positional argument: str(input) for the first parameter.
        const args = recorded === action.input ? stringValues(recorded) : positional(tool, pythonStr(action.input));
        const outcome = await execute2026(deps, trace, tool, args, recorded, raw);
        if (!outcome.ok) return raised(trace, { kind: "tool_error", message: outcome.message });
        observation = outcome.observation;
      }
    }
    scratchpad += `${reply}\nObservation: ${observation}\nThought:`;
  }
  return trace.fail({ kind: "iteration_limit", message: ITERATION_LIMIT_MESSAGE });
}

function stringValues(input: Readonly<Record<string, unknown>>): Record<string, string> {
  return Object.fromEntries(Object.entries(input).map(([key, value]) => [key, pythonStr(value)]));
}

function positional(tool: Tool, value: string): Record<string, string> {
  const first = tool.parameters[0];
  return first ? { [first]: value } : {};
}
