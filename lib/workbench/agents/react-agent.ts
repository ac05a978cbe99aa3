// The paper's agent: LangChain structured-chat ReAct, one generateText per step with the whole
// scratchpad rebuilt into the human message, stop sequence "Observation:", at most the run's maxSteps model steps (the paper's: 20).
import type { Agent, AgentDeps, AgentOutcome } from "./types";
import type { Task } from "../datasets/types";
import { Trace } from "./trace";
import { modelTurn } from "./model-turn";
import { runToolCall } from "./run-tool";
import { pythonStr } from "../calls";
import { parseReactReply } from "./react-parser";
import { buildReactHumanMessage, buildReactSystemPrompt, type ScratchpadEntry } from "./react-prompt";
import { ITERATION_LIMIT_MESSAGE } from "../core/v1-error-wording";
import { abortError } from "./run-errors";
import { stepLimitOf } from "./required-deps";
import { finishWithConfidence } from "./confidence";

const STOP = "Observation:";

export const reactAgent: Agent = {
  kind: "react",
  async run(task: Task, deps: AgentDeps): Promise<AgentOutcome> {
    const trace = new Trace(deps.sink);
    const system = buildReactSystemPrompt(deps.tools);
    const scratchpad: ScratchpadEntry[] = [];
    const maxSteps = stepLimitOf(deps);
    for (let step = 0; step < maxSteps; step++) {
      if (deps.signal.aborted) return trace.fail(abortError(deps.signal));
      const content = buildReactHumanMessage(task.text, scratchpad);
      const turn = await modelTurn(deps, trace, { system, messages: [{ role: "user", content }], stopSequences: [STOP] });
      if (!turn.ok) return trace.fail(turn.error);
      // Models whose API takes no `stop` (OpenAI's reasoning models) and providers that ignore it run on
      // into an invented observation: cut the reply here exactly where the stop sequence would have.
      const log = turn.result.text.split(STOP)[0] ?? "";
      const reply = parseReactReply(log);
      switch (reply.kind) {
        case "final": {
          const finalTurn = turn.result.response.messages;
          return finishWithConfidence(deps, trace, reply.answer, () => ({ system, messages: [{ role: "user", content }, ...finalTurn] }));
        }
        case "invalid":
          return trace.fail({ kind: "format", message: reply.message });
        case "no-action":
          await trace.record({ kind: "error", errorKind: "format", message: "Reply without an Action blob: no action performed" });
          return trace.outcome(null, reply.text);
        case "action": {
          const observation = await act(deps, trace, reply.tool, reply.input);
          scratchpad.push({ log, observation });
          break;
        }
        default: {
          const unknown: never = reply;
          throw new Error(`Unhandled reply ${JSON.stringify(unknown)}`);
        }
      }
    }
    return trace.fail({ kind: "iteration_limit", message: ITERATION_LIMIT_MESSAGE });
  },
};

/**
 * Runs one Action. The call string records every value str()'d (None → "None"), as the original did;
 * the live tool sees null values as not provided, as the Python tool saw None.
 */
async function act(deps: AgentDeps, trace: Trace, tool: string, input: unknown): Promise<string> {
  const offered = deps.tools.find((candidate) => candidate.name === tool);
  const { recorded, live } = actionArguments(input, offered?.parameters[0]);
  const invalidTool = offered
    ? undefined
    : `${tool} is not a valid tool, try one of [${deps.tools.map((candidate) => candidate.name).join(", ")}].`;
  const run = await runToolCall(deps, trace, tool, live, invalidTool, recorded);
  return run.observation;
}

/** A string (or other non-object) action_input goes to the tool's first argument, as LangChain does. */
export function actionArguments(input: unknown, firstParameter: string | undefined) {
  const entries: [string, unknown][] =
    typeof input === "object" && input !== null && !Array.isArray(input)
      ? Object.entries(input)
      : firstParameter !== undefined
        ? [[firstParameter, input]]
        : [];
  const recorded: Record<string, string> = {};
  const live: Record<string, string> = {};
  for (const [key, value] of entries) {
    recorded[key] = pythonStr(value);
    if (value !== null && value !== undefined) live[key] = pythonStr(value);
  }
  return { recorded, live };
}
